package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.Json;
import dev.apex.core.RawCapture;
import dev.apex.core.ScreenSize;
import dev.apex.core.TreeFormat;
import dev.apex.device.ForwardingDevice;
import dev.apex.testkit.FakeDevice;
import dev.apex.testkit.RecordingSleeper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 28, items 3 and 6, through the real CLI path ({@link ApexCli#execute}, whose output passes
 * the redacting writer): text that a page, a flow (standing for a model's arguments), an element id
 * and a device put in apex's output reaches it with its terminal controls escaped — OSC 52 (writes
 * the clipboard), CSI 2J (clears the screen), BEL, a bare CR and the 8-bit CSI U+009B — in the step
 * lines, the FAILED line, {@code apex describe} and {@code apex timeline}; {@code --json} output
 * still parses and decodes to the original text; a 1 MiB argument is cut in every line.
 */
class TerminalEscapingCliTest {

  static final String HOSTILE = "\u001b]52;c;SGVsbG8=\u0007 \u001b[2J \u0007 \r \u009b";

  /** {@link #HOSTILE} as a YAML double-quoted scalar writes it. */
  static final String HOSTILE_YAML = "\"\\e]52;c;SGVsbG8=\\a \\e[2J \\a \\r \\x9b\"";

  static final String SHOWN = "\\u001b]52;c;SGVsbG8=\\u0007 \\u001b[2J \\u0007 \\r \\u009b";

  @TempDir Path dir;

  private final FakeDevice phone = new FakeDevice();

  /** A web page whose paragraph holds {@link #HOSTILE}, and a focused text field. */
  private RawCapture page() {
    String page =
        "{\"url\":\"http://127.0.0.1/\",\"title\":\"T\",\"viewport\":[1080,1920],\"nodes\":["
            + "{\"tag\":\"p\",\"role\":\"paragraph\",\"box\":[10,10,500,40],\"text\":"
            + Json.write(HOSTILE)
            + "},{\"tag\":\"input\",\"role\":\"textbox\",\"box\":[10,100,500,40],\"edit\":true,"
            + "\"focused\":true,\"id\":\"field\"}]}";
    return new RawCapture(
        phone.id(),
        TreeFormat.WEB_JSON,
        page.getBytes(StandardCharsets.UTF_8),
        null,
        ScreenSize.pixels(1080, 1920));
  }

  private Cli.Result run(Wiring wiring, String... args) {
    return Cli.run(
        wiring, Map.of("APEX_HOME", dir.toString()), Cli.withDb(dir.resolve("t.db"), args));
  }

  private Wiring fake() {
    phone.screens(page());
    return new Wiring((selector, adb, caps) -> phone, new RecordingSleeper());
  }

  private Cli.Result runFlow(Wiring wiring, String steps) throws Exception {
    Path flow = dir.resolve("flow.yaml");
    Files.writeString(flow, "name: hostile\nsteps:\n" + steps);
    return run(wiring, "run", "--device", "fake", "--flow", flow.toString(), "--no-ocr");
  }

  @Test
  void aPagesTextIsEscapedInDescribeAndItsJsonDecodesToTheOriginal() throws Exception {
    Map<String, String> env = Map.of("APEX_HOME", dir.toString());
    Cli.Result compact = Cli.run(fake(), env, "describe", "--device", "fake", "--no-ocr");
    Cli.Result json =
        Cli.run(fake(), env, "describe", "--device", "fake", "--no-ocr", "--format", "json");

    assertThat(compact.exit()).as(compact.err()).isZero();
    assertThat(compact.out()).contains(SHOWN);
    assertNoControls(compact.out() + compact.err());
    assertNoControls(json.out());
    JsonNode scene = Json.mapper().readTree(json.out());
    assertThat(scene.findValuesAsText("text")).contains(HOSTILE);
  }

  @Test
  void aFlowsArgumentsAndAnElementIdAreEscapedInStepLinesTheFailedLineAndTheTimeline()
      throws Exception {
    Cli.Result run =
        runFlow(
            fake(),
            "  - type_text: "
                + HOSTILE_YAML
                + "\n  - tap: { element: "
                + HOSTILE_YAML
                + ", timeout_ms: 0 }\n");

    assertThat(run.exit()).as(run.out() + run.err()).isEqualTo(1);
    assertThat(phone.events(FakeDevice.TypeText.class))
        .as("the device gets the text as it was given")
        .extracting(FakeDevice.TypeText::text)
        .containsExactly(HOSTILE);
    assertThat(run.out())
        .contains("step  1  ok      type_text text=\"" + SHOWN + "\"")
        .contains("step  2  FAILED  tap element=\"" + SHOWN + "\"")
        .containsPattern("(?m)^FAILED: step 2 \\(tap\\).*" + java.util.regex.Pattern.quote(SHOWN));
    assertNoControls(run.out() + run.err());

    String id = Cli.taskIds(run.out()).get(0);
    Cli.Result timeline = run(Wiring.DEFAULT, "timeline", id);
    assertThat(timeline.out()).contains("type_text text=\"" + SHOWN + "\"").contains("reason: ");
    assertThat(timeline.out().lines().filter(l -> l.startsWith("reason: ")).findFirst())
        .hasValueSatisfying(l -> assertThat(l).contains(SHOWN));
    assertNoControls(timeline.out() + timeline.err());

    Cli.Result json = run(Wiring.DEFAULT, "timeline", id, "--json");
    assertNoControls(json.out());
    List<JsonNode> steps = Cli.steps(Json.mapper().readTree(json.out()));
    assertThat(steps.get(0).at("/step/args/text").asText()).isEqualTo(HOSTILE);
    assertThat(steps.get(1).at("/step/args/element").asText()).isEqualTo(HOSTILE);
  }

  @Test
  void aDevicesErrorIsEscapedInTheStepLineAndTheFailedLine() throws Exception {
    phone.screens(page());
    // A driver's own error, not built as a DeviceException (which escapes its message itself):
    // the output is the one place every such text is escaped.
    ForwardingDevice keyboardFails =
        new ForwardingDevice(phone) {
          @Override
          public void typeText(String text) {
            throw new IllegalStateException("the keyboard said " + HOSTILE);
          }
        };
    Wiring wiring = new Wiring((selector, adb, caps) -> keyboardFails, new RecordingSleeper());

    Cli.Result run = runFlow(wiring, "  - type_text: hello\n");

    assertThat(run.exit()).as(run.out() + run.err()).isEqualTo(1);
    assertThat(run.out())
        .containsPattern("(?m)^step  1  FAILED  type_text.*the keyboard said \\\\u001b]52")
        .containsPattern("(?m)^FAILED: step 1 .*the keyboard said \\\\u001b]52;c;SGVsbG8=");
    assertNoControls(run.out() + run.err());
  }

  @Test
  void aMebibyteArgumentIsCutInEveryLineAfterRedaction() throws Exception {
    String huge = "ab".repeat(1 << 19);

    Cli.Result run = runFlow(fake(), "  - tap: { text: \"" + huge + "\", timeout_ms: 0 }\n");

    assertThat(run.exit()).as(run.err()).isEqualTo(1);
    String failed =
        run.out().lines().filter(l -> l.startsWith("FAILED: ")).findFirst().orElseThrow();
    assertThat(failed).contains("more characters)");
    assertThat(run.out().lines()).allSatisfy(l -> assertThat(l.length()).isLessThan(LINE_BOUND));
    String id = Cli.taskIds(run.out()).get(0);
    Cli.Result timeline = run(Wiring.DEFAULT, "timeline", id);
    assertThat(timeline.out().lines())
        .allSatisfy(l -> assertThat(l.length()).isLessThan(LINE_BOUND));
  }

  /**
   * The longest bounded string in a line (a run's final status line keeps an error's 1000, so a
   * refusal keeps its remedy) and what the line puts around it.
   */
  private static final int LINE_BOUND = ErrorHandler.MAX_MESSAGE + 200;

  /** No C0 control but TAB and LF, no DEL, no C1 control. */
  static void assertNoControls(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      boolean control = (c < 0x20 && c != '\t' && c != '\n') || (c >= 0x7f && c <= 0x9f);
      assertThat(control)
          .as("U+%04X at %d in:%n%s", (int) c, i, text.substring(Math.max(0, i - 80), i))
          .isFalse();
    }
  }
}
