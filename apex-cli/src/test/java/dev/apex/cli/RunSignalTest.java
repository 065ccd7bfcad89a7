package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * No task stays RUNNING after its process is gone: {@code apex run} in a child JVM, stopped by
 * SIGINT, SIGTERM or SIGKILL in the middle of a ten-minute wait, then read back with {@code apex
 * timeline}. Each test waits for the child's step line, never for a time; the timeouts are safety
 * nets for a child that would otherwise wait its ten minutes.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
@Tag("e2e")
class RunSignalTest {

  @TempDir Path dir;
  private Path db;
  private Path flow;

  @BeforeEach
  void flow() throws Exception {
    db = dir.resolve("timeline.db");
    flow = dir.resolve("long-wait.yaml");
    Files.writeString(
        flow,
        """
        name: Long wait
        steps:
          - launch_app: com.android.settings
          - wait: { ms: 600000 }
          - launch_app: com.android.settings
        """);
  }

  private ChildRun startRun() throws Exception {
    ChildRun child =
        ChildRun.start(
            dir,
            "run",
            "--device",
            "sim",
            "--flow",
            flow.toString(),
            "--no-ocr",
            "--db",
            db.toString());
    // Step 1's line is printed once the screen after it is observed: the wait comes next.
    child.awaitLine(l -> l.startsWith("step  1"));
    return child;
  }

  @Test
  void ctrlCStopsTheWaitRecordsCancelledAndExits130() throws Exception {
    try (ChildRun child = startRun()) {
      child.signal("INT");
      assertCancelled(child, "SIGINT", 130);
    }
  }

  @Test
  void sigtermStopsTheWaitRecordsCancelledAndExits143() throws Exception {
    try (ChildRun child = startRun()) {
      // SIGTERM, as Process.destroy() sends it, through the handle so that our end of the pipe
      // stays
      // open for the lines the child prints while it stops.
      child.process.toHandle().destroy();
      assertCancelled(child, "SIGTERM", 143);
    }
  }

  @Test
  void aRunKilledWithSigkillReadsInterruptedWithItsStepsKept() throws Exception {
    String id;
    try (ChildRun child = startRun()) {
      id = child.out().get(0).replaceAll("^task (\\w+) on .*", "$1");
      child.process.toHandle().destroyForcibly();
      child.process.waitFor();
    }

    JsonNode task = Cli.timeline(db, id);
    assertThat(task.get("status").asText()).isEqualTo("INTERRUPTED");
    assertThat(task.get("reason").asText()).contains("ended without recording an end");
    assertThat(Cli.steps(task)).isNotEmpty();
    assertThat(Cli.steps(task).get(0).get("action").asText()).isEqualTo("launch_app");
    Cli.Result list = Cli.run(Cli.withDb(db, "timeline"));
    assertThat(list.out()).contains(id).contains("INTERRUPTED").doesNotContain("RUNNING");
  }

  private void assertCancelled(ChildRun child, String signal, int exit) throws Exception {
    assertThat(child.awaitExit()).as("exit code; stderr: %s", child.err()).isEqualTo(exit);
    List<String> apexLines = child.err().lines().filter(l -> l.startsWith("apex: ")).toList();
    assertThat(apexLines).as("stderr").hasSize(1);
    assertThat(apexLines.get(0))
        .startsWith("apex: " + signal + ": stopping after the current step");
    assertThat(child.out())
        .as("stdout")
        .anySatisfy(l -> assertThat(l).startsWith("CANCELLED: cancelled: " + signal + " after "));
    String id = Cli.taskIds(String.join("\n", child.out())).get(0);

    JsonNode task = Cli.timeline(db, id);
    assertThat(task.get("status").asText()).isEqualTo("CANCELLED");
    assertThat(task.get("reason").asText()).startsWith("cancelled: " + signal + " after ");
    // launch_app, then the wait the signal cut short (unless the signal came just before it)
    assertThat(Cli.steps(task)).hasSizeBetween(1, 2);
  }
}
