package dev.apex.runtime.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.InvalidInputException;
import dev.apex.core.PlannedStep;
import dev.apex.tools.ToolRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

public class FlowTest {

  private static final ToolRegistry TOOLS = ToolRegistry.defaultRegistry();

  @TempDir Path dir;

  public static Path example() throws Exception {
    return Path.of(FlowTest.class.getResource("/flows/wifi-on.yaml").toURI());
  }

  private static Flow parse(String yaml) {
    return Flow.parse(yaml, "t.yaml", TOOLS);
  }

  private static String error(String yaml) {
    try {
      parse(yaml);
    } catch (InvalidInputException e) {
      assertThat(e.getMessage()).doesNotContain("\n");
      return e.getMessage();
    }
    throw new AssertionError("expected the flow to be rejected:\n" + yaml);
  }

  @Test
  void loadsTheExampleFlowFile() throws Exception {
    Flow flow = Flow.load(example(), TOOLS);

    assertThat(flow.name()).isEqualTo("Turn Wi-Fi on");
    assertThat(flow.source()).endsWith("wifi-on.yaml");
    assertThat(flow.steps())
        .containsExactly(
            PlannedStep.of("launch_app", Map.of("app_id", "com.android.settings")),
            PlannedStep.of("tap", Map.of("text", "Wi-Fi")),
            PlannedStep.of("tap", Map.of("text", "Wi-Fi", "checkable", true)),
            PlannedStep.of("assert_visible", Map.of("text", "Wi-Fi", "checked", true)),
            PlannedStep.of("press_key", Map.of("key", "back")));
  }

  @Test
  void readsEveryStepForm() {
    Flow flow =
        parse(
            """
            steps:
              - type_text: "hello"
              - type_text: 1234
              - press_key: home
              - enter
              - wait: { ms: 500 }
              - wait: 250
              - describe_screen
              - describe_screen:
              - swipe:
                  direction: up
              - tap: { x: 10, y: 20 }
            """);

    assertThat(flow.name()).isEqualTo("t");
    assertThat(flow.steps())
        .containsExactly(
            PlannedStep.of("type_text", Map.of("text", "hello")),
            PlannedStep.of("type_text", Map.of("text", 1234)),
            PlannedStep.of("press_key", Map.of("key", "home")),
            PlannedStep.of("press_key", Map.of("key", "enter")),
            PlannedStep.of("wait", Map.of("ms", 500)),
            PlannedStep.of("wait", Map.of("ms", 250)),
            PlannedStep.of("describe_screen"),
            PlannedStep.of("describe_screen"),
            PlannedStep.of("swipe", Map.of("direction", "up")),
            PlannedStep.of("tap", Map.of("x", 10, "y", 20)));
  }

  @Test
  void aMissingFileNamesThePath() {
    Path missing = dir.resolve("nope.yaml");

    assertThatThrownBy(() -> Flow.load(missing, TOOLS))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("flow file " + missing + " not found; check the path");
  }

  @Test
  void aDirectoryIsNotAFlowFile() {
    assertThatThrownBy(() -> Flow.load(dir, TOOLS))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("cannot read flow file " + dir);
  }

  @Test
  void malformedYamlNamesTheLine() throws Exception {
    Path file = dir.resolve("bad.yaml");
    Files.writeString(file, "name: x\nsteps:\n  - tap: { text: \"Wi-Fi\"\n");

    assertThatThrownBy(() -> Flow.load(file, TOOLS))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith(file + " is not valid YAML at line ")
        .hasMessageEndingWith("; fix the syntax");
  }

  @Test
  void aControlCharacterIsRefusedWhereItStandsNotAtLineOne() {
    assertThat(error("name: x\nsteps:\n  - launch_app: a\n  - tap: { text: \"No\u0001pe\" }\n"))
        .isEqualTo(
            "t.yaml line 4, column 21 has the control character U+0001, which YAML does not"
                + " allow; remove it (write a key press as a press_key step)");
    assertThat(error("steps:\n  - type_text: \"a\ud800\"\n"))
        .contains("line 2, column 18", "U+D800");
    assertThat(parse("name: \"caf\u00e9 \ud83d\ude00\"\nsteps:\n  - launch_app: a\n").name())
        .isEqualTo("caf\u00e9 \ud83d\ude00");
  }

