package dev.apex.device.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.Bounds;
import dev.apex.core.ElementFlag;
import dev.apex.core.RawCapture;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.core.TreeFormat;
import dev.apex.perception.SceneBuilder;
import dev.apex.perception.TreeParsers;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The tree a JavaScript dialog is shown as, read back by the web tree parser and the scene builder:
 * the dialog with its message, a prompt's field and each kind's buttons, inside the viewport, with
 * the boxes a tap is hit-tested against and ids that depend only on the kind.
 */
class DialogLayoutTest {

  private static final Viewport VIEWPORT = new Viewport(800, 600, 2.0);

  @Test
  void eachKindShowsItsMessageAndButtonsInsideTheViewport() {
    assertThat(buttons(scene(dialog(JsDialog.Kind.ALERT, "Hello"), ""))).containsExactly("OK");
    assertThat(buttons(scene(dialog(JsDialog.Kind.CONFIRM, "Sure?"), "")))
        .containsExactly("OK", "Cancel");
    assertThat(buttons(scene(dialog(JsDialog.Kind.BEFOREUNLOAD, ""), "")))
        .containsExactly("Leave", "Stay");

    Scene leave = scene(dialog(JsDialog.Kind.BEFOREUNLOAD, ""), "");
    assertThat(leave.elements().get(0).type()).isEqualTo("dialog");
    assertThat(leave.elements().get(0).text()).isEqualTo(JsDialog.LEAVE_QUESTION);
    Bounds screen = new Bounds(0, 0, 1600, 1200);
    assertThat(leave.elements()).allMatch(e -> screen.contains(e.bounds()));
  }

  @Test
  void aPromptHasAFocusedFieldHoldingItsText() {
    Scene scene = scene(new JsDialog(JsDialog.Kind.PROMPT, "Name?", "Bob", ""), "Ada");

    SceneElement field =
        scene.elements().stream().filter(e -> e.type().equals("input")).findFirst().orElseThrow();
    assertThat(field.text()).isEqualTo("Ada");
    assertThat(field.has(ElementFlag.FOCUSED)).isTrue();
    assertThat(buttons(scene)).containsExactly("OK", "Cancel");
  }

  @Test
  void aTapIsHitTestedAgainstTheButtonsTheTreeShows() {
    JsDialog confirm = dialog(JsDialog.Kind.CONFIRM, "Sure?");
    DialogLayout layout = new DialogLayout(confirm, "", VIEWPORT);
    Scene scene = scene(confirm, "");

    for (SceneElement button : scene.elements()) {
      if (!button.type().equals("button")) {
        continue;
      }
      double x = button.bounds().centerX() / VIEWPORT.dpr();
      double y = button.bounds().centerY() / VIEWPORT.dpr();
      assertThat(layout.buttonAt(x, y)).map(b -> b.label).contains(button.text());
    }
    assertThat(layout.buttonAt(1, 1)).isEmpty();
    assertThat(layout.buttonAt(layout.box().x() + 1, layout.box().y() + 1)).isEmpty();
  }

  @Test
  void idsDependOnTheKindNotOnTheMessage() {
    List<String> hello = ids(scene(dialog(JsDialog.Kind.ALERT, "Hello"), ""));
    List<String> bye = ids(scene(dialog(JsDialog.Kind.ALERT, "Goodbye, and a longer text"), ""));
    List<String> confirm = ids(scene(dialog(JsDialog.Kind.CONFIRM, "Hello"), ""));

    assertThat(bye).isEqualTo(hello);
    assertThat(confirm.get(0)).isNotEqualTo(hello.get(0));
  }

  @Test
  void aLongMessageWrapsWithinALimit() {
    assertThat(DialogLayout.lines("short", 400)).isEqualTo(1);
    assertThat(DialogLayout.lines("a\nb\nc", 400)).isEqualTo(3);
    assertThat(DialogLayout.lines("x".repeat(10_000), 400)).isEqualTo(DialogLayout.MAX_LINES);
  }

  @Test
  void thePictureIsAPngOfTheScreenSize() {
    DialogLayout layout = new DialogLayout(dialog(JsDialog.Kind.ALERT, "Hello"), "", VIEWPORT);

    assertThat(Png.size(DialogPicture.png(layout))).containsExactly(1600, 1200);
  }

  private static JsDialog dialog(JsDialog.Kind kind, String message) {
    return new JsDialog(kind, message, "", "http://127.0.0.1:8000/");
  }

  private static Scene scene(JsDialog dialog, String fieldText) {
    String json = new DialogLayout(dialog, fieldText, VIEWPORT).json();
    RawCapture capture =
        new RawCapture(
            "web",
            TreeFormat.WEB_JSON,
            json.getBytes(StandardCharsets.UTF_8),
            null,
            VIEWPORT.screen());
    return SceneBuilder.build(TreeParsers.parse(capture), List.of());
  }

  private static List<String> buttons(Scene scene) {
    return scene.elements().stream()
        .filter(e -> e.type().equals("button"))
        .map(SceneElement::text)
        .toList();
  }

  private static List<String> ids(Scene scene) {
    return scene.elements().stream().map(SceneElement::id).toList();
  }
}
