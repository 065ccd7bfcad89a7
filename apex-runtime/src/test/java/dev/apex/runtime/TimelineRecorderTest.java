package dev.apex.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.PlannedStep;
import dev.apex.core.StepResult;
import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.testkit.FakeClock;
import dev.apex.testkit.FakeDevice;
import dev.apex.testkit.RecordingSleeper;
import dev.apex.timeline.StepRecord;
import dev.apex.tools.TestScenes;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The one timeline recorder and its failure contract. */
class TimelineRecorderTest {

  private static final TaskId ID = TaskId.of("t1");
  private final FakeTaskTimeline timeline = new FakeTaskTimeline();

  private static StepRecord step(TaskId task, int index) {
    PlannedStep wait = PlannedStep.of("wait", Map.of("ms", index));
    return new StepRecord(
        task,
        index,
        null,
        null,
        wait,
        StepResult.ok(wait, null, 1, Duration.ZERO),
        null,
        null,
        null,
        null);
  }

  @Test
  void recordsTheStartEveryStepAndTheEndOfARealRun() {
    FakeClock clock = new FakeClock();
    Cancellation cancellation = new Cancellation();
    TimelineRecorder recorder = new TimelineRecorder(timeline, cancellation);
    int[] plans = {0};
    Planner planner =
        (goal, scene, context) ->
            plans[0]++ < 2 ? List.of(PlannedStep.of("wait", Map.of("ms", 1))) : List.of();

    TaskOutcome outcome =
        TaskRunner.builder(new FakeDevice(), () -> Observation.of(TestScenes.home()), planner)
            .clock(clock)
            .sleeper(new RecordingSleeper(clock))
            .taskIds(() -> ID)
            .listener(recorder)
            .build()
            .run("wait twice", cancellation);

    assertThat(outcome.status()).isEqualTo(TaskStatus.SUCCEEDED);
    assertThat(timeline.writes)
        .containsExactly(
            "start t1 on fake: wait twice",
            "step 1 of t1",
            "step 2 of t1",
            "end t1 SUCCEEDED: goal reached after 2 step(s)");
    assertThat(recorder.isFinished()).isTrue();
    assertThat(recorder.taskId()).contains(ID);
  }

  @Test
  void aStopHeardFromTheTimelineCancelsTheTask() {
    Cancellation cancellation = new Cancellation();
    TimelineRecorder recorder = new TimelineRecorder(timeline, cancellation);
    recorder.taskStarted(ID, "sim", "goal");

    timeline.stopListeners.get(ID).accept("cancelled from the console");

    assertThat(cancellation.reason()).contains("cancelled from the console");
  }

  @Test
  void theEndIsRecordedOnceAndAbandonDoesNotOverwriteIt() {
    TimelineRecorder recorder = new TimelineRecorder(timeline, null);
    recorder.taskStarted(ID, "sim", "goal");
    recorder.taskFinished(ID, TaskStatus.FAILED, "device gone");
    recorder.abandon("cancelled: SIGINT");
    assertThat(recorder.finish(TaskStatus.SUCCEEDED, "late")).isFalse();
    recorder.stepRecorded(step(ID, 1));

    assertThat(timeline.writes)
        .containsExactly("start t1 on sim: goal", "end t1 FAILED: device gone");
    assertThat(timeline.stopListeners).as("no cancellation given: no stop wiring").isEmpty();
  }

  @Test
  void abandonRecordsCancelledForATaskStillRunningAndNothingBeforeAStart() {
    TimelineRecorder recorder = new TimelineRecorder(timeline, new Cancellation());
    recorder.abandon("cancelled: SIGTERM");
    assertThat(timeline.writes).isEmpty();
    assertThat(recorder.isFinished()).isFalse();

    recorder.taskStarted(ID, "sim", "goal");
    recorder.stepRecorded(step(ID, 1));
    recorder.abandon("cancelled: SIGTERM");
    recorder.taskFinished(ID, TaskStatus.CANCELLED, "cancelled: SIGTERM after 1 step(s)");

    assertThat(timeline.writes)
        .containsExactly(
            "start t1 on sim: goal", "step 1 of t1", "end t1 CANCELLED: cancelled: SIGTERM");
  }

