package dev.apex.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.Bounds;
import dev.apex.core.RawCapture;
import dev.apex.core.Scene;
import dev.apex.core.TaskStatus;
import dev.apex.core.TreeFormat;
import dev.apex.device.Key;
import dev.apex.runtime.flow.Flow;
import dev.apex.runtime.flow.FlowReplay;
import dev.apex.runtime.flow.FlowTest;
import dev.apex.testkit.FakeClock;
import dev.apex.testkit.FakeDevice;
import dev.apex.testkit.FakeDevice.LaunchApp;
import dev.apex.testkit.FakeDevice.PressKey;
import dev.apex.testkit.FakeDevice.Tap;
import dev.apex.testkit.RecordingSleeper;
import dev.apex.tools.TestScenes;
import dev.apex.tools.ToolRegistry;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The example flow, end to end, against a FakeDevice whose screens follow what was done to it: the
 * launcher, Settings, the Wi-Fi page with its switch. Perception is stood in for by naming each
 * screen in the capture's tree and mapping the name to a hand-built scene.
 */
class WifiFlowTest {

  private static final Bounds WIFI_ROW =
      TestScenes.settingsMain().element("settings/wifi").orElseThrow().bounds();

  private static final Map<String, Scene> SCENES =
      Map.of(
          "home", TestScenes.home(),
          "settings", TestScenes.settingsMain(),
          "wifi:off", TestScenes.wifiPage(false),
          "wifi:on", TestScenes.wifiPage(true));

  private final FakeDevice device = new FakeDevice().install("com.android.settings");

  /** Replays the device's events through a small model of Settings. */
  private RawCapture screen(FakeDevice.State state) {
    String page = "home";
    boolean wifi = false;
    for (FakeDevice.Event event : state.events()) {
      if (event instanceof LaunchApp) {
        page = "settings";
      } else if (event instanceof Tap t
          && page.equals("settings")
          && WIFI_ROW.contains(t.x(), t.y())) {
        page = "wifi";
      } else if (event instanceof Tap t
          && page.equals("wifi")
          && TestScenes.SWITCH.contains(t.x(), t.y())) {
        wifi = !wifi;
      } else if (event instanceof PressKey k && k.key() == Key.BACK) {
        page = page.equals("wifi") ? "settings" : "home";
      }
    }
    String name = page.equals("wifi") ? "wifi:" + (wifi ? "on" : "off") : page;
    byte[] bytes = name.getBytes(StandardCharsets.UTF_8);
    return new RawCapture(
        device.id(), TreeFormat.UIAUTOMATOR_XML, bytes, bytes, device.screenSize());
  }

  private Observation observe() {
    RawCapture capture = device.capture();
    String name = new String(capture.tree(), StandardCharsets.UTF_8);
    return new Observation(SCENES.get(name), capture.screenshot());
  }

  @Test
  void turnsWifiOn() throws Exception {
    device.screens(this::screen);
    Flow flow = Flow.load(FlowTest.example(), ToolRegistry.defaultRegistry());
    FakeClock clock = new FakeClock();
    RecordingListener listener = new RecordingListener();

    TaskOutcome outcome =
        TaskRunner.builder(
                device, this::observe, new FlowReplay(flow, ToolRegistry.defaultRegistry()))
            .clock(clock)
            .sleeper(new RecordingSleeper(clock))
            .listener(listener)
            .build()
            .run(flow.name());

    assertThat(outcome.status()).as(outcome.reason()).isEqualTo(TaskStatus.SUCCEEDED);
    assertThat(device.events())
        .containsExactly(
            new LaunchApp("com.android.settings"),
            new Tap(WIFI_ROW.centerX(), WIFI_ROW.centerY()),
            new Tap(TestScenes.SWITCH.centerX(), TestScenes.SWITCH.centerY()),
            new PressKey(Key.BACK));
    assertThat(listener.records)
        .extracting(r -> new String(r.screenshot(), StandardCharsets.UTF_8))
        .containsExactly("home", "settings", "wifi:off", "wifi:on", "wifi:on");
    assertThat(listener.records.get(3).result().output())
        .isEqualTo(TestScenes.wifiPage(true).element("wifi/switch").orElseThrow());
    assertThat(device.currentApp()).contains("com.android.settings");
    // The screen the planner saw when it said the goal was reached is the last step's "after":
    // recorded once, before the end.
    assertThat(listener.finals).hasSize(1);
    assertThat(listener.finals.get(0).afterStep()).isEqualTo(5);
    assertThat(new String(listener.finals.get(0).screenshot(), StandardCharsets.UTF_8))
        .isEqualTo("settings");
  }

  @Test
  void aFailedStepIsFollowedByOneMoreObservationOfTheScreenItLeft() throws Exception {
    device.screens(
        state -> state.events().isEmpty() ? screenNamed("settings") : screenNamed("wifi:off"));
    Flow flow = Flow.load(FlowTest.example(), ToolRegistry.defaultRegistry());
    FakeClock clock = new FakeClock();
    RecordingListener listener = new RecordingListener();

    TaskOutcome outcome =
        TaskRunner.builder(
                device, this::observe, new FlowReplay(flow, ToolRegistry.defaultRegistry()))
            .clock(clock)
            .sleeper(new RecordingSleeper(clock))
            .listener(listener)
            .build()
            .run(flow.name());

    assertThat(outcome.status()).isEqualTo(TaskStatus.FAILED);
    assertThat(listener.records).hasSize(4);
    assertThat(listener.finals).hasSize(1);
    assertThat(listener.finals.get(0).afterStep()).isEqualTo(4);
    assertThat(listener.finals.get(0).scene()).isEqualTo(TestScenes.wifiPage(false));
  }

  @Test
  void failsAtTheAssertionWhenTheSwitchDoesNotToggle() throws Exception {
    // A screen that never leaves "Wi-Fi off": the tap lands but nothing changes.
    device.screens(
        state -> state.events().isEmpty() ? screenNamed("settings") : screenNamed("wifi:off"));
    Flow flow = Flow.load(FlowTest.example(), ToolRegistry.defaultRegistry());
    FakeClock clock = new FakeClock();

    TaskOutcome outcome =
        TaskRunner.builder(
                device, this::observe, new FlowReplay(flow, ToolRegistry.defaultRegistry()))
            .clock(clock)
            .sleeper(new RecordingSleeper(clock))
            .build()
            .run(flow.name());

    assertThat(outcome.status()).isEqualTo(TaskStatus.FAILED);
    assertThat(outcome.reason())
        .startsWith("step 4 (assert_visible) failed after 1 attempt(s): no element on screen")
        .contains("element wifi/switch matches but is not checked");
  }

  private RawCapture screenNamed(String name) {
    byte[] bytes = name.getBytes(StandardCharsets.UTF_8);
    return new RawCapture(
        device.id(), TreeFormat.UIAUTOMATOR_XML, bytes, null, device.screenSize());
  }
}