  @Test
  void anAliasIsRefusedNamingItsLineRatherThanTypingTheAnchorsName() {
    assertThat(
            error(
                """
                name: log in
                steps:
                  - tap: { text: &field "Password" }
                  - type_text: *field
                """))
        .isEqualTo(
            "t.yaml line 3 has a YAML anchor or alias (& or *); write each value out in full");
    assertThat(
            error(
                """
                steps:
                  - tap: { text: "OK" }
                  - type_text: *pw
                """))
        .startsWith("t.yaml line 3 has a YAML anchor or alias");
  }

  @Test
  void aSecondDocumentIsRefusedNamingItsLine() {
    assertThat(
            error(
                """
                name: first
                steps:
                  - back
                ---
                name: second
                steps:
                  - home
                """))
        .isEqualTo(
            "t.yaml line 4 has a second YAML document; a flow file holds one flow (no '---')");
    assertThat(parse("---\nname: one document, marked\nsteps:\n  - back\n").name())
        .isEqualTo("one document, marked");
  }

  @Test
  void aDuplicateKeyIsRefusedNamingItsLine() {
    assertThat(
            error(
                """
                name: first
                steps:
                  - back
                steps:
                  - home
                """))
        .isEqualTo("t.yaml line 4 has the key 'steps' a second time in one map; keep one");
    assertThat(
            error(
                """
                steps:
                  - tap: { text: "OK", text: "Cancel" }
                """))
        .isEqualTo("t.yaml line 2 has the key 'text' a second time in one map; keep one");
  }

  @Test
  void eachProblemWithTheFileShapeHasItsOwnMessage() {
    assertThat(error("")).isEqualTo("t.yaml is empty; give it 'name:' and a 'steps:' list");
    assertThat(error("- tap: OK"))
        .isEqualTo("t.yaml must be a map with 'name' and 'steps', not a list");
    assertThat(error("name: x\nstep: []"))
        .isEqualTo(
            "t.yaml: unknown key 'step'; a flow has only 'name', 'tags', 'timeout' and 'steps'");
    assertThat(error("name: x"))
        .isEqualTo(
            "t.yaml: 'steps' must be a non-empty list, e.g. steps: [ - launch_app: com.example ]");
    assertThat(error("steps: []")).startsWith("t.yaml: 'steps' must be a non-empty list");
    assertThat(error("name: [a]\nsteps: [back]"))
        .isEqualTo("t.yaml: 'name' must be a non-empty string");
  }

  @Test
  void eachProblemWithAStepNamesItsNumber() {
    assertThat(error("steps:\n  - back\n  - tapp: { text: OK }"))
        .startsWith("t.yaml step 2: unknown action 'tapp'; use one of assert_visible, back,")
        .contains(" tap, ");
    assertThat(error("steps:\n  - 42"))
        .isEqualTo("t.yaml step 1 is a number; write 'action: args' or a bare action name");
    assertThat(error("steps:\n  - tap:\n    text: OK"))
        .startsWith("t.yaml step 1 has 2 keys (tap, text); give one action per step");
    assertThat(error("steps:\n  - describe_screen: now"))
        .isEqualTo(
            "t.yaml step 1: describe_screen takes no single value; give its arguments as a map");
    assertThat(error("steps:\n  - tap: [1, 2]"))
        .isEqualTo("t.yaml step 1: the arguments of tap are a list; give a map");
    assertThat(error("steps:\n  - tap: { text: }"))
        .isEqualTo("t.yaml step 1: argument 'text' of tap has no value; give one");
  }

  @Test
  void stepsAreValidatedAgainstTheToolsWhenTheFlowLoads() {
    assertThat(error("steps:\n  - wait: { ms: soon }"))
        .isEqualTo("t.yaml step 1: wait: argument 'ms' must be an integer, got \"soon\"");
    assertThat(error("steps:\n  - back\n  - tap: { txt: OK }"))
        .startsWith("t.yaml step 2: tap: unknown argument 'txt'; use element, text, x, y,");
    assertThat(error("steps:\n  - type_text"))
        .isEqualTo("t.yaml step 1: type_text: missing argument 'text' (the text to type)");
    assertThat(error("steps:\n  - press_key: menu"))
        .startsWith(
            "t.yaml step 1: press_key: unknown key 'menu': use back, home or enter; on a web page"
                + " also tab, escape,");
    assertThat(error("steps:\n  - assert_visible: { checked: true }"))
        .isEqualTo("t.yaml step 1: assert_visible: give 'element' and/or 'text'");
  }
}
