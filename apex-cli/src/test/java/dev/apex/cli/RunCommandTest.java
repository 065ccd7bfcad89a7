package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code apex run} and {@code apex timeline} end to end on the simulated phone. */
class RunCommandTest {

  @TempDir Path dir;

  private static String taskId(String out) {
    Matcher m = Pattern.compile("task id: (\\w+)").matcher(out);
    assertThat(m.find()).as("a task id in:%n%s", out).isTrue();
    return m.group(1);
  }

  @Test
  void theWifiFlowRunsOnTheSimulatedPhoneAndTheTimelineShowsItsSteps() throws Exception {
    Path db = dir.resolve("timeline.db");
    Path flow = Cli.projectRoot().resolve("examples/flows/settings-wifi-on.yaml");

    Cli.Result run =
        Cli.run(Cli.withDb(db, "run", "--device", "sim", "--flow", flow.toString(), "--no-ocr"));

    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(run.out())
        .contains("step  1  ok      launch_app")
        .contains("step  2  ok      tap text=\"Wi-Fi\"")
        .contains("step  3  ok      tap element=")
        .contains("\"Wi-Fi | Off\" → \"Wi-Fi | On\"")
        .contains("step  4  ok      assert_visible")
        .contains("SUCCEEDED");
    String id = taskId(run.out());

    Cli.Result timeline = Cli.run(Cli.withDb(db, "timeline", id));
    assertThat(timeline.exit()).isZero();
    assertThat(timeline.out()).contains("task " + id + "  SUCCEEDED  on sim");
    assertThat(timeline.out().lines().filter(l -> l.matches("\\s+\\d+  ok .*"))).hasSize(4);

    Cli.Result list = Cli.run(Cli.withDb(db, "timeline"));
    assertThat(list.out()).contains(id).contains("SUCCEEDED");
  }

  @Test
  void aFlowAcrossAppsEndsWithTheWorldStateTheRulesPredict() throws Exception {
    Path db = dir.resolve("timeline.db");
    Path flow = Cli.projectRoot().resolve("examples/flows/apps-world.yaml");

    Cli.Result run = Cli.run(Cli.withDb(db, "run", "--flow", flow.toString(), "--no-ocr"));

    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(run.out())
        .contains("world: app -, page -")
        .contains("last events: 1:launch_app(ok) 2:launch_app(ok) 3:terminate_app(ok)");
    String id = taskId(run.out());

    Cli.Result json = Cli.run(Cli.withDb(db, "timeline", id, "--json"));
    JsonNode steps = Json.mapper().readTree(json.out()).get("stepList");
    assertThat(steps).hasSize(3);
    assertThat(steps.get(0).at("/world/currentApp").asText()).isEqualTo("com.android.settings");
    assertThat(steps.get(1).at("/world/currentApp").asText()).isEqualTo("com.apex.sim.notes");
    JsonNode appAfterTerminate = steps.get(2).at("/world/currentApp");
    assertThat(appAfterTerminate.isNull() || appAfterTerminate.isMissingNode()).isTrue();
    assertThat(steps.get(2).at("/world/history")).hasSize(3);
  }

  @Test
  void aFailingStepEndsTheTaskWithANonZeroExitAndKeepsTheStepsBeforeIt() throws Exception {
    Path db = dir.resolve("timeline.db");
    Path flow = dir.resolve("fails.yaml");
    Files.writeString(
        flow,
        "name: fails\nsteps:\n  - launch_app: com.android.settings\n  - tap: { text: \"Nowhere\" }\n");

    Cli.Result run = Cli.run(Cli.withDb(db, "run", "--flow", flow.toString(), "--no-ocr"));

    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.out()).contains("FAILED: step 2 (tap)").contains("Nowhere");
    String id = taskId(run.out());
    Cli.Result timeline = Cli.run(Cli.withDb(db, "timeline", id));
    assertThat(timeline.out()).contains("FAILED").contains("launch_app");
  }

  @Test
  void aGoalWithoutAModelIsRefusedBeforeAnythingRunsAndNothingIsRecorded() {
    Path db = dir.resolve("timeline.db");

    Cli.Result run = Cli.run(Cli.withDb(db, "run", "--goal", "Turn Wi-Fi on", "--no-ocr"));

    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.errLines()).hasSize(1);
    assertThat(run.errLines().get(0))
        .startsWith("apex: no model is configured to plan a goal")
        .contains("ANTHROPIC_API_KEY")
        .contains("--flow");
    assertThat(run.out()).doesNotContain("SUCCEEDED").doesNotContain("task id");
    assertThat(Files.exists(db)).as("no timeline, so no task recorded").isFalse();
  }
}
