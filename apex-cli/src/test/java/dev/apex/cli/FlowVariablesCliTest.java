package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.testkit.FakeDevice;
import dev.apex.testkit.RecordingSleeper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 28, item 2: a flow's {@code ${NAME}} is filled only from what the run names ({@code --var
 * NAME=VALUE}, {@code --var NAME}, {@code --vars FILE}), never from the whole environment; an
 * unnamed one is bad input before the device is touched; a recording's replay line names the {@code
 * --var}s it needs.
 */
class FlowVariablesCliTest {

  private static final String SECRET = "env-only-secret-4242-abcd";

  @TempDir Path dir;

  private final FakeDevice phone = new FakeDevice();
  private Wiring wiring;
  private Path flow;

  @BeforeEach
  void loginFlow() throws Exception {
    phone.screens(state -> phone.uiautomator(TypedSecretTest.login(state.events().isEmpty())));
    wiring = new Wiring((selector, adb, caps) -> phone, new RecordingSleeper());
    flow = dir.resolve("login.yaml");
    Files.writeString(
        flow,
        "name: Sign in\nsteps:\n  - type_text: { text: \"${APEX_T_PASSWORD}\", secret: true }\n");
  }

  private Cli.Result run(Map<String, String> extraEnv, String... args) {
    Map<String, String> env = new HashMap<>(extraEnv);
    env.put("APEX_HOME", dir.toString());
    List<String> all =
        new java.util.ArrayList<>(
            List.of("run", "--device", "fake", "--flow", flow.toString(), "--no-ocr"));
    all.addAll(List.of(args));
    return Cli.run(wiring, env, Cli.withDb(dir.resolve("t.db"), all.toArray(String[]::new)));
  }

  private List<String> typed() {
    return phone.events(FakeDevice.TypeText.class).stream().map(FakeDevice.TypeText::text).toList();
  }

  @Test
  void aVariableOnlyInTheEnvironmentIsNotFilledAndTheRunIsRefusedBeforeItStarts() {
    Cli.Result r = run(Map.of("APEX_T_PASSWORD", SECRET));

    assertThat(r.exit()).as(r.out() + r.err()).isEqualTo(2);
    assertThat(r.errLines())
        .singleElement()
        .asString()
        .contains(flow + " uses ${APEX_T_PASSWORD} (step 1), which this run does not name")
        .contains("--var APEX_T_PASSWORD=VALUE");
    assertThat(r.out()).doesNotContain("task id:");
    assertThat(phone.events()).isEmpty();
    assertThat(r.out() + r.err()).doesNotContain(SECRET);
  }

  @Test
  void varNameTakesTheValueFromTheEnvironment() {
    Cli.Result r = run(Map.of("APEX_T_PASSWORD", SECRET), "--var", "APEX_T_PASSWORD");

    assertThat(r.exit()).as(r.out() + r.err()).isZero();
    assertThat(typed()).containsExactly(SECRET);
    assertThat(r.out() + r.err()).doesNotContain(SECRET);
  }

  @Test
  void aVarsFileNamesTheValueAndAVarWinsOverIt() throws Exception {
    Path vars = dir.resolve("login.vars");
    Files.writeString(vars, "# the test account\nAPEX_T_PASSWORD=from-the-file-0001\n");

    assertThat(run(Map.of(), "--vars", vars.toString()).exit()).isZero();
    assertThat(run(Map.of(), "--vars", vars.toString(), "--var", "APEX_T_PASSWORD=given-0002"))
        .extracting(Cli.Result::exit)
        .isEqualTo(0);
    assertThat(typed()).containsExactly("from-the-file-0001", "given-0002");
  }

  @Test
  void aBadVarsLineIsBadInputNamingFileAndLine() throws Exception {
    Path vars = dir.resolve("bad.vars");
    Files.writeString(vars, "APEX_T_PASSWORD=x\nnot a variable line\n");

    Cli.Result r = run(Map.of(), "--vars", vars.toString());

    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.errLines())
        .singleElement()
        .asString()
        .contains(vars + ":2: not a NAME=VALUE line");
    assertThat(phone.events()).isEmpty();
  }

  @Test
  void aRecordingsReplayLineNamesTheVarItNeeds() throws Exception {
    Path recorded = dir.resolve("recorded.yaml");

    Cli.Result r =
        run(Map.of(), "--var", "APEX_T_PASSWORD=" + SECRET, "--record", recorded.toString());

    assertThat(r.exit()).as(r.out() + r.err()).isZero();
    assertThat(Files.readString(recorded)).contains("${PASSWORD}").doesNotContain(SECRET);
    assertThat(r.out())
        .contains(
            "recorded: "
                + recorded
                + " (replay it with no model: apex run --flow "
                + recorded
                + " --var PASSWORD)");
  }
}
