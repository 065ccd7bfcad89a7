package dev.apex.tools;

import static dev.apex.tools.TestScenes.element;
import static dev.apex.tools.TestScenes.scene;
import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.Bounds;
import dev.apex.core.ElementFlag;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ElementLocatorTest {

  @Test
  void anElementIdWinsOverAResourceId() {
    Scene s =
        scene(
            element("x", "A", "b", new Bounds(0, 0, 10, 10)),
            element("b", "B", "", new Bounds(0, 20, 10, 30)));

    assertThat(ElementLocator.find(s, ElementQuery.byRef("b"))).map(SceneElement::id).contains("b");
    assertThat(ElementLocator.find(s, ElementQuery.byRef("nope"))).isEmpty();
  }

  @Test
  void textIgnoresSurroundingSpaces() {
    Scene s = scene(element("a", "  OK ", new Bounds(0, 0, 10, 10)));

    assertThat(ElementLocator.find(s, ElementQuery.byText("OK"))).isPresent();
  }

  @Test
  void elementsOffTheScreenNeverMatch() {
    Scene s =
        scene(
            element("gone", "OK", new Bounds(0, 2000, 100, 2100)),
            element("empty", "OK", Bounds.EMPTY));

    assertThat(ElementLocator.find(s, ElementQuery.byText("OK"))).isEmpty();
  }

  @Test
  void tapsTheVisiblePartOfAnElementHangingOffTheScreen() {
    Scene s = scene();
    SceneElement e = element("e", "", new Bounds(1000, 1800, 1200, 2000));

    assertThat(ElementLocator.tapPoint(s, e)).containsExactly(1040, 1860);
  }

  @Test
  void notFoundNamesTheFlagThatRuledTheElementOut() {
    Scene s = scene(element("sw", "Wi-Fi", new Bounds(0, 0, 10, 10), ElementFlag.CHECKED));
    ElementQuery q =
        new ElementQuery(null, "Wi-Fi", Map.of(ElementFlag.CHECKED, false))
            .with(ElementFlag.CHECKABLE, true);

    assertThat(ElementLocator.notFound(s, q).getMessage())
        .isEqualTo(
            "no element on screen matches text \"Wi-Fi\", checkable, not checked; element sw"
                + " matches but is not checkable and checked (check the step's text or id"
                + " against the screen)");
  }

  @Test
  void notFoundOnAnEmptyScreenSaysSo() {
    assertThat(ElementLocator.notFound(scene(), ElementQuery.byText("OK")).getMessage())
        .contains("the screen shows no text");
  }
}
