package dev.apex.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.ElementNotFoundException;
import dev.apex.core.InvalidInputException;
import dev.apex.testkit.FakeDevice.Tap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TapToolTest {

  private final ToolFixture f = new ToolFixture();

  /** These tests are about finding the element; {@link TapSettleTest} covers waiting for it. */
  private final TapTool tap = new TapTool();

  @Test
  void tapsTheCentreOfTheElementNamedById() {
    f.latest(TestScenes.settingsMain());

    Object out = f.run(tap, Map.of("element", "settings/bt"));

    assertThat(f.device.events()).containsExactly(new Tap(540, 470));
    assertThat(out).isEqualTo(Map.of("x", 540, "y", 470, "element", "settings/bt"));
    assertThat(f.observations).isZero();
  }

  @Test
  void findsAnElementByResourceIdWhenNoElementIdMatches() {
    f.latest(TestScenes.wifiPage(false));

    f.run(tap, Map.of("element", "android:id/switch_widget"));

    assertThat(f.device.events())
        .containsExactly(new Tap(TestScenes.SWITCH.centerX(), TestScenes.SWITCH.centerY()));
  }

  @Test
  void prefersExactTextThenMatchesIgnoringCase() {
    f.latest(
        TestScenes.scene(
            TestScenes.element("a", "WI-FI", new dev.apex.core.Bounds(0, 0, 100, 100)),
            TestScenes.element("b", "Wi-Fi", new dev.apex.core.Bounds(0, 200, 100, 300))));

    f.run(tap, Map.of("text", "Wi-Fi"));
    f.run(tap, Map.of("text", "wi-fi"));

    assertThat(f.device.events(Tap.class)).containsExactly(new Tap(50, 250), new Tap(50, 50));
  }

  @Test
  void flagsRefineWhichElementIsTapped() {
    f.latest(TestScenes.wifiPage(false));

    Object out = f.run(tap, Map.of("text", "Wi-Fi", "checkable", true));

    assertThat(out).extracting(o -> ((Map<?, ?>) o).get("element")).isEqualTo("wifi/switch");
  }

  @Test
  void looksAgainOnAFreshObservationWhenTheLatestSceneLacksTheElement() {
    f.latest(TestScenes.home()).observes(TestScenes.settingsMain());

    f.run(tap, Map.of("text", "Bluetooth"));

    assertThat(f.observations).isEqualTo(1);
    assertThat(f.device.events()).containsExactly(new Tap(540, 470));
  }

  @Test
  void failsWithTheFreshSceneWhenTheElementIsNowhere() {
    f.latest(TestScenes.home()).observes(TestScenes.settingsMain());

    assertThatThrownBy(() -> f.run(tap, Map.of("text", "Airplane mode")))
        .isInstanceOfSatisfying(
            ElementNotFoundException.class,
            e -> assertThat(e.scene()).isEqualTo(TestScenes.settingsMain()))
        .hasMessageContaining("text \"Airplane mode\"")
        .hasMessageContaining("on screen: Settings, Wi-Fi, Bluetooth");
    assertThat(f.device.events()).isEmpty();
  }

  @Test
  void neverTapsAnOffScreenElement() {
    f.latest(TestScenes.wifiPage(false)).observes(TestScenes.wifiPage(false));

    assertThatThrownBy(() -> f.run(tap, Map.of("element", "wifi/hidden")))
        .isInstanceOf(ElementNotFoundException.class);
  }

  @Test
  void tapsAPointInPixels() {
    Object out = f.run(tap, Map.of("x", 10, "y", 20));

    assertThat(f.device.events()).containsExactly(new Tap(10, 20));
    assertThat(out).isEqualTo(Map.of("x", 10, "y", 20));
  }

  @Test
  void rejectsArgumentsThatNameNoSingleTarget() {
    assertThatThrownBy(() -> tap.parse(Map.of()))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("give 'element' or 'text'");
    assertThatThrownBy(() -> tap.parse(Map.of("text", "OK", "x", 1, "y", 2)))
        .hasMessageContaining("not both");
    assertThatThrownBy(() -> tap.parse(Map.of("x", 1)))
        .hasMessageContaining("needs both 'x' and 'y'");
    assertThatThrownBy(() -> tap.parse(Map.of("x", -1, "y", 2))).hasMessageContaining(">= 0");
    assertThatThrownBy(() -> tap.parse(Map.of("text", "OK", "checked", "yes")))
        .hasMessageContaining("'checked' must be a boolean");
  }
}
