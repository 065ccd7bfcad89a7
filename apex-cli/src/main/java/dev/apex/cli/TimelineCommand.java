package dev.apex.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.apex.core.InvalidInputException;
import dev.apex.core.Json;
import dev.apex.core.TaskId;
import dev.apex.core.TaskRecord;
import dev.apex.runtime.agent.FlowRecording;
import dev.apex.runtime.flow.RecordedStep;
import dev.apex.storage.StoredStep;
import dev.apex.storage.Timeline;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code apex timeline [TASK_ID] [--json]}: list tasks, newest first (saying how many more there
 * are beyond {@code --limit}), or show one task step by step, named by its id or a unique prefix;
 * on a file or a {@code postgresql://} timeline alike. {@code apex timeline copy} moves a file's
 * tasks to a server ({@link TimelineCopyCommand}).
 */
@Command(
    name = "timeline",
    description = "List recorded tasks, or show one task step by step.",
    mixinStandardHelpOptions = true,
    subcommands = TimelineCopyCommand.class)
final class TimelineCommand implements Callable<Integer> {

  /** How many matches an ambiguous id prefix lists. */
  static final int AMBIGUOUS_SHOWN = 10;

  @Parameters(
      arity = "0..1",
      paramLabel = "TASK_ID",
      description = "The task to show: its id, or any prefix of it that no other task shares.")
  String taskId;

  @Option(names = "--json", description = "Print JSON instead of text.")
  boolean json;

  @Option(
      names = "--limit",
      defaultValue = "20",
      description = "How many tasks to list, newest first (at least 1; default ${DEFAULT-VALUE}).")
  int limit;

  @Mixin TimelineOption timelineOption;

  @Option(
      names = "--to-flow",
      paramLabel = "FILE",
      description =
          "Write the task (one that SUCCEEDED) as a flow 'apex run --flow' replays with no model;"
              + " - for stdout.")
  String toFlow;

  @Mixin VerboseOption verbose;

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    if (limit < 1) {
      throw new InvalidInputException("--limit must be at least 1, got " + limit);
    }
    PrintWriter out = spec.commandLine().getOut();
    try (Timeline timeline = timelineOption.openExisting()) {
      if (taskId == null) {
        List<TaskRecord> tasks = timeline.tasks(limit, 0);
        listTasks(tasks, out);
        int more = tasks.size() < limit ? 0 : timeline.taskCount() - tasks.size();
        if (more > 0 && !json) {
          out.println(
              "… "
                  + more
                  + " more; --limit "
                  + (tasks.size() + more)
                  + " lists them all, 'apex timeline TASK_ID' shows one");
        }
      } else {
        TaskRecord task = resolve(timeline, taskId);
        if (toFlow != null) {
          writeFlow(task, timeline.steps(task.id()), out);
        } else {
          showTask(task, timeline.steps(task.id()), out);
        }
      }
    }
    out.flush();
    return 0;
  }

  private void writeFlow(TaskRecord task, List<StoredStep> stored, PrintWriter out) {
    List<RecordedStep> steps = new ArrayList<>();
    for (int i = 0; i < stored.size(); i++) {
      StoredStep s = stored.get(i);
      JsonNode output = s.result().get("output");
      steps.add(
          new RecordedStep(
              s.step(),
              s.scene().orElse(null),
              i + 1 < stored.size() ? stored.get(i + 1).scene().orElse(null) : null,
              s.success(),
              FlowRecording.output(output == null || output.isNull() ? null : output)));
    }
    String yaml =
        FlowRecording.toFlow(
            task.id(), task.status(), task.reason(), task.goal(), Optional.empty(), steps);
    if (toFlow.equals("-")) {
      out.print(yaml);
      return;
    }
    Path target = Path.of(toFlow);
    try {
      Files.writeString(target, yaml);
    } catch (IOException e) {
      throw new InvalidInputException("cannot write the flow to " + target + ": " + e.getMessage());
    }
    out.println(
        "wrote "
            + target
            + ": task "
            + task.id()
            + " as a flow; replay it with '"
            + RunCommand.replayCommand(target, yaml)
            + "'");
  }

  /**
   * The task {@code taskId} names: the one with that id, else the only one whose id starts with it.
   * None, or several (listed, newest first), is bad input, said in one line.
   */
  static TaskRecord resolve(Timeline timeline, String taskId) {
    if (taskId.isBlank()) {
      throw new InvalidInputException("a task id must not be blank: 'apex timeline' lists them");
    }
    Optional<TaskRecord> exact = timeline.task(TaskId.of(taskId));
    if (exact.isPresent()) {
      return exact.get();
    }
    List<TaskId> matches = timeline.idsStartingWith(taskId, AMBIGUOUS_SHOWN + 1);
    if (matches.isEmpty()) {
      throw new InvalidInputException(
          "no task '" + taskId + "' in " + timeline.location() + ": 'apex timeline' lists them");
    }
    if (matches.size() > 1) {
      String shown =
          matches.stream()
              .limit(AMBIGUOUS_SHOWN)
              .map(TaskId::value)
              .collect(Collectors.joining(", "));
      throw new InvalidInputException(
          "task id prefix '"
              + taskId
              + "' is ambiguous: "
              + shown
              + (matches.size() > AMBIGUOUS_SHOWN ? ", …" : "")
              + "; give more of the id");
    }
    return timeline.task(matches.get(0)).orElseThrow();
  }

  private void listTasks(List<TaskRecord> tasks, PrintWriter out) {
    if (json) {
      out.println(Json.writePretty(tasks));
      return;
    }
    if (tasks.isEmpty()) {
      out.println("no tasks recorded yet");
      return;
    }
    out.printf(
        "%-12s  %-15s  %-20s  %5s  %-10s  %s%n",
        "TASK", "STATUS", "STARTED", "STEPS", "DEVICE", "GOAL");
    for (TaskRecord t : tasks) {
      out.printf(
          "%-12s  %-15s  %-20s  %5d  %-10s  %s%n",
          t.id(),
          t.status(),
          t.startedAt() == null
              ? ""
              : t.startedAt().toString().replace('T', ' ').replaceAll("\\..*|Z", ""),
          t.steps(),
          t.device(),
          StepLines.field(t.goal()));
    }
  }

  private void showTask(TaskRecord task, List<StoredStep> steps, PrintWriter out) {
    if (json) {
      ObjectNode root = Json.mapper().valueToTree(task);
      ArrayNode array = root.putArray("stepList");
      for (StoredStep s : steps) {
        array.add(stepJson(s));
      }
      out.println(Json.writePretty(root));
      return;
    }
    out.printf(
        "task %s  %s  on %s  goal: %s%n",
        task.id(), task.status(), task.device(), StepLines.field(task.goal()));
    if (task.reason() != null) {
      out.println("reason: " + StepLines.field(task.reason()));
    }
    for (StoredStep s : steps) {
      out.println(StepLines.timelineLine(s));
    }
  }

  private static JsonNode stepJson(StoredStep s) {
    ObjectNode node = Json.mapper().createObjectNode();
    node.put("index", s.index());
    node.put("startedAt", String.valueOf(s.startedAt()));
    node.put("action", s.action());
    node.put("success", s.success());
    node.put("error", s.error());
    node.set("step", readTree(s.stepJson()));
    node.set("result", readTree(s.resultJson()));
    node.set("scene", s.sceneJson() == null ? null : readTree(s.sceneJson()));
    JsonNode annotations = readTree(s.annotationsJson());
    annotations.fields().forEachRemaining(e -> node.set(e.getKey(), e.getValue()));
    ObjectNode timings = node.putObject("timingsMs");
    timings.put("observe", s.observeTime().toMillis());
    timings.put("plan", s.planTime().toMillis());
    timings.put("act", s.actTime().toMillis());
    node.put("hasScreenshot", s.hasScreenshot());
    return node;
  }

  private static JsonNode readTree(String json) {
    try {
      return Json.mapper().readTree(json);
    } catch (Exception e) {
      return Json.mapper().getNodeFactory().textNode(json);
    }
  }
}
