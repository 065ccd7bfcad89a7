package dev.apex.storage;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.Json;
import dev.apex.core.TaskId;
import dev.apex.core.TaskRecord;
import dev.apex.core.TaskStatus;
import dev.apex.llm.LlmUsage;
import dev.apex.timeline.StepExtras;
import dev.apex.timeline.StepRecord;
import dev.apex.timeline.StepUsage;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A timeline written by the code before the extras were typed (the fixture's README says how)
 * opens, and every step reads back with its typed extras; the same extras written today are stored
 * as the same JSON.
 */
class TimelineBeforeTypedExtrasTest {

  static final String FIXTURE = "/timelines/before-typed-extras.db";
  static final TaskId TASK = TaskId.of("t-before-typed-extras");
  static final TaskId PLAIN = TaskId.of("t-before-plain");

  @TempDir Path dir;

  /** A copy of the fixture: opening a timeline writes to it. */
  static Path copyOfFixture(Path dir) throws IOException {
    Path file = dir.resolve("old.db");
    try (InputStream in = TimelineBeforeTypedExtrasTest.class.getResourceAsStream(FIXTURE)) {
      assertThat(in).as("the fixture " + FIXTURE).isNotNull();
      Files.copy(in, file);
    }
    return file;
  }

  @Test
  void everyStepOfTheOldFileReadsBackWithItsTypedExtras() throws IOException {
    try (SqliteTimeline timeline = SqliteTimeline.open(copyOfFixture(dir))) {
      assertThat(timeline.tasks(10, 0))
          .extracting(TaskRecord::id, TaskRecord::status, TaskRecord::steps)
          .containsExactlyInAnyOrder(
              org.assertj.core.groups.Tuple.tuple(TASK, TaskStatus.SUCCEEDED, 4),
              org.assertj.core.groups.Tuple.tuple(PLAIN, TaskStatus.FAILED, 2));
      List<StoredStep> steps = timeline.steps(TASK);
      assertThat(steps)
          .extracting(StoredStep::action)
          .containsExactly("launch_app", "launch_app", "wait", "terminate_app");
      assertThat(steps).allSatisfy(s -> assertThat(s.hasScreenshot()).isTrue());

      StepExtras first = steps.get(0).extras();
      assertThat(first.semanticScene().page()).isEqualTo("launcher");
      assertThat(first.semanticScene().widgets())
          .singleElement()
          .satisfies(w -> assertThat(w.purpose()).isEqualTo("opens the settings"));
      assertThat(first.semanticUnavailable()).isNull();
      assertThat(first.llmUsage()).containsExactly(StepUsage.of(new LlmUsage(410, 35, 1200, 0)));
      assertThat(first.world().currentApp()).isEqualTo("com.android.settings");
      assertThat(first.world().currentPage()).isEqualTo("launcher");
      assertThat(first.world().history()).hasSize(1);

      StepExtras second = steps.get(1).extras();
      assertThat(second.semanticScene()).isNull();
      assertThat(second.semanticUnavailable()).isEqualTo("overloaded");
      assertThat(second.llmUsage())
          .containsExactly(
              new StepUsage("claude-sonnet-5-5", 1, new LlmUsage(1700, 70, 2300, 0), 0.0246));
      assertThat(second.world().currentApp()).isEqualTo("com.apex.sim.notes");
      assertThat(steps.get(1).otherAnnotations().path("plan_note").path("n").asInt())
          .as("an annotation this version does not know is kept, by name")
          .isEqualTo(7);

      StepExtras third = steps.get(2).extras();
      assertThat(third.semanticUnavailable()).isEqualTo("timeout");
      assertThat(third.llmUsage())
          .as("the labeller's usage, then the planner's")
          .containsExactly(
              StepUsage.of(new LlmUsage(120, 4, 0, 1200)),
              new StepUsage("claude-sonnet-5-5", 2, new LlmUsage(2550, 70, 0, 2300), 0.0369));

      StepExtras fourth = steps.get(3).extras();
      assertThat(fourth.semanticScene().page()).isEqualTo("notes list");
      assertThat(fourth.world().currentApp()).isNull();
      assertThat(fourth.world().currentPage()).isEqualTo("notes list");
      assertThat(fourth.world().history()).hasSize(4);

      for (int i : new int[] {0, 2, 3}) {
        assertThat(steps.get(i).otherAnnotations()).as("step " + (i + 1)).isEmpty();
      }
      assertThat(timeline.steps(PLAIN))
          .hasSize(2)
          .allSatisfy(
              s -> {
                assertThat(s.extras()).isEqualTo(StepExtras.NONE);
                assertThat(s.otherAnnotations()).isEmpty();
              });
    }
  }

  @Test
  void theSameExtrasWrittenTodayAreStoredAsTheOldJson() throws IOException {
    try (SqliteTimeline timeline = SqliteTimeline.open(copyOfFixture(dir))) {
      List<StoredStep> old = timeline.steps(TASK);
      TaskId again = TaskId.of("written-again");
      timeline.startTask(again, "sim", "the same steps, written by today's code");
      for (StoredStep s : old) {
        timeline.append(
            new StepRecord(
                again,
                s.index(),
                s.startedAt(),
                s.scene().orElse(null),
                s.step(),
                dev.apex.core.StepResult.ok(s.step(), null, 1, s.actTime()),
                s.observeTime(),
                s.planTime(),
                s.actTime(),
                null,
                s.extras()));
      }
      List<StoredStep> rewritten = timeline.steps(again);
      for (int i = 0; i < old.size(); i++) {
        JsonNode before = old.get(i).annotations().deepCopy();
        ((com.fasterxml.jackson.databind.node.ObjectNode) before).remove("plan_note");
        assertThat(rewritten.get(i).annotations()).as("step " + (i + 1)).isEqualTo(before);
      }
      assertThat(rewritten.get(0).annotationsJson())
          .as("key order too, where the old writer had one")
          .isEqualTo(old.get(0).annotationsJson());
      assertThat(
              Json.mapper().readTree(rewritten.get(2).annotationsJson()).get("llm_usage").isArray())
          .isTrue();
    }
  }
}
