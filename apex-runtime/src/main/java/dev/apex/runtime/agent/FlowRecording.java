package dev.apex.runtime.agent;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.apex.core.InvalidInputException;
import dev.apex.core.Json;
import dev.apex.core.Scene;
import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.runtime.TaskListener;
import dev.apex.runtime.flow.Flow;
import dev.apex.runtime.flow.FlowReplay;
import dev.apex.runtime.flow.FlowWriter;
import dev.apex.runtime.flow.RecordedStep;
import dev.apex.timeline.ReplayMark;
import dev.apex.timeline.StepRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Records a run so that it can be replayed as a flow with no model: add it to a run ({@code
 * AgentRun.goal(g).withListener(recording)}), then, once the run SUCCEEDED, {@link #toFlow} gives
 * the flow's YAML ({@link FlowWriter}). Thread-safe.
 *
 * <pre>{@code
 * FlowRecording recording = new FlowRecording();
 * AgentOutcome outcome = agent.run(AgentRun.goal("Turn Wi-Fi on").withListener(recording));
 * Files.writeString(Path.of("wifi.yaml"), recording.toFlow(outcome));
 * }</pre>
 */
public final class FlowRecording implements TaskListener {

  private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {};

  private final List<StepRecord> records = new ArrayList<>();
  private final List<Scene> after = new ArrayList<>();
  private final String name;
  private String goal;

  /** A recording whose flow is named after the task's goal. */
  public FlowRecording() {
    this(null);
  }

  /**
   * @param name the flow's name (a replayed flow's own), or null for the task's goal
   */
  public FlowRecording(String name) {
    this.name = name;
  }

  @Override
  public synchronized void taskStarted(TaskId taskId, String device, String goal) {
    this.goal = goal;
  }

  @Override
  public synchronized void sceneObserved(TaskId taskId, int stepsSoFar, Scene scene) {
    while (after.size() < records.size()) {
      after.add(scene);
    }
  }

  @Override
  public synchronized void stepRecorded(StepRecord record) {
    while (after.size() < records.size()) {
      after.add(null);
    }
    records.add(record);
  }

  /**
   * The run as flow YAML, with the goal and the model's summary as comments.
   *
   * @throws InvalidInputException when the run did not succeed (a flow of a failed run would replay
   *     the failure), saying how it ended
   */
  public synchronized String toFlow(AgentOutcome outcome) {
    List<RecordedStep> steps = new ArrayList<>();
    for (int i = 0; i < records.size(); i++) {
      steps.add(recorded(i));
    }
    return toFlow(
        outcome.taskId(),
        outcome.status(),
        outcome.reason(),
        name != null ? name : goal == null ? "recorded task" : goal,
        outcome.summary(),
        steps);
  }

  /**
   * The flow {@code replay} replayed, healed: its own steps as written ({@code ${NAME}} unfilled),
   * each with the screen it ran on this time, and in place of each healed step the steps the healer
   * planned, located as a recording locates them. Steps that failed are left out (the drifted step
   * the healer replaced, a healed step the model then corrected).
   *
   * @throws InvalidInputException when the run did not succeed, saying how it ended
   */
  public synchronized String toHealedFlow(AgentOutcome outcome, FlowReplay replay) {
    if (outcome.status() != TaskStatus.SUCCEEDED) {
      throw new InvalidInputException(
          "no healed flow written: task "
              + outcome.taskId()
              + " ended "
              + outcome.status()
              + " ("
              + outcome.reason()
              + "); only a replay that SUCCEEDED is written back");
    }
    Flow flow = replay.flow();
    List<Integer> origins = replay.origins();
    List<RecordedStep> steps = new ArrayList<>();
    for (int i = 0; i < records.size(); i++) {
      StepRecord r = records.get(i);
      int origin = i < origins.size() ? origins.get(i) : -1;
      steps.add(
          origin >= 0
              ? RecordedStep.authored(flow.written().get(origin), r.scene(), r.result().success())
              : recorded(i));
    }
    List<String> comments = new ArrayList<>();
    comments.add(
        "Healed by apex from task "
            + outcome.taskId()
            + " ("
            + outcome.status()
            + ": "
            + outcome.reason()
            + ")");
    comments.add("flow: " + flow.source());
    for (ReplayMark mark : replay.marks()) {
      if (mark.kind() == ReplayMark.Kind.HEALED) {
        comments.add("healed: " + mark.note());
      }
    }
    try {
      return FlowWriter.write(flow.name(), comments, steps);
    } catch (IllegalArgumentException e) {
      throw new InvalidInputException(
          "no healed flow written: task " + outcome.taskId() + " " + e.getMessage());
    }
  }

  /**
   * A finished task as flow YAML: what {@code apex timeline ID --to-flow} writes from the steps the
   * timeline kept, and what {@link #toFlow(AgentOutcome)} writes from a live run.
   *
   * @param goal the task's goal, the flow's name
   * @param summary the model's summary of the run, written as a comment
   * @throws InvalidInputException when the task did not succeed, saying how it ended
   */
  public static String toFlow(
      TaskId taskId,
      TaskStatus status,
      String reason,
      String goal,
      Optional<String> summary,
      List<RecordedStep> steps) {
    if (status != TaskStatus.SUCCEEDED) {
      throw new InvalidInputException(
          "no flow recorded: task "
              + taskId
              + " ended "
              + status
              + " ("
              + reason
              + "); only a task that SUCCEEDED is recorded");
    }
    List<String> comments = new ArrayList<>();
    comments.add("Recorded by apex from task " + taskId + " (" + status + ": " + reason + ")");
    comments.add("goal: " + goal);
    summary.ifPresent(s -> comments.add("model: " + s));
    try {
      return FlowWriter.write(goal, comments, steps);
    } catch (IllegalArgumentException e) {
      throw new InvalidInputException("no flow recorded: task " + taskId + " " + e.getMessage());
    }
  }

  /** Step {@code i} as it ran, with the scene it left. */
  private RecordedStep recorded(int i) {
    StepRecord r = records.get(i);
    return new RecordedStep(
        r.step(),
        r.scene(),
        i < after.size() ? after.get(i) : null,
        r.result().success(),
        output(r.result().output()));
  }

  /** A tool's output as a JSON map, or empty. */
  public static Map<String, Object> output(Object output) {
    if (output == null || output instanceof String) {
      return Map.of();
    }
    try {
      return Json.mapper().convertValue(output, MAP);
    } catch (IllegalArgumentException e) {
      return Map.of();
    }
  }
}
