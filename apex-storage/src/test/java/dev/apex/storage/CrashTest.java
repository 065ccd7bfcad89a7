package dev.apex.storage;

import static dev.apex.storage.StepAssertions.assertStoredAs;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.TaskId;
import dev.apex.core.TaskRecord;
import dev.apex.core.TaskStatus;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kills a writer process mid-run and checks that every step it reported as recorded survived, that
 * the file is intact, and that a reader records the task {@link TaskStatus#INTERRUPTED}: its
 * process is gone and no end was recorded. The child prints a line only after its append returned,
 * so each printed index was committed before the kill.
 */
@Tag("e2e")
class CrashTest {

  private static final Pattern RECORDED = Pattern.compile("recorded (\\d+)");
  private static final TaskId TASK = TaskId.of("crashed");
  private static final int STEPS_TO_SEE = 5;

  @TempDir Path dir;

  @Test
  @Timeout(value = 5, unit = TimeUnit.MINUTES) // a safety net for a hung child, not a measurement
  void killingTheWriterLosesNoRecordedStep() throws Exception {
    Path file = dir.resolve("timeline.db");
    Path childErrors = dir.resolve("child-stderr.txt");
    Process child =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                CrashWriter.class.getName(),
                file.toString(),
                TASK.value(),
                "10000")
            .redirectError(childErrors.toFile())
            .start();
    List<Integer> printed = new ArrayList<>();
    try (BufferedReader out =
        new BufferedReader(new InputStreamReader(child.getInputStream(), UTF_8))) {
      String line;
      while (printed.size() < STEPS_TO_SEE && (line = out.readLine()) != null) {
        printed.add(recorded(line, childErrors));
      }
      // SIGKILL through the handle: Process.destroyForcibly() would also close our end of the pipe,
      // and the lines still in it are reports too.
      child.toHandle().destroyForcibly();
      child.waitFor();
      // Lines the child printed before it died count too; a line cut by the kill is ignored.
      while ((line = out.readLine()) != null) {
        Matcher m = RECORDED.matcher(line);
        if (m.matches()) {
          printed.add(Integer.parseInt(m.group(1)));
        }
      }
    } finally {
      child.destroyForcibly();
    }
    assertThat(printed)
        .as("the child's reports; its stderr: %s", errors(childErrors))
        .hasSizeGreaterThanOrEqualTo(STEPS_TO_SEE)
        .isSorted();
    int lastRecorded = printed.get(printed.size() - 1);

    try (Connection raw = DriverManager.getConnection("jdbc:sqlite:" + file);
        Statement statement = raw.createStatement();
        ResultSet rs = statement.executeQuery("PRAGMA integrity_check")) {
      assertThat(rs.next()).isTrue();
      assertThat(rs.getString(1)).isEqualTo("ok");
    }
    try (SqliteTimeline timeline = SqliteTimeline.open(file)) {
      TaskRecord task = timeline.task(TASK).orElseThrow();
      assertThat(task.status()).isEqualTo(TaskStatus.INTERRUPTED);
      assertThat(task.reason()).contains("pid " + child.pid()).contains("step(s) kept");
      List<StoredStep> steps = timeline.steps(TASK);
      // Steps committed after the last line we read may be there too; none may be missing or torn.
      assertThat(steps).hasSizeGreaterThanOrEqualTo(lastRecorded);
      for (int i = 0; i < steps.size(); i++) {
        int index = i + 1;
        assertStoredAs(steps.get(i), TestSteps.step(TASK, index));
        assertThat(timeline.screenshot(TASK, index))
            .as("screenshot of step %d", index)
            .hasValueSatisfying(png -> assertThat(png).isEqualTo(TestSteps.png(index)));
      }
    }
  }

  private static int recorded(String line, Path childErrors) throws IOException {
    Matcher m = RECORDED.matcher(line);
    assertThat(m.matches())
        .as("child printed %s; its stderr: %s", line, errors(childErrors))
        .isTrue();
    return Integer.parseInt(m.group(1));
  }

  private static String errors(Path childErrors) throws IOException {
    return Files.exists(childErrors) ? Files.readString(childErrors) : "(none)";
  }
}
