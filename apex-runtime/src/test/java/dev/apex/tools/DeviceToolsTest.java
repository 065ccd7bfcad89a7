package dev.apex.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.InvalidInputException;
import dev.apex.core.NonRetriableException;
import dev.apex.device.Key;
import dev.apex.perception.CompactEncoder;
import dev.apex.testkit.FakeDevice.LaunchApp;
import dev.apex.testkit.FakeDevice.PressKey;
import dev.apex.testkit.FakeDevice.Swipe;
import dev.apex.testkit.FakeDevice.TerminateApp;
import dev.apex.testkit.FakeDevice.TypeText;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** describe_screen, the app tools, type_text, swipe, press_key and wait against a FakeDevice. */
class DeviceToolsTest {

  private final ToolFixture f = new ToolFixture();

  @Test
  void describeScreenReturnsAFreshObservation() {
    f.latest(TestScenes.home()).observes(TestScenes.settingsMain());

    Object out = f.run(new DescribeScreenTool(), Map.of());

    assertThat(out).isInstanceOf(String.class);
    assertThat(out).isEqualTo(CompactEncoder.encode(TestScenes.settingsMain()));
    assertThat(out).isNotEqualTo(CompactEncoder.encode(TestScenes.home()));
    assertThat(f.observations).isEqualTo(1);
  }

  @Test
  void describeScreenWithFormatCompactIsTheDefaultEncoding() {
    f.observes(TestScenes.settingsMain());

    assertThat(f.run(new DescribeScreenTool(), Map.of("format", "compact")))
        .isEqualTo(CompactEncoder.encode(TestScenes.settingsMain()));
    assertThat(f.observations).isEqualTo(1);
  }

  @Test
  void describeScreenWithFormatJsonReturnsTheFreshScene() {
    f.latest(TestScenes.home()).observes(TestScenes.settingsMain());

    assertThat(f.run(new DescribeScreenTool(), Map.of("format", "json")))
        .isEqualTo(TestScenes.settingsMain());
    assertThat(f.observations).isEqualTo(1);
  }

  @Test
  void describeScreenRefusesAnUnknownFormatWithoutObserving() {
    f.observes(TestScenes.settingsMain());

    assertThatThrownBy(() -> f.run(new DescribeScreenTool(), Map.of("format", "html")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("describe_screen: argument 'format' must be one of compact, json, got 'html'");
    assertThat(f.observations).isZero();
  }

  @Test
  void launchAndTerminateTrackTheCurrentApp() {
    Object out = f.run(new AppTool.Launch(), Map.of("app_id", "com.android.settings"));
    assertThat(out).isEqualTo(Map.of("app_id", "com.android.settings"));
    assertThat(f.device.currentApp()).contains("com.android.settings");

    f.run(new AppTool.Terminate(), Map.of("bundle_id", "com.android.settings"));

    assertThat(f.device.currentApp()).isEmpty();
    assertThat(f.device.events())
        .containsExactly(
            new LaunchApp("com.android.settings"), new TerminateApp("com.android.settings"));
  }

  @Test
  void launchingAnUnknownAppFailsClearly() {
    assertThatThrownBy(() -> f.run(new AppTool.Launch(), Map.of("app_id", "com.nope")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("'com.nope' is not installed")
        .hasMessageContaining("com.android.settings");
  }

  @Test
  void appToolsNeedExactlyOneId() {
    AppTool launch = new AppTool.Launch();
    assertThatThrownBy(() -> launch.parse(Map.of()))
        .hasMessage("launch_app: give exactly one of 'app_id' or 'bundle_id'");
    assertThatThrownBy(() -> launch.parse(Map.of("app_id", "a", "bundle_id", "b")))
        .hasMessage("launch_app: give exactly one of 'app_id' or 'bundle_id'");
    assertThatThrownBy(() -> launch.parse(Map.of("app_id", " ")))
        .hasMessage("launch_app: argument 'app_id' must not be empty");
  }

  @Test
  void typeTextTypesButDoesNotEchoTheText() {
    Object out = f.run(new TypeTextTool(), Map.of("text", "hunter2"));

    assertThat(f.device.events()).containsExactly(new TypeText("hunter2"));
    assertThat(out).isEqualTo(Map.of("chars", 7));
    assertThatThrownBy(() -> new TypeTextTool().parse(Map.of("text", "")))
        .hasMessageContaining("must not be empty");
  }

  @Test
  void swipeBetweenPoints() {
    f.run(
        new SwipeTool(),
        Map.of("from_x", 1, "from_y", 2, "to_x", 3, "to_y", 4, "duration_ms", 100));

    assertThat(f.device.events()).containsExactly(new Swipe(1, 2, 3, 4, Duration.ofMillis(100)));
  }

  @Test
  void swipeUpMovesTheFingerUpTheMiddleOfTheScreen() {
    f.run(new SwipeTool(), Map.of("direction", "up"));
    f.run(new SwipeTool(), Map.of("direction", "DOWN"));

    Duration d = Duration.ofMillis(SwipeTool.DEFAULT_DURATION_MS);
    assertThat(f.device.events())
        .containsExactly(new Swipe(540, 1440, 540, 480, d), new Swipe(540, 480, 540, 1440, d));
  }

  @Test
  void swipeRejectsMixedOrPartialArguments() {
    SwipeTool swipe = new SwipeTool();
    assertThatThrownBy(() -> swipe.parse(Map.of("direction", "up", "from_x", 1)))
        .hasMessageContaining("either 'direction' or all of");
    assertThatThrownBy(() -> swipe.parse(Map.of("from_x", 1, "from_y", 1)))
        .hasMessageContaining("either 'direction' or all of");
    assertThatThrownBy(() -> swipe.parse(Map.of("direction", "sideways")))
        .hasMessage(
            "swipe: argument 'direction' must be one of up, down, left, right, got 'sideways'");
  }

  @Test
  void pressKeyPressesEachKnownKey() {
    for (String key : new String[] {"back", "home", "enter"}) {
      f.run(new PressKeyTool(), Map.of("key", key));
    }

    assertThat(f.device.events())
        .containsExactly(new PressKey(Key.BACK), new PressKey(Key.HOME), new PressKey(Key.ENTER));
    assertThatThrownBy(() -> new PressKeyTool().parse(Map.of("key", "menu")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("press_key: unknown key 'menu': use back, home or enter;");
  }

  @Test
  void waitSleepsThroughTheInjectedSleeper() {
    Object out = f.run(new WaitTool(), Map.of("ms", 500));

    assertThat(f.sleeper.sleeps()).containsExactly(Duration.ofMillis(500));
    assertThat(out).isEqualTo(Map.of("ms", 500));
    assertThatThrownBy(() -> new WaitTool().parse(Map.of("ms", -1)))
        .hasMessage("wait: 'ms' must be 0..600000, got -1");
  }

  @Test
  void anInterruptedWaitFailsAndKeepsTheInterruptFlag() {
    ToolContext ctx =
        new ToolContext(
            f.device,
            () -> null,
            TestScenes::home,
            f.clock,
            d -> {
              throw new InterruptedException();
            });
    try {
      assertThatThrownBy(() -> new WaitTool().execute(Duration.ofMillis(5), ctx))
          .isInstanceOf(NonRetriableException.class)
          .hasMessageContaining("interrupted");
      assertThat(Thread.currentThread().isInterrupted()).isTrue();
    } finally {
      Thread.interrupted();
    }
  }
}
