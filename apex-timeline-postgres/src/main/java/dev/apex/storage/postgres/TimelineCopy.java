package dev.apex.storage.postgres;

import dev.apex.core.TaskId;
import dev.apex.core.TaskRecord;
import dev.apex.storage.StoredObservation;
import dev.apex.storage.StoredStep;
import dev.apex.storage.Timeline;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Copies a timeline's finished tasks (a machine's SQLite file, say) into a PostgreSQL timeline, so
 * a team starts from what its members already ran: each task with its steps, their screenshots
 * (those retention kept) and its final screen, in one transaction per task, oldest first.
 * Idempotent: a task whose id the target already holds is left as it is, so copying twice copies
 * once. A task still running in the source is not copied (its end is not known yet); copy again
 * once it ended. The texts are copied as stored (the source redacted them when it recorded them).
 */
public final class TimelineCopy {

  /** How many tasks are listed from the source per page. */
  static final int PAGE = 200;

  /**
   * What a copy did.
   *
   * @param copied tasks copied now
   * @param present tasks the target held already, left untouched
   * @param running tasks still running in the source, not copied
   */
  public record Result(int copied, int present, int running) {}

  private TimelineCopy() {}

  /** Copies every finished task of {@code from} that {@code to} does not hold yet. */
  public static Result copy(Timeline from, PostgresTimeline to) {
    Objects.requireNonNull(from, "from");
    Objects.requireNonNull(to, "to");
    List<TaskRecord> all = new ArrayList<>();
    for (int offset = 0; ; offset += PAGE) {
      List<TaskRecord> page = from.tasks(PAGE, offset);
      all.addAll(page);
      if (page.size() < PAGE) {
        break;
      }
    }
    Collections.reverse(all);
    int copied = 0;
    int present = 0;
    int running = 0;
    for (TaskRecord task : all) {
      if (!task.status().isFinal()) {
        running++;
      } else if (copyOne(from, to, task)) {
        copied++;
      } else {
        present++;
      }
    }
    return new Result(copied, present, running);
  }

  private static boolean copyOne(Timeline from, PostgresTimeline to, TaskRecord task) {
    TaskId id = task.id();
    List<StoredStep> steps = from.steps(id);
    List<byte[]> screenshots = new ArrayList<>(steps.size());
    for (StoredStep step : steps) {
      screenshots.add(step.hasScreenshot() ? from.screenshot(id, step.index()).orElse(null) : null);
    }
    Optional<StoredObservation> last = from.finalObservation(id);
    byte[] lastPng =
        last.filter(StoredObservation::hasScreenshot)
            .flatMap(o -> from.finalScreenshot(id))
            .orElse(null);
    return to.copyTask(
        "copy task " + id,
        c -> {
          if (!insertTask(c, task)) {
            return false;
          }
          for (int i = 0; i < steps.size(); i++) {
            insertStep(c, steps.get(i), screenshots.get(i));
          }
          if (last.isPresent()) {
            insertFinal(c, last.get(), lastPng);
          }
          return true;
        });
  }

  private static boolean insertTask(Connection c, TaskRecord task) throws SQLException {
    try (PreparedStatement insert =
        c.prepareStatement(
            "INSERT INTO tasks (id, device, goal, status, reason, started_at, ended_at, suite_id)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING")) {
      insert.setString(1, task.id().value());
      PostgresWriter.setText(insert, 2, task.device());
      PostgresWriter.setText(insert, 3, task.goal());
      insert.setString(4, task.status().name());
      PostgresWriter.setText(insert, 5, task.reason());
      PostgresWriter.setInstant(insert, 6, task.startedAt());
      PostgresWriter.setInstant(insert, 7, task.endedAt());
      PostgresWriter.setText(insert, 8, task.suiteId());
      return insert.executeUpdate() == 1;
    }
  }

  private static void insertStep(Connection c, StoredStep s, byte[] png) throws SQLException {
    try (PreparedStatement insert =
        c.prepareStatement(
            "INSERT INTO steps (task_id, idx, started_at, action, success, error, scene, step,"
                + " result, annotations, observe_nanos, plan_nanos, act_nanos)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
      insert.setString(1, s.taskId().value());
      insert.setInt(2, s.index());
      PostgresWriter.setInstant(insert, 3, s.startedAt());
      insert.setString(4, s.action());
      insert.setBoolean(5, s.success());
      PostgresWriter.setText(insert, 6, s.error());
      PostgresWriter.setText(insert, 7, s.sceneJson());
      insert.setString(8, s.stepJson());
      insert.setString(9, s.resultJson());
      insert.setString(10, s.annotationsJson());
      insert.setLong(11, s.observeTime().toNanos());
      insert.setLong(12, s.planTime().toNanos());
      insert.setLong(13, s.actTime().toNanos());
      insert.executeUpdate();
    }
    if (png != null) {
      try (PreparedStatement insert =
          c.prepareStatement("INSERT INTO screenshots (task_id, idx, png) VALUES (?, ?, ?)")) {
        insert.setString(1, s.taskId().value());
        insert.setInt(2, s.index());
        insert.setBytes(3, png);
        insert.executeUpdate();
      }
    }
  }

  private static void insertFinal(Connection c, StoredObservation o, byte[] png)
      throws SQLException {
    try (PreparedStatement insert =
        c.prepareStatement(
            "INSERT INTO final_observations (task_id, after_step, observed_at, scene, png)"
                + " VALUES (?, ?, ?, ?, ?)")) {
      insert.setString(1, o.taskId().value());
      insert.setInt(2, o.afterStep());
      PostgresWriter.setInstant(insert, 3, o.observedAt());
      insert.setString(4, o.sceneJson());
      insert.setBytes(5, png);
      insert.executeUpdate();
    }
  }
}
