package dev.apex.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.ElementNotFoundException;
import dev.apex.core.InvalidInputException;
import dev.apex.core.SceneElement;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AssertVisibleToolTest {

  private final ToolFixture f = new ToolFixture();
  private final AssertVisibleTool assertVisible = new AssertVisibleTool();

  @Test
  void observesAfreshAndReturnsTheElement() {
    // The latest scene is stale: Wi-Fi was off when the step was planned, and is on now.
    f.latest(TestScenes.wifiPage(false)).observes(TestScenes.wifiPage(true));

    Object out = f.run(assertVisible, Map.of("text", "Wi-Fi", "checked", true));

    assertThat(f.observations).isEqualTo(1);
    assertThat(out)
        .isInstanceOfSatisfying(
            SceneElement.class, e -> assertThat(e.id()).isEqualTo("wifi/switch"));
  }

  @Test
  void failsWhenTheElementIsThereButNotChecked() {
    f.observes(TestScenes.wifiPage(false));

    assertThatThrownBy(() -> f.run(assertVisible, Map.of("text", "Wi-Fi", "checked", true)))
        .isInstanceOfSatisfying(
            ElementNotFoundException.class,
            e -> assertThat(e.scene()).isEqualTo(TestScenes.wifiPage(false)))
        .hasMessageContaining("element wifi/switch matches but is not checked");
  }

  @Test
  void checkedFalseAssertsTheElementIsOff() {
    f.observes(TestScenes.wifiPage(false));

    Object out =
        f.run(
            assertVisible,
            Map.of("id", "android:id/switch_widget", "text", "Wi-Fi", "checked", false));

    assertThat(((SceneElement) out).id()).isEqualTo("wifi/switch");
  }

  @Test
  void failsWithTheSceneWhenTheTextIsAbsent() {
    f.observes(TestScenes.home());

    assertThatThrownBy(() -> f.run(assertVisible, Map.of("text", "Wi-Fi")))
        .isInstanceOf(ElementNotFoundException.class)
        .hasMessageContaining("on screen: Settings");
  }

  @Test
  void needsTextOrId() {
    assertThatThrownBy(() -> assertVisible.parse(Map.of("checked", true)))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("assert_visible: give 'element' and/or 'text'");
  }

  @Test
  void keepsLookingUntilTheElementAppearsWithinTheTimeout() {
    f.observes(TestScenes.home(), TestScenes.home(), TestScenes.wifiPage(true));

    Object out = f.run(assertVisible, Map.of("text", "Wi-Fi", "checked", true));

    assertThat(((SceneElement) out).id()).isEqualTo("wifi/switch");
    assertThat(f.observations).isEqualTo(3);
    assertThat(f.sleeper.sleeps()).containsExactly(Duration.ofMillis(250), Duration.ofMillis(250));
  }

  @Test
  void givesUpAtTheTimeoutWithTheLastScene() {
    f.observes(TestScenes.home());

    assertThatThrownBy(() -> f.run(assertVisible, Map.of("text", "Wi-Fi", "timeout_ms", 1000)))
        .isInstanceOfSatisfying(
            ElementNotFoundException.class,
            e -> assertThat(e.scene()).isEqualTo(TestScenes.home()));
    assertThat(f.sleeper.total()).isLessThan(Duration.ofMillis(1000));
    assertThat(f.observations).isEqualTo(4);
  }
}
