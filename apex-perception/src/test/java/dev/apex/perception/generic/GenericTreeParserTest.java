package dev.apex.perception.generic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.Bounds;
import dev.apex.core.ElementFlag;
import dev.apex.core.InvalidInputException;
import dev.apex.core.RawCapture;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.core.ScreenSize;
import dev.apex.core.TreeFormat;
import dev.apex.perception.OcrEngine;
import dev.apex.perception.Perceiver;
import dev.apex.perception.TreeParsers;
import dev.apex.perception.tree.UiNode;
import dev.apex.perception.tree.UiTree;
import dev.apex.testkit.PlatformSources;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The generic parser over synthetic sources in each driver's documented format. */
class GenericTreeParserTest {

  private static RawCapture capture(String xml, ScreenSize screen) {
    return new RawCapture(
        "t", TreeFormat.GENERIC_XML, xml.getBytes(StandardCharsets.UTF_8), null, screen);
  }

  private static UiTree parse(String xml, ScreenSize screen) {
    return TreeParsers.parse(capture(xml, screen));
  }

  private static UiNode byId(UiTree tree, String id) {
    return tree.nodes().stream()
        .filter(n -> n.resourceId().equals(id))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no node " + id + " in " + tree.nodes()));
  }

  @Test
  void windowsSourcesReadNameAutomationIdAndXYWidthHeightDespiteTheirUtf16Declaration() {
    UiTree tree = parse(PlatformSources.WINDOWS, new ScreenSize(800, 600, 1.0));

    UiNode submit = byId(tree, "submit");
    assertThat(submit.className()).isEqualTo("Button");
    assertThat(submit.text()).isEqualTo("Submit");
    assertThat(submit.bounds()).isEqualTo(new Bounds(40, 260, 240, 310));
    assertThat(submit.flags()).contains(ElementFlag.CLICKABLE);
    assertThat(byId(tree, "later").flags()).contains(ElementFlag.DISABLED);
    assertThat(byId(tree, "user").flags()).contains(ElementFlag.EDITABLE, ElementFlag.FOCUSED);
    assertThat(byId(tree, "pass").flags()).contains(ElementFlag.EDITABLE, ElementFlag.PASSWORD);
    assertThat(byId(tree, "ghost").visible()).as("IsOffscreen=True").isFalse();
    assertThat(byId(tree, "title").text()).isEqualTo("Welcome back");
  }

  @Test
  void mac2SourcesAreInPointsAndScaledToPixels() {
    UiTree tree = parse(PlatformSources.MAC2, new ScreenSize(2880, 1800, 2.0));

    UiNode submit = byId(tree, "submit");
    assertThat(submit.text()).as("the title").isEqualTo("Submit");
    assertThat(submit.bounds()).isEqualTo(new Bounds(240, 1200, 440, 1260));
    assertThat(submit.flags()).contains(ElementFlag.CLICKABLE);
    assertThat(byId(tree, "pin").flags()).contains(ElementFlag.CHECKABLE, ElementFlag.CHECKED);
    assertThat(byId(tree, "search").flags()).contains(ElementFlag.EDITABLE);
    assertThat(byId(tree, "search").text()).as("the label of an empty field").isEqualTo("Search");
    assertThat(tree.nodes()).anyMatch(n -> n.text().equals("All notes"));
  }

  @Test
  void tizenSourcesGiveLeftTopWidthHeight() {
    UiTree tree = parse(PlatformSources.TIZEN, new ScreenSize(1920, 1080, 1.0));

    UiNode submit = byId(tree, "submit");
    assertThat(submit.bounds()).isEqualTo(new Bounds(100, 900, 400, 1000));
    assertThat(submit.flags()).contains(ElementFlag.CLICKABLE, ElementFlag.FOCUSED);
    assertThat(byId(tree, "query").flags()).contains(ElementFlag.EDITABLE);
    assertThat(byId(tree, "gone").visible()).isFalse();
  }

  @Test
  void testDriverSourcesGiveBoundsOrARect() {
    UiTree tree = parse(PlatformSources.TEST_DRIVER, new ScreenSize(0, 0, 1.0));

    assertThat(byId(tree, "submit").bounds()).isEqualTo(new Bounds(50, 700, 350, 760));
    assertThat(byId(tree, "name").bounds()).isEqualTo(new Bounds(50, 100, 350, 140));
    assertThat(byId(tree, "name").text()).isEqualTo("Your name");
    assertThat(tree.width()).as("from the boxes, with no screen size given").isEqualTo(400);
  }

  @Test
  void rectanglesNamedLeftTopRightBottomAreReadAsSuch() {
    UiTree tree =
        parse(
            "<root><Pane Name=\"A\" BoundingRectangle=\"{l:10 t:20 r:110 b:70}\"/>"
                + "<Pane Name=\"B\" frame='{\"x\": 5, \"y\": 6, \"width\": 7, \"height\": 8}'/></root>",
            new ScreenSize(0, 0, 1.0));

    assertThat(tree.nodes().get(1).bounds()).isEqualTo(new Bounds(10, 20, 110, 70));
    assertThat(tree.nodes().get(2).bounds()).isEqualTo(new Bounds(5, 6, 12, 14));
  }

  @Test
  void theSceneListsTheVisibleControlsAndNotTheHiddenOnes() {
    Scene scene =
        new Perceiver(OcrEngine.NONE)
            .observe(capture(PlatformSources.WINDOWS, new ScreenSize(800, 600, 1.0)));

    assertThat(scene.elements()).extracting(SceneElement::text).contains("Submit", "Welcome back");
    assertThat(scene.elements()).extracting(SceneElement::text).doesNotContain("Hidden");
  }

  @Test
  void aSourceWithElementsButNoBoxesIsRefusedNotReadAsAnEmptyScreen() {
    assertThatThrownBy(
            () ->
                parse(
                    "<Window Name=\"A\"><Button Name=\"OK\"/></Window>", new ScreenSize(0, 0, 1.0)))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("2 element(s) but none gives a box")
        .hasMessageContaining("x/y/width/height");
  }
}
