package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code apex run --record FILE} and {@code apex timeline ID --to-flow}: a task that SUCCEEDED
 * becomes a flow {@code apex run --flow} replays to the same end; anything else records nothing.
 */
class RecordFlowCliTest {

  @TempDir Path dir;

  private Map<String, String> env() {
    return Map.of("APEX_HOME", dir.toString());
  }

  private String db() {
    return dir.resolve("timeline.db").toString();
  }

  private static String wifiFlow() {
    return Cli.projectRoot().resolve("examples/flows/settings-wifi-on.yaml").toString();
  }

  @Test
  void aRecordedRunReplaysToTheSameEndAndTheTimelineWritesTheSameFlow() throws Exception {
    Path recorded = dir.resolve("wifi.yaml");
    Cli.Result first =
        run(env(), db(), "run", "--flow", wifiFlow(), "--no-ocr", "--record", recorded.toString());
    assertThat(first.exit()).as(first.err()).isZero();
    assertThat(first.out()).contains("recorded: " + recorded);
    String yaml = Files.readString(recorded);
    assertThat(yaml)
        .startsWith("# Recorded by apex from task ")
        .contains("element: com.android.settings:id/wifi_switch")
        .contains("screen: ")
        .contains("checked: true");

    Cli.Result replay = run(env(), db(), "run", "--flow", recorded.toString(), "--no-ocr");
    assertThat(replay.exit()).as(replay.err()).isZero();
    assertThat(replay.out()).contains("SUCCEEDED").contains("switch off → on");

    String taskId = Cli.taskIds(first.out()).get(0);
    Cli.Result fromTimeline = run(env(), db(), "timeline", taskId, "--to-flow", "-");
    assertThat(fromTimeline.exit()).as(fromTimeline.err()).isZero();
    // The same steps and locators from what the timeline kept.
    assertThat(steps(fromTimeline.out())).isEqualTo(steps(yaml));
    Path written = dir.resolve("again.yaml");
    Cli.Result toFile = run(env(), db(), "timeline", taskId, "--to-flow", written.toString());
    assertThat(toFile.exit()).isZero();
    assertThat(toFile.out()).contains("apex run --flow " + written);
    assertThat(steps(Files.readString(written))).isEqualTo(steps(yaml));
  }

  @Test
  void aRecordedFlowSurvivesARowInsertedAboveItsTargetAndFailsNamingTheStepWhereTheAppDrifted()
      throws Exception {
    Path recorded = dir.resolve("wifi.yaml");
    assertThat(
            run(
                    env(),
                    db(),
                    "run",
                    "--flow",
                    wifiFlow(),
                    "--no-ocr",
                    "--record",
                    recorded.toString())
                .exit())
        .isZero();

    // Located by resource id, not by position: a new row above the target changes nothing.
    Cli.Result row =
        run(env(), db(), "run", "--flow", recorded.toString(), "--no-ocr", "-d", "sim:drift-row");
    assertThat(row.exit()).as(row.out() + row.err()).isZero();
    assertThat(row.out()).contains("switch off → on");

    // Renamed and moved: with no --heal the step fails saying what it looked for and what is there.
    Cli.Result renamed =
        run(
            env(),
            db(),
            "run",
            "--flow",
            recorded.toString(),
            "--no-ocr",
            "-d",
            "sim:drift-renamed");
    assertThat(renamed.exit()).isEqualTo(1);
    assertThat(renamed.out())
        .contains("FAILED: step 3 (tap)")
        .contains("com.android.settings:id/wifi_row")
        .contains("on screen:")
        .contains("WLAN");

    // A dialog on the way: the recorded check of the Wi-Fi page catches it before any tap.
    Cli.Result popup =
        run(env(), db(), "run", "--flow", recorded.toString(), "--no-ocr", "-d", "sim:drift-popup");
    assertThat(popup.exit()).isEqualTo(1);
    assertThat(popup.out())
        .contains("FAILED: step 4 (assert_visible)")
        .contains("Networks nearby appear when Wi-Fi is on.")
        .contains("Not now");
  }

  @Test
  void aRunThatDidNotSucceedRecordsNothingAndSaysWhy() throws Exception {
    Path flow = dir.resolve("broken.yaml");
    Files.writeString(
        flow, "name: broken\nsteps:\n  - tap: { text: \"No such row\", timeout_ms: 0 }\n");
    Path recorded = dir.resolve("out.yaml");
    Cli.Result r =
        run(
            env(),
            db(),
            "run",
            "--flow",
            flow.toString(),
            "--no-ocr",
            "--record",
            recorded.toString());
    assertThat(r.exit()).isEqualTo(1);
    assertThat(r.err()).contains("no flow recorded: task ").contains("ended FAILED");
    assertThat(recorded).doesNotExist();

    String taskId = Cli.taskIds(r.out()).get(0);
    Cli.Result fromTimeline = run(env(), db(), "timeline", taskId, "--to-flow", "-");
    assertThat(fromTimeline.exit()).isEqualTo(2);
    assertThat(fromTimeline.errLines()).singleElement().asString().contains("ended FAILED");
  }

  @Test
  void recordingTheFlowBeingRunOrSeveralDevicesIsBadInput() {
    Cli.Result same = run(env(), db(), "run", "--flow", wifiFlow(), "--record", wifiFlow());
    assertThat(same.exit()).isEqualTo(2);
    assertThat(same.err()).contains("is the flow being run");
    Cli.Result two =
        run(
            env(),
            db(),
            "run",
            "--flow",
            wifiFlow(),
            "-d",
            "sim",
            "-d",
            "sim",
            "--record",
            "x.yaml");
    assertThat(two.exit()).isEqualTo(2);
    assertThat(two.err()).contains("--record writes one task's flow");
  }

  private static Cli.Result run(Map<String, String> env, String db, String... args) {
    return Cli.run(env, Cli.withDb(Path.of(db), args));
  }

  /** The step lines of a flow's YAML, without the comments that name the task. */
  private static String steps(String yaml) {
    return yaml.substring(yaml.indexOf("steps:"));
  }
}
