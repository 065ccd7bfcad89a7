package dev.apex.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.Bounds;
import dev.apex.core.ElementFlag;
import dev.apex.core.InvalidInputException;
import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.device.Device;
import dev.apex.device.Gestures;
import dev.apex.device.Key;
import dev.apex.device.KeyStroke;
import dev.apex.testkit.FakeBrowser;
import dev.apex.testkit.FakeClock;
import dev.apex.testkit.FakeDevice;
import dev.apex.testkit.RecordingSleeper;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * A web page's tools (issue 30, items 4 and 5): what a catalogue offers a browser and a phone, the
 * keyboard and history of {@code press_key} and {@code navigate}, a drop beside an element, an
 * element scrolled out of its box brought into view before the tap, and {@code assert_visible} by
 * the locators {@code tap} takes.
 */
class WebToolsTest {

  /**
   * A browser: a tab's history and a full keyboard, and scrolling into view and drags, recorded.
   */
  static final class Browsing extends FakeBrowser implements Gestures.Reveal, Gestures.Drag {
    volatile boolean revealed;

    Browsing(FakeDevice inner) {
      super(inner);
    }

    @Override
    public boolean reveal(Bounds bounds) {
      calls.add("reveal " + bounds);
      revealed = true;
      return true;
    }

    @Override
    public void drag(int fx, int fy, int tx, int ty, Duration d) {
      calls.add("drag " + fx + "," + fy + " -> " + tx + "," + ty);
    }

    @Override
    public void tap(int x, int y) {
      calls.add("tap " + x + "," + y);
    }
  }

  private final Browsing browser = new Browsing(new FakeDevice());

  private static Object run(
      Device device, Supplier<Scene> screen, Tool<?> tool, Map<String, Object> args) {
    FakeClock clock = new FakeClock();
    ToolContext ctx =
        new ToolContext(device, screen, screen, clock, new RecordingSleeper(clock), Duration.ZERO);
    return ParsedStep.of(tool, PlannedStep.of(tool.name(), args)).execute(ctx);
  }

  private Object onSettings(Tool<?> tool, Map<String, Object> args) {
    return run(browser, TestScenes::settingsMain, tool, args);
  }

  @Test
  void aBrowserIsOfferedNavigateAndAKeyboardAndAPhoneItsAppsAndThreeKeys() {
    ToolRegistry registry = ToolRegistry.defaultRegistry();
    List<ToolOffer> web = registry.offeredOn(browser);
    List<ToolOffer> phone = registry.offeredOn(new FakeDevice());

    assertThat(web).extracting(ToolOffer::name).contains("navigate", "press_key", "drag");
    assertThat(web).extracting(ToolOffer::name).doesNotContain("launch_app", "terminate_app");
    assertThat(phone).extracting(ToolOffer::name).contains("launch_app", "terminate_app");
    assertThat(phone).extracting(ToolOffer::name).doesNotContain("navigate");

    ToolOffer webKeys = offer(web, "press_key");
    ToolOffer phoneKeys = offer(phone, "press_key");
    assertThat(webKeys.description()).contains("tab", "page_down", "ctrl+a").doesNotContain("home");
    assertThat(webKeys.args()).extracting(ArgSpec::name).containsExactly("key");
    assertThat(webKeys.args().get(0).allowed()).isEmpty();
    assertThat(phoneKeys.description()).isEqualTo("Press a key: back, home or enter.");
    assertThat(phoneKeys.args().get(0).allowed()).containsExactly("back", "home", "enter");
    assertThat(offer(web, "assert_visible").args()).extracting(ArgSpec::name).contains("element");
    assertThat(offer(web, "swipe").description()).contains("how much of the page lies beyond");
    assertThat(offer(phone, "swipe").description()).isEqualTo(new SwipeTool().description());
  }

  private static ToolOffer offer(List<ToolOffer> offers, String name) {
    return offers.stream().filter(o -> o.name().equals(name)).findFirst().orElseThrow();
  }

  @Test
  void pressKeyTakesBrowserKeysWithModifiersAndKeepsBackAsTheDevicesKey() {
    onSettings(new PressKeyTool(), Map.of("key", "shift+Tab"));
    onSettings(new PressKeyTool(), Map.of("key", "a", "modifiers", List.of("ctrl")));
    onSettings(new PressKeyTool(), Map.of("key", "PageDown"));
    onSettings(new PressKeyTool(), Map.of("key", "back"));

    assertThat(browser.calls)
        .containsExactly("press [SHIFT] tab", "press [CTRL] a", "press [] page_down");
    assertThat(browser.inner().events()).containsExactly(new FakeDevice.PressKey(Key.BACK));
  }

