package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.Json;
import dev.apex.testkit.llm.FakeMessagesApi;
import dev.apex.testkit.llm.FakeReply;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code apex run --flow F --heal}: Claude (a fake Messages API on loopback) heals the step a drift
 * broke, the healed flow is written beside F (or to --record) and replays with no model.
 */
class RunHealCliTest {

  /** A recorded Wi-Fi flow; the row's tap looks only briefly so a drift shows at once. */
  private static final String FLOW =
      """
      name: Turn Wi-Fi on
      steps:
        - launch_app: com.android.settings
        - tap: { element: "com.android.settings:id/wifi_row", timeout_ms: 300 }
          screen: eb4135b93a7da4fe
        - assert_visible: { text: "Networks nearby appear when Wi-Fi is on.", timeout_ms: 300 }
        - tap: { element: "com.android.settings:id/wifi_switch" }
        - assert_visible: { id: "com.android.settings:id/wifi_switch", checked: true }
      """;

  @TempDir Path dir;
  private FakeMessagesApi claude;
  private Path flow;

  @BeforeEach
  void start() throws Exception {
    claude = FakeMessagesApi.start();
    flow = dir.resolve("wifi.yaml");
    Files.writeString(flow, FLOW);
  }

  @AfterEach
  void stop() {
    claude.close();
  }

  private Map<String, String> env() {
    return Map.of("ANTHROPIC_API_KEY", "sk-canary-heal", "ANTHROPIC_BASE_URL", claude.baseUrl());
  }

  private Cli.Result run(Map<String, String> env, String... args) {
    return Cli.run(env, Cli.withDb(dir.resolve("t.db"), args));
  }

  @Test
  void claudeHealsTheRenamedRowAndTheHealedFlowReplaysWithNoModel() throws Exception {
    claude.enqueue(FakeReply.toolUse("toolu_1", "tap", Map.of("text", "WLAN")));

    Cli.Result healed =
        run(
            env(),
            "run",
            "--device",
            "sim:drift-renamed",
            "--flow",
            flow.toString(),
            "--heal",
            "--no-ocr");

    assertThat(healed.exit()).as(healed.out() + healed.err()).isZero();
    Path written = dir.resolve("wifi.healed.yaml");
    assertThat(healed.out())
        .contains("step  2  FAILED  tap element=\"com.android.settings:id/wifi_row\"")
        .contains("tap text=\"WLAN\"")
        .contains("[healed: planned by the model for flow step 2]")
        .contains("replay: 1 step healed with 1 model plan")
        .contains("SUCCEEDED")
        .contains("healed: " + written + " (replay it with no model: apex run --flow " + written);
    assertThat(claude.requests()).hasSize(1);
    assertThat(claude.requests().get(0).body())
        .contains("its step 2 no longer works on this screen");
    assertThat(Files.readString(flow)).isEqualTo(FLOW);
    String yaml = Files.readString(written);
    assertThat(yaml)
        .startsWith("# Healed by apex from task ")
        .contains("# flow: " + flow)
        .contains("element: com.android.settings:id/wlan_row")
        .doesNotContain("wifi_row\n")
        .doesNotContain("sk-canary-heal");

    Matcher m = Pattern.compile("task id: (\\w+)").matcher(healed.out());
    assertThat(m.find()).isTrue();
    JsonNode steps =
        Json.mapper()
            .readTree(run(Map.of(), "timeline", m.group(1), "--json").out())
            .get("stepList");
    assertThat(steps.get(2).at("/replay/kind").asText()).isEqualTo("healed");
    assertThat(steps.get(2).at("/replay/flow_step").asInt()).isEqualTo(2);
    assertThat(run(Map.of(), "timeline", m.group(1)).out()).contains("[healed: for flow step 2]");

    // No key at all: the healed flow needs no model on the drifted app.
    replaysWithNoModel("sim:drift-renamed", written);
  }