  @Test
  void aWriteThatFailsIsLoggedAndTheTaskGoesOn() {
    TimelineRecorder recorder = new TimelineRecorder(timeline, null);
    recorder.taskStarted(ID, "sim", "goal");
    timeline.failing("append");
    recorder.stepRecorded(step(ID, 1));
    timeline.failing("finish");

    assertThat(recorder.finish(TaskStatus.SUCCEEDED, "done")).isTrue();
    assertThat(recorder.isFinished()).isTrue();
    assertThat(timeline.writes).containsExactly("start t1 on sim: goal");
  }

  @Test
  void aTimelineUnreachablePastItsDeadlineEndsTheTaskFailedNamingItAndStopsTheSteps() {
    FakeClock clock = new FakeClock();
    Cancellation cancellation = new Cancellation();
    TimelineRecorder recorder = new TimelineRecorder(timeline, cancellation);
    int[] plans = {0};
    Planner planner =
        (goal, scene, context) -> {
          if (plans[0]++ == 1) {
            timeline.unreachable("append").unreachable("finish");
          }
          return List.of(PlannedStep.of("wait", Map.of("ms", 1)));
        };

    TaskOutcome outcome =
        TaskRunner.builder(new FakeDevice(), () -> Observation.of(TestScenes.home()), planner)
            .clock(clock)
            .sleeper(new RecordingSleeper(clock))
            .taskIds(() -> ID)
            .listener(recorder)
            .build()
            .run("wait forever", cancellation);

    assertThat(outcome.status()).isEqualTo(TaskStatus.FAILED);
    assertThat(outcome.reason())
        .contains("the timeline postgresql://db:5432/apex did not answer")
        .contains("after 2 step(s)");
    assertThat(timeline.writes).containsExactly("start t1 on fake: wait forever", "step 1 of t1");
    assertThat(plans[0])
        .as("no step is planned after the one that could not be recorded")
        .isEqualTo(2);
  }

  @Test
  void aStartThatCannotBeRecordedLeavesTheTaskUnrecordedWithoutThrowing() {
    timeline.failing("start");
    TimelineRecorder recorder = new TimelineRecorder(timeline, new Cancellation());

    recorder.taskStarted(ID, "sim", "goal");
    recorder.stepRecorded(step(ID, 1));
    recorder.taskFinished(ID, TaskStatus.SUCCEEDED, "done");

    assertThat(timeline.writes).isEmpty();
    assertThat(timeline.steps).isEmpty();
    assertThat(timeline.stopListeners).isEmpty();
  }

  @Test
  void aTaskStartedByTheCallerIsRecordedUnderItsIdWhateverTheRunnerReports() {
    timeline.startTask(ID, "sim", "started by the console");
    TimelineRecorder recorder = TimelineRecorder.forStartedTask(timeline, ID);

    recorder.taskStarted(TaskId.of("other"), "sim", "goal");
    recorder.stepRecorded(step(TaskId.of("other"), 1));
    recorder.stepRecorded(step(ID, 2));
    recorder.taskFinished(TaskId.of("other"), TaskStatus.SUCCEEDED, "done");
    recorder.finish(TaskStatus.FAILED, "the launcher returned no final outcome");

    assertThat(timeline.writes)
        .containsExactly(
            "start t1 on sim: started by the console",
            "step 1 of t1",
            "step 2 of t1",
            "end t1 SUCCEEDED: done");
    assertThat(timeline.steps).extracting(StepRecord::taskId).containsOnly(ID);
  }

  @Test
  void aStepBeforeAnyStartOrASecondTaskIsNotRecorded() {
    TimelineRecorder recorder = new TimelineRecorder(timeline, null);
    recorder.stepRecorded(step(ID, 1));
    recorder.taskStarted(ID, "sim", "goal");
    recorder.taskStarted(TaskId.of("t2"), "sim", "another");

    assertThat(timeline.writes).containsExactly("start t1 on sim: goal");
  }

  @Test
  void anEndMustBeFinal() {
    TimelineRecorder recorder = TimelineRecorder.forStartedTask(timeline, ID);
    assertThatThrownBy(() -> recorder.finish(TaskStatus.RUNNING, "x"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a task ends with a final status, not RUNNING");
  }
}
