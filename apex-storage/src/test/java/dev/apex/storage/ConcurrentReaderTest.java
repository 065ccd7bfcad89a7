package dev.apex.storage;

import static dev.apex.storage.StepAssertions.assertStoredAs;
import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Readers on other connections (as a console in another process would be) and other threads. */
class ConcurrentReaderTest {

  private static final TaskId TASK = TaskId.of("live");

  @TempDir Path dir;

  private Path file;
  private SqliteTimeline timeline;

  @BeforeEach
  void open() {
    file = dir.resolve("timeline.db");
    timeline = SqliteTimeline.open(file);
    timeline.startTask(TASK, "sim", "goal");
  }

  @AfterEach
  void close() {
    timeline.close();
  }

  @Test
  void aSecondConnectionSeesEachStepAsSoonAsAppendReturns() throws Exception {
    try (Connection reader = DriverManager.getConnection("jdbc:sqlite:" + file)) {
      for (int i = 1; i <= 10; i++) {
        timeline.append(TestSteps.step(TASK, i));

        assertThat(stepCount(reader)).isEqualTo(i);
      }
    }
  }

  @Test
  void anOpenReadTransactionDoesNotBlockTheWriter() throws Exception {
    timeline.append(TestSteps.step(TASK, 1));
    try (Connection reader = DriverManager.getConnection("jdbc:sqlite:" + file)) {
      reader.setAutoCommit(false);
      assertThat(stepCount(reader)).isEqualTo(1);

      // With a rollback journal this commit would wait for the reader and then fail.
      timeline.append(TestSteps.step(TASK, 2));

      assertThat(stepCount(reader)).as("the reader keeps its snapshot").isEqualTo(1);
      reader.commit();
      assertThat(stepCount(reader)).isEqualTo(2);
    }
  }

  @Test
  void anotherTimelineOnTheSameFileTailsARunningTask() {
    try (SqliteTimeline console = SqliteTimeline.open(file)) {
      for (int i = 1; i <= 5; i++) {
        timeline.append(TestSteps.step(TASK, i));

        List<StoredStep> fresh = console.stepsAfter(TASK, i - 1);
        assertThat(fresh).hasSize(1);
        assertStoredAs(fresh.get(0), TestSteps.step(TASK, i));
        assertThat(console.task(TASK).orElseThrow().steps()).isEqualTo(i);
      }
      timeline.finishTask(TASK, TaskStatus.SUCCEEDED, null);

      assertThat(console.task(TASK).orElseThrow().status()).isEqualTo(TaskStatus.SUCCEEDED);
    }
  }

  @Test
  @Timeout(value = 2, unit = TimeUnit.MINUTES) // a safety net for a deadlock, not a measurement
  void oneWriterAndManyReaderThreadsShareOneTimeline() throws Exception {
    int steps = 40;
    ExecutorService threads = Executors.newFixedThreadPool(4);
    try {
      Future<?> writer =
          threads.submit(
              () -> {
                for (int i = 1; i <= steps; i++) {
                  timeline.append(TestSteps.step(TASK, i));
                }
              });
      List<Future<Integer>> readers = new ArrayList<>();
      for (int r = 0; r < 3; r++) {
        readers.add(threads.submit(tail(writer, steps)));
      }

      writer.get();
      for (Future<Integer> reader : readers) {
        assertThat(reader.get()).isEqualTo(steps);
      }
    } finally {
      threads.shutdownNow();
    }
  }

  /** Follows the task as a console would, checking that steps arrive whole, once, in order. */
  private Callable<Integer> tail(Future<?> writer, int steps) {
    return () -> {
      int seen = 0;
      while (seen < steps) {
        boolean writerDone = writer.isDone();
        for (StoredStep step : timeline.stepsAfter(TASK, seen)) {
          assertThat(step.index()).isEqualTo(seen + 1);
          assertStoredAs(step, TestSteps.step(TASK, step.index()));
          seen++;
        }
        assertThat(timeline.task(TASK).orElseThrow().steps()).isGreaterThanOrEqualTo(seen);
        if (writerDone && seen < steps) {
          throw new AssertionError("the writer stopped but only " + seen + " steps are visible");
        }
      }
      return seen;
    };
  }

  private static int stepCount(Connection reader) throws SQLException {
    try (PreparedStatement query =
        reader.prepareStatement("SELECT count(*) FROM steps WHERE task_id = ?")) {
      query.setString(1, TASK.value());
      try (ResultSet rs = query.executeQuery()) {
        rs.next();
        return rs.getInt(1);
      }
    }
  }
}