  @Test
  void claudeDismissesThePopupAndTheRecordedCheckRunsAfterAll() throws Exception {
    claude.enqueue(FakeReply.toolUse("toolu_1", "tap", Map.of("text", "Not now")));

    Cli.Result healed =
        run(
            env(),
            "run",
            "--device",
            "sim:drift-popup",
            "--flow",
            flow.toString(),
            "--heal",
            "--no-ocr");

    assertThat(healed.exit()).as(healed.out() + healed.err()).isZero();
    assertThat(healed.out())
        .contains("step  3  FAILED  assert_visible")
        .contains("step  4  ok      tap text=\"Not now\"")
        .contains("[healed: planned by the model for flow step 3]")
        .contains(
            "step  5  ok      assert_visible text=\"Networks nearby appear when Wi-Fi is on.\"")
        .contains("replay: 1 step healed with 1 model plan");
    assertThat(claude.requests()).hasSize(1);
    Path written = dir.resolve("wifi.healed.yaml");
    assertThat(Files.readString(written)).contains("element: com.android.settings:id/tip_dismiss");

    replaysWithNoModel("sim:drift-popup", written);
  }

  /**
   * {@code flow} replays on {@code device} with no key at all, turning Wi-Fi on, and the fake API
   * hears nothing more than the heal's one call.
   */
  private void replaysWithNoModel(String device, Path flow) {
    Cli.Result replay = run(Map.of(), "run", "--device", device, "--flow", flow.toString());
    assertThat(replay.exit()).as(replay.out() + replay.err()).isZero();
    assertThat(replay.out()).contains("switch off → on").doesNotContain("FAILED");
    assertThat(claude.requests()).hasSize(1);
  }

  @Test
  void withRecordTheHealedFlowGoesThereAndNothingIsWrittenBesideTheFlow() throws Exception {
    claude.enqueue(FakeReply.toolUse("toolu_1", "tap", Map.of("text", "WLAN")));
    Path out = dir.resolve("fixed.yaml");

    Cli.Result healed =
        run(
            env(),
            "run",
            "--device",
            "sim:drift-renamed",
            "--flow",
            flow.toString(),
            "--heal",
            "--record",
            out.toString(),
            "--no-ocr");

    assertThat(healed.exit()).as(healed.out() + healed.err()).isZero();
    assertThat(healed.out()).contains("healed: " + out);
    assertThat(Files.readString(out)).contains("wlan_row");
    assertThat(dir.resolve("wifi.healed.yaml")).doesNotExist();
  }

  @Test
  void withoutAKeyHealSaysSoAndTheDriftFailsTheStepNamingWhatIsOnScreen() {
    Cli.Result run =
        run(
            Map.of(),
            "run",
            "--device",
            "sim:drift-renamed",
            "--flow",
            flow.toString(),
            "--heal",
            "--no-ocr");

    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.err()).contains("apex: healing needs a model (set ANTHROPIC_API_KEY)");
    assertThat(run.out())
        .contains(
            "FAILED: step 2 (tap) failed after 1 attempt(s): no element on screen matches id"
                + " \"com.android.settings:id/wifi_row\"; on screen: ")
        .contains("WLAN")
        .contains("healed flow: none written (no model to heal with)");
    assertThat(dir.resolve("wifi.healed.yaml")).doesNotExist();
  }

  @Test
  void badHealOptionsAreRefusedBeforeAnythingRuns() {
    Cli.Result goal = run(env(), "run", "--goal", "turn Wi-Fi on", "--heal");
    assertThat(goal.exit()).isEqualTo(2);
    assertThat(goal.err()).contains("--heal heals a --flow's drifted steps");

    Cli.Result calls =
        run(env(), "run", "--flow", flow.toString(), "--heal", "--max-heal-calls", "0");
    assertThat(calls.exit()).isEqualTo(2);
    assertThat(calls.err()).contains("--max-heal-calls must be 1 to 50, got 0");
    assertThat(claude.requests()).isEmpty();
  }
}
