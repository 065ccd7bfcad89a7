package dev.apex.console;

import dev.apex.core.PlannedStep;
import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.runtime.Cancellation;
import dev.apex.runtime.Observation;
import dev.apex.runtime.TaskListener;
import dev.apex.runtime.TaskOutcome;
import dev.apex.runtime.TaskRunner;
import dev.apex.storage.SqliteTimeline;
import dev.apex.testkit.FakeDevice;
import dev.apex.timeline.StepRecord;
import dev.apex.tools.ToolRegistry;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The child process of {@link RemoteCancelTest}, standing for {@code apex run} in another terminal:
 * runs a task on a fake device in the given timeline — a key press, a ten-minute wait, another key
 * press — recording it as the CLI does, with cancels asked through the timeline handed to the task.
 * Prints {@code started ID}, {@code step N} after each recorded step and {@code ended STATUS:
 * REASON}. Arguments: the timeline file.
 */
public final class RemoteRunner {

  private static final List<PlannedStep> STEPS =
      List.of(
          PlannedStep.of("press_key", Map.of("key", "back")),
          PlannedStep.of("wait", Map.of("ms", 600_000)),
          PlannedStep.of("press_key", Map.of("key", "back")));

  private RemoteRunner() {}

  public static void main(String[] args) {
    Cancellation cancellation = new Cancellation();
    try (SqliteTimeline timeline = SqliteTimeline.open(Path.of(args[0]))) {
      TaskListener recorder =
          new TaskListener() {
            @Override
            public void taskStarted(TaskId taskId, String device, String goal) {
              timeline.startTask(taskId, device, goal);
              timeline.onStopRequest(taskId, cancellation::cancel);
              say("started " + taskId);
            }

            @Override
            public void stepRecorded(StepRecord record) {
              timeline.append(record);
              say("step " + record.index());
            }

            @Override
            public void taskFinished(TaskId taskId, TaskStatus status, String reason) {
              timeline.finishTask(taskId, status, reason);
            }
          };
      FakeDevice device = new FakeDevice();
      TaskRunner runner =
          TaskRunner.builder(
                  device,
                  () -> new Observation(new dev.apex.core.Scene(1080, 2400, List.of()), null),
                  (goal, scene, ctx) ->
                      ctx.stepCount() < STEPS.size()
                          ? List.of(STEPS.get(ctx.stepCount()))
                          : List.of())
              .registry(ToolRegistry.defaultRegistry())
              .listener(recorder)
              .build();
      TaskOutcome outcome = runner.run("wait for the console", cancellation);
      say("ended " + outcome.status() + ": " + outcome.reason());
    }
  }

  private static void say(String line) {
    System.out.println(line);
    System.out.flush();
  }
}
