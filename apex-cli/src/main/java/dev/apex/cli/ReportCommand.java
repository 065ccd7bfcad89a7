package dev.apex.cli;

import dev.apex.console.TaskReport;
import dev.apex.core.InvalidInputException;
import dev.apex.core.TaskRecord;
import dev.apex.storage.Timeline;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code apex report TASK_ID [-o FILE.html]}: one recorded task as one self-contained HTML file
 * ({@link TaskReport}, the bytes the console's "Download report" serves). Without {@code -o} it
 * writes {@code apex-report-TASK_ID.html} in the current folder. An unknown (or ambiguous) id is
 * one line naming it and exit 2, like every bad input.
 */
@Command(
    name = "report",
    description =
        "Write one recorded task as a self-contained HTML file (screens, boxes, every step) that"
            + " opens offline.",
    mixinStandardHelpOptions = true)
final class ReportCommand implements Callable<Integer> {

  @Parameters(
      paramLabel = "TASK_ID",
      description = "The task: its id, or any prefix of it that no other task shares.")
  String taskId;

  @Option(
      names = {"-o", "--output"},
      paramLabel = "FILE",
      description = "Where to write it (default apex-report-TASK_ID.html here).")
  Path output;

  @Mixin TimelineOption timelineOption;

  @Mixin VerboseOption verbose;

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    // Screenshots are scaled off-screen.
    System.setProperty("java.awt.headless", "true");
    PrintWriter out = spec.commandLine().getOut();
    try (Timeline timeline = timelineOption.openExisting()) {
      TaskRecord task = TimelineCommand.resolve(timeline, taskId);
      byte[] html =
          TaskReport.render(timeline, task.id(), Version.current())
              .orElseThrow(
                  () ->
                      new InvalidInputException(
                          "no task '" + taskId + "' in " + timeline.location()));
      Path target = output != null ? output : Path.of(TaskReport.defaultFileName(task.id()));
      try {
        Files.write(target, html);
      } catch (IOException e) {
        throw new InvalidInputException(
            "cannot write the report to " + target + ": " + e.getMessage());
      }
      out.printf(
          "wrote %s: task %s, %d step(s), %.1f KiB; it opens offline in any browser%n",
          target, task.id(), task.steps(), html.length / 1024.0);
    }
    out.flush();
    return 0;
  }
}