  @Test
  void aPhoneRefusesABrowserKeyInOneLineNamingItsKind() {
    FakeDevice phone = new FakeDevice();
    assertThatThrownBy(
            () -> run(phone, TestScenes::settingsMain, new PressKeyTool(), Map.of("key", "tab")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith(
            "press_key: the " + PointTarget.kind(phone) + " device cannot press tab");
    assertThat(phone.events()).isEmpty();
  }

  @Test
  void navigateOpensAnAddressOrMovesThroughTheHistory() {
    Object opened = onSettings(new NavigateTool(), Map.of("to", "https://example.com/a"));
    onSettings(new NavigateTool(), Map.of("to", "Back"));
    onSettings(new NavigateTool(), Map.of("to", "forward"));
    onSettings(new NavigateTool(), Map.of("to", "reload"));

    assertThat(opened).isEqualTo(Map.of("to", "https://example.com/a"));
    assertThat(browser.calls)
        .containsExactly("navigate https://example.com/a", "back", "forward", "reload");
    assertThat(NavigateTool.url(Map.of("to", "reload"))).isEmpty();
    assertThat(NavigateTool.url(Map.of("to", " http://x.test/ "))).contains("http://x.test/");
    assertThatThrownBy(() -> new NavigateTool().parse(Map.of("to", " ")))
        .hasMessage("navigate: argument 'to' must not be empty");
    assertThatThrownBy(
            () ->
                run(
                    new FakeDevice(),
                    TestScenes::settingsMain,
                    new NavigateTool(),
                    Map.of("to", "back")))
        .hasMessageContaining("device cannot navigate");
  }

  @Test
  void aDropOnAnElementMayBePlacedRelativeToItsCentre() {
    Object moved =
        onSettings(
            new DragTool(),
            Map.of(
                "from_element", "settings/wifi", "to_element", "settings/bt", "to_offset_y", -30));

    // Bluetooth's centre is (540, 470); the drop is 30 px above it.
    assertThat(browser.calls).containsExactly("drag 540,350 -> 540,440");
    assertThat(moved).asString().contains("to_y=440");
    assertThatThrownBy(
            () ->
                new DragTool()
                    .parse(
                        Map.of("from_x", 1, "from_y", 1, "to_x", 5, "to_y", 5, "to_offset_x", 3)))
        .hasMessageStartingWith("drag: 'to_offset_x'/'to_offset_y' place the drop relative to an");
  }

  @Test
  void anElementScrolledOutOfItsBoxIsScrolledIntoViewAndTappedWhereItThenShows() {
    Bounds hiddenAt = new Bounds(40, 1500, 1040, 1600);
    SceneElement clipped =
        TestScenes.element(
            "list/far", "Far option", hiddenAt, ElementFlag.CLICKABLE, ElementFlag.OFF_VIEW);
    SceneElement shown =
        TestScenes.element(
            "list/far", "Far option", new Bounds(40, 500, 1040, 600), ElementFlag.CLICKABLE);
    Supplier<Scene> screen = () -> TestScenes.scene(browser.revealed ? shown : clipped);

    Object tapped = run(browser, screen, new TapTool(), Map.of("text", "Far option"));

    assertThat(browser.calls).containsExactly("reveal " + hiddenAt, "tap 540,550");
    assertThat(tapped).asString().contains("y=550");
  }

  @Test
  void anElementScrolledOutOfItsBoxOnADeviceThatCannotScrollItIsRefusedNotTappedElsewhere() {
    FakeDevice phone = new FakeDevice();
    SceneElement clipped =
        TestScenes.element(
            "list/far",
            "Far option",
            new Bounds(40, 1500, 1040, 1600),
            ElementFlag.CLICKABLE,
            ElementFlag.OFF_VIEW);

    assertThatThrownBy(
            () ->
                run(
                    phone,
                    () -> TestScenes.scene(clipped),
                    new TapTool(),
                    Map.of("text", "Far option")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("is scrolled out of its box");
    assertThat(phone.events()).isEmpty();
  }

  @Test
  void assertVisibleTakesTheLocatorsTapTakes() {
    Object bt = onSettings(new AssertVisibleTool(), Map.of("element", "settings/bt"));
    Object byOldName = onSettings(new AssertVisibleTool(), Map.of("id", "settings/bt"));

    assertThat(bt).isEqualTo(byOldName);
    assertThat(((SceneElement) bt).text()).isEqualTo("Bluetooth");
    assertThatThrownBy(() -> new AssertVisibleTool().parse(Map.of("element", "a", "id", "b")))
        .hasMessage("assert_visible: give 'element' or its older name 'id', not both");
  }

  @Test
  void aKeyStrokeReadsModifiersAndNamesAndRefusesWhatItCannotPress() {
    assertThat(KeyStroke.parse("Ctrl+Shift+ArrowUp", Set.of()))
        .isEqualTo(new KeyStroke("up", Set.of(Gestures.Modifier.CTRL, Gestures.Modifier.SHIFT)));
    assertThat(KeyStroke.parse("+", Set.of()).key()).isEqualTo("+");
    assertThatThrownBy(() -> KeyStroke.parse("hyper+a", Set.of()))
        .hasMessage("unknown modifier 'hyper' in 'hyper+a': use ctrl, shift, alt or meta");
  }
}
