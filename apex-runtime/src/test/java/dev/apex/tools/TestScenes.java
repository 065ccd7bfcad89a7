package dev.apex.tools;

import dev.apex.core.Bounds;
import dev.apex.core.ElementFlag;
import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.core.Source;
import dev.apex.device.Device;
import dev.apex.testkit.FakeClock;
import dev.apex.testkit.RecordingSleeper;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Scenes built by hand for tests: a 1080x1920 screen and tree elements. */
public final class TestScenes {

  public static final int WIDTH = 1080;
  public static final int HEIGHT = 1920;

  /** The Wi-Fi row's switch; tapping inside it toggles Wi-Fi in {@link #wifiPage}. */
  public static final Bounds SWITCH = new Bounds(900, 300, 1040, 380);

  private TestScenes() {}

  /**
   * Runs {@code tool} once on {@code device} with {@code args}, parsed as a planned step is, over
   * the Settings main screen ({@link #settingsMain}), with a fake clock and no real sleep.
   */
  public static Object runOnSettings(Device device, Tool<?> tool, Map<String, Object> args) {
    FakeClock clock = new FakeClock();
    ToolContext ctx =
        new ToolContext(
            device,
            TestScenes::settingsMain,
            TestScenes::settingsMain,
            clock,
            new RecordingSleeper(clock),
            Duration.ZERO);
    return ParsedStep.of(tool, PlannedStep.of(tool.name(), args)).execute(ctx);
  }

  public static SceneElement element(String id, String text, Bounds bounds, ElementFlag... flags) {
    return element(id, text, "", bounds, flags);
  }

  public static SceneElement element(
      String id, String text, String resourceId, Bounds bounds, ElementFlag... flags) {
    Set<ElementFlag> set = flags.length == 0 ? Set.of() : EnumSet.copyOf(List.of(flags));
    return new SceneElement(id, "text", bounds, text, 1.0, Source.TREE, resourceId, set);
  }

  public static Scene scene(SceneElement... elements) {
    return new Scene(WIDTH, HEIGHT, List.of(elements));
  }

  /** The launcher: one "Settings" icon. */
  public static Scene home() {
    return scene(element("home/settings", "Settings", new Bounds(100, 1500, 300, 1700)));
  }

  /** Settings' main list: a "Wi-Fi" row (not checkable) and "Bluetooth". */
  public static Scene settingsMain() {
    return scene(
        element("settings/title", "Settings", new Bounds(40, 80, 600, 160)),
        element("settings/wifi", "Wi-Fi", new Bounds(40, 300, 1040, 400), ElementFlag.CLICKABLE),
        element("settings/bt", "Bluetooth", new Bounds(40, 420, 1040, 520), ElementFlag.CLICKABLE));
  }

  /** The Wi-Fi page: a "Wi-Fi" title and a checkable "Wi-Fi" switch, checked when on. */
  public static Scene wifiPage(boolean on) {
    ElementFlag[] switchFlags =
        on
            ? new ElementFlag[] {ElementFlag.CHECKABLE, ElementFlag.CHECKED}
            : new ElementFlag[] {ElementFlag.CHECKABLE};
    return scene(
        element("wifi/title", "Wi-Fi", new Bounds(40, 80, 600, 160)),
        element("wifi/switch", "Wi-Fi", "android:id/switch_widget", SWITCH, switchFlags),
        element("wifi/hidden", "Wi-Fi", Bounds.EMPTY));
  }
}
