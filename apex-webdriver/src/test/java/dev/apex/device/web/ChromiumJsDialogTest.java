package dev.apex.device.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.ElementFlag;
import dev.apex.core.InvalidInputException;
import dev.apex.core.RawCapture;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.device.Device;
import dev.apex.device.Key;
import dev.apex.perception.SceneBuilder;
import dev.apex.perception.TreeParsers;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * JavaScript dialogs as part of the screen, in real headless Chromium at device pixel ratio 2: a
 * page that alerts while it loads opens and is described, the Scene shows the dialog with its
 * message and buttons, tapping a button answers it (the page writes the answer into its DOM),
 * typing fills a prompt, BACK dismisses and ENTER accepts, and gestures the dialog blocks say so.
 */
@Tag("e2e")
class ChromiumJsDialogTest {

  static final String ALERT =
      """
      <!doctype html><title>Alert</title><p id="status">Waiting</p>
      <script>alert('Hello'); document.getElementById('status').textContent = 'Answered';</script>
      """;
  static final String CONFIRM =
      """
      <!doctype html><title>Confirm</title><p id="status">Waiting</p>
      <script>document.getElementById('status').textContent =
        confirm('Delete the file?') ? 'Deleted' : 'Kept';</script>
      """;
  static final String PROMPT =
      """
      <!doctype html><title>Prompt</title><p id="status">Waiting</p>
      <script>var who = prompt('Your name?', 'Bob');
        document.getElementById('status').textContent = who === null ? 'No name' : 'Hi ' + who;
      </script>
      """;

  private static final Duration PATIENCE = Duration.ofSeconds(20);
  private static final WebConfig CONFIG = WebConfig.defaults().withViewport(800, 600, 2.0);

  private static TestPages pages;
  private static WebDevice device;

  @BeforeAll
  static void start() throws IOException {
    pages = new TestPages();
    pages.add("/alert.html", ALERT);
    pages.add("/confirm.html", CONFIRM);
    pages.add("/prompt.html", PROMPT);
    device = WebDevices.chromium(pages.url("/"), CONFIG);
  }

  @AfterAll
  static void stop() {
    if (device != null) {
      device.close();
    }
    pages.close();
  }

  @BeforeEach
  void home() {
    device.pressKey(Key.HOME);
  }

  @Test
  void aPageThatAlertsWhileItLoadsOpensAndIsDescribedAsTheAlert() {
    try (WebDevice opened = WebDevices.chromium(pages.url("/alert.html"), CONFIG)) {
      RawCapture capture = opened.capture();
      Scene scene = scene(capture);

      SceneElement dialog = only(scene, e -> e.type().equals("dialog"));
      assertThat(dialog.text()).isEqualTo("Hello");
      SceneElement ok = only(scene, e -> e.type().equals("button"));
      assertThat(ok.text()).isEqualTo("OK");
      assertThat(ok.has(ElementFlag.CLICKABLE)).isTrue();
      assertThat(dialog.bounds().contains(ok.bounds())).isTrue();
      assertThat(scene.elements()).as("the page under the alert").noneMatch(text("Waiting"));
      assertThat(Png.size(capture.screenshot())).containsExactly(1600, 1200);
      assertThat(capture.screen()).isEqualTo(opened.screenSize());
      assertThat(opened.currentApp()).contains(pages.origin());

      opened.tap(ok.bounds().centerX(), ok.bounds().centerY());

      until(opened, text("Answered"), "the page after its alert");
    }
  }

  @Test
  void aConfirmAnsweredWithCancelAndThenWithOk() {
    device.launchApp(pages.url("/confirm.html"));
    Scene asked = scene(device.capture());
    assertThat(only(asked, e -> e.type().equals("dialog")).text()).isEqualTo("Delete the file?");
    assertThat(buttons(asked)).containsExactly("OK", "Cancel");

    tap(device, button(asked, "Cancel"));
    until(device, text("Kept"), "the page told Cancel");

    device.launchApp(pages.url("/confirm.html"));
    tap(device, button(scene(device.capture()), "OK"));
    until(device, text("Deleted"), "the page told OK");
  }

