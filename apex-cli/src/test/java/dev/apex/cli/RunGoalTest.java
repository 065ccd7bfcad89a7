package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.Json;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.device.sim.SimDevice;
import dev.apex.perception.OcrEngine;
import dev.apex.perception.Perceiver;
import dev.apex.testkit.llm.FakeMessagesApi;
import dev.apex.testkit.llm.FakeReply;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code apex run --goal} plans with Claude (a fake Messages API here) whenever a key is set. */
class RunGoalTest {

  @TempDir Path dir;
  private FakeMessagesApi claude;

  @BeforeEach
  void start() {
    claude = FakeMessagesApi.start();
  }

  @AfterEach
  void stop() {
    claude.close();
  }

  private Map<String, String> env() {
    return Map.of("ANTHROPIC_API_KEY", "sk-canary-goal", "ANTHROPIC_BASE_URL", claude.baseUrl());
  }

  private static FakeReply call(String tool, Map<String, ?> input) {
    return FakeReply.toolUse("toolu_" + tool + input.hashCode(), tool, input);
  }

  /**
   * The handle a model reads for the Wi-Fi switch on the sim's Wi-Fi page: the task's handles name
   * the screens in the order it sees them (the launcher, Settings, then the Wi-Fi page), an element
   * keeping its handle while it stays on screen.
   */
  static String switchHandle() {
    try (SimDevice sim = SimDevice.create()) {
      Perceiver perceiver = new Perceiver(OcrEngine.NONE);
      dev.apex.perception.Handles handles = new dev.apex.perception.Handles();
      handles.name(perceiver.observe(sim.capture()));
      sim.launchApp("com.android.settings");
      Scene main = perceiver.observe(sim.capture());
      handles.name(main);
      SceneElement row =
          main.elements().stream().filter(e -> e.text().startsWith("Wi-Fi")).findFirst().get();
      sim.tap(row.bounds().centerX(), row.bounds().centerY());
      Scene page = perceiver.observe(sim.capture());
      List<String> names = handles.name(page);
      for (int i = 0; i < page.elements().size(); i++) {
        if (page.elements().get(i).resourceId().endsWith("wifi_switch")) {
          return names.get(i);
        }
      }
      throw new AssertionError("no Wi-Fi switch on the sim's Wi-Fi page");
    }
  }

  /**
   * {@code apex run --goal "turn Wi-Fi on"} on {@code db}, with the model scripted to launch
   * Settings, tap Wi-Fi, tap the switch and say it is done; {@code more} options after the rest.
   */
  private Cli.Result wifiGoal(Path db, String... more) {
    claude.enqueue(
        call("launch_app", Map.of("app_id", "com.android.settings")),
        call("tap", Map.of("text", "Wi-Fi")),
        call("tap", Map.of("element", switchHandle())),
        call("done", Map.of("summary", "Wi-Fi is on.")));
    List<String> args =
        new java.util.ArrayList<>(
            List.of(
                "run",
                "--goal",
                "turn Wi-Fi on",
                "--allow-app",
                "com.android.settings",
                "--no-ocr"));
    args.addAll(List.of(more));
    return Cli.run(env(), Cli.withDb(db, args.toArray(String[]::new)));
  }

  @Test
  void claudeDrivesTheWifiGoalToDoneAndTheRunPrintsTheCost() throws Exception {
    Path db = dir.resolve("t.db");

    Cli.Result run = wifiGoal(db);

    assertThat(run.exit()).as(run.out() + run.err()).isZero();
    assertThat(run.out())
        .contains("step  1  ok      launch_app")
        .contains("SUCCEEDED")
        .contains("model: Wi-Fi is on.")
        .contains("llm: ");
    assertThat(run.err()).doesNotContain("stub planner");
    assertThat(run.out() + run.err()).doesNotContain("sk-canary-goal");
    assertThat(claude.requests()).hasSize(4);

    Matcher m = Pattern.compile("task id: (\\w+)").matcher(run.out());
    assertThat(m.find()).isTrue();
    JsonNode steps =
        Json.mapper()
            .readTree(Cli.run(Cli.withDb(db, "timeline", m.group(1), "--json")).out())
            .get("stepList");
    assertThat(steps).hasSize(3);
    assertThat(steps.get(0).has("llm_usage")).isTrue();
    assertThat(steps.get(2).at("/world/currentApp").asText()).isEqualTo("com.android.settings");
  }

  @Test
  void aRecordedGoalRunReplaysAsAFlowWithNoModelCall() throws Exception {
    Path db = dir.resolve("t.db");
    Path flow = dir.resolve("wifi.yaml");

    Cli.Result run = wifiGoal(db, "--record", flow.toString());

    assertThat(run.exit()).as(run.out() + run.err()).isZero();
    assertThat(run.out()).contains("recorded: " + flow);
    String yaml = java.nio.file.Files.readString(flow);
    assertThat(yaml)
        .contains("# goal: turn Wi-Fi on")
        .contains("# model: Wi-Fi is on.")
        .contains("element: com.android.settings:id/wifi_switch")
        .doesNotContain("sk-canary-goal");
    int calls = claude.requests().size();

    // No key at all: a replay cannot call a model, and reaches the same end.
    Cli.Result replay =
        Cli.run(Map.of(), Cli.withDb(db, "run", "--flow", flow.toString(), "--no-ocr"));
    assertThat(replay.exit()).as(replay.out() + replay.err()).isZero();
    assertThat(replay.out()).contains("switch off → on").contains("SUCCEEDED");
    assertThat(claude.requests()).hasSize(calls);
  }

  @Test
  void withoutAnAllowAndWithoutATerminalALaunchIsRefusedAndRecorded() throws Exception {
    claude.enqueue(
        call("launch_app", Map.of("app_id", "com.android.settings")),
        call("give_up", Map.of("reason", "I may not open Settings.")));
    Path db = dir.resolve("t.db");

    Cli.Result run = Cli.run(env(), Cli.withDb(db, "run", "--goal", "turn Wi-Fi on", "--no-ocr"));

    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.out()).contains("policy_denied").contains("FAILED");
    Matcher m = Pattern.compile("task id: (\\w+)").matcher(run.out());
    assertThat(m.find()).isTrue();
    JsonNode steps =
        Json.mapper()
            .readTree(Cli.run(Cli.withDb(db, "timeline", m.group(1), "--json")).out())
            .get("stepList");
    assertThat(steps.get(0).get("error").asText()).startsWith("policy_denied");
    assertThat(claude.requests().get(1).body()).contains("policy_denied");
  }
}