  @Test
  void aPromptShowsItsDefaultAndSendsWhatIsTyped() {
    device.launchApp(pages.url("/prompt.html"));
    SceneElement field = only(scene(device.capture()), e -> e.type().equals("input"));
    assertThat(field.text()).isEqualTo("Bob");
    assertThat(field.has(ElementFlag.FOCUSED)).isTrue();

    device.typeText("Ada");
    device.typeText(" L");
    Scene typed = scene(device.capture());
    assertThat(only(typed, e -> e.type().equals("input")).text()).isEqualTo("Ada L");
    tap(device, button(typed, "OK"));

    until(device, text("Hi Ada L"), "the page told the typed name");
  }

  @Test
  void backDismissesADialogAndEnterAcceptsOneWithItsDefault() {
    device.launchApp(pages.url("/prompt.html"));
    device.pressKey(Key.BACK);
    until(device, text("No name"), "the prompt dismissed");

    device.launchApp(pages.url("/prompt.html"));
    device.pressKey(Key.ENTER);
    until(device, text("Hi Bob"), "the prompt accepted with its default");
  }

  @Test
  void aDialogKeepsItsElementIdsAcrossCapturesAndWithoutScreenshot() {
    device.launchApp(pages.url("/confirm.html"));
    List<String> first = ids(scene(device.capture()));
    List<String> second = ids(scene(device.capture()));
    RawCapture tree = device.captureTree();

    assertThat(second).isEqualTo(first).hasSize(3);
    assertThat(tree.hasScreenshot()).isFalse();
    assertThat(ids(scene(tree))).isEqualTo(first);
    device.pressKey(Key.BACK);
  }

  @Test
  void aTapBesideTheButtonsLeavesTheDialogOpenAndOtherGesturesNameIt() {
    device.launchApp(pages.url("/confirm.html"));
    device.tap(10, 10);
    assertThat(buttons(scene(device.capture()))).containsExactly("OK", "Cancel");

    assertThatThrownBy(() -> device.swipe(100, 900, 100, 300, Duration.ofMillis(200)))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("JavaScript confirm is open (\"Delete the file?\")")
        .hasMessageContaining("tap OK or Cancel or press BACK");
    assertThatThrownBy(() -> device.typeText("x"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("has no text field");

    device.launchApp(pages.url("/form.html"));
    until(device, text("Sign up"), "the next page, which replaced the dialog");
  }

  private static Scene scene(RawCapture capture) {
    return SceneBuilder.build(TreeParsers.parse(capture), List.of());
  }

  private static SceneElement only(Scene scene, Predicate<SceneElement> match) {
    List<SceneElement> found = scene.elements().stream().filter(match).toList();
    assertThat(found).as("in %s", scene.elements()).hasSize(1);
    return found.get(0);
  }

  private static List<String> buttons(Scene scene) {
    return scene.elements().stream()
        .filter(e -> e.type().equals("button"))
        .map(SceneElement::text)
        .toList();
  }

  private static SceneElement button(Scene scene, String name) {
    return only(scene, e -> e.type().equals("button") && e.text().equals(name));
  }

  private static List<String> ids(Scene scene) {
    return scene.elements().stream().map(SceneElement::id).toList();
  }

  private static Predicate<SceneElement> text(String text) {
    return e -> e.text().equals(text);
  }

  private static void tap(Device device, SceneElement element) {
    device.tap(element.bounds().centerX(), element.bounds().centerY());
  }

  /** Captures until an element matches, within {@link #PATIENCE}; each capture paces the next. */
  private static void until(Device device, Predicate<SceneElement> match, String what) {
    Instant deadline = Instant.now().plus(PATIENCE);
    Optional<SceneElement> seen = Optional.empty();
    Scene scene = null;
    while (seen.isEmpty() && (scene == null || Instant.now().isBefore(deadline))) {
      scene = scene(device.capture());
      seen = scene.elements().stream().filter(match).findFirst();
    }
    assertThat(seen).as("screen shows %s; last saw %s", what, scene.elements()).isPresent();
  }
}
