package dev.apex.cli;

import dev.apex.core.InvalidInputException;
import dev.apex.storage.SqliteTimeline;
import dev.apex.storage.Timelines;
import dev.apex.storage.postgres.PostgresLocation;
import dev.apex.storage.postgres.PostgresTimeline;
import dev.apex.storage.postgres.TimelineCopy;
import dev.apex.timeline.TimelineOptions;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code apex timeline copy --from FILE.db --to postgresql://…}: copies a machine's finished tasks
 * into a shared PostgreSQL timeline, idempotently (a task copied twice is there once).
 */
@Command(
    name = "copy",
    description =
        "Copy the finished tasks of a timeline file into a PostgreSQL timeline; tasks it holds"
            + " already are left as they are, so copying again copies only what is new.",
    mixinStandardHelpOptions = true)
final class TimelineCopyCommand implements Callable<Integer> {

  @Option(
      names = "--from",
      required = true,
      paramLabel = "FILE",
      description = "The SQLite timeline file to copy from.")
  Path from;

  @Option(
      names = "--to",
      required = true,
      paramLabel = "URL",
      description = "postgresql://USER[:PASSWORD]@HOST:PORT/DBNAME (password else PGPASSWORD).")
  String to;

  @Mixin VerboseOption verbose;

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    if (!PostgresLocation.isPostgres(to)) {
      throw new InvalidInputException(
          "--to must be postgresql://USER[:PASSWORD]@HOST:PORT/DBNAME, the timeline to copy into");
    }
    PostgresLocation target = PostgresLocation.parse(to);
    Path file = from;
    if (!Files.isRegularFile(file)) {
      throw new InvalidInputException(
          "--from: no timeline file at "
              + file
              + "; give the SQLite file to copy (e.g. ~/.apex/timeline.db)");
    }
    Timelines.checkFile(file);
    PrintWriter out = spec.commandLine().getOut();
    try (SqliteTimeline source = SqliteTimeline.open(file);
        PostgresTimeline destination = PostgresTimeline.open(to, TimelineOptions.DEFAULTS)) {
      TimelineCopy.Result result = TimelineCopy.copy(source, destination);
      out.println(
          "copied "
              + result.copied()
              + " task(s) from "
              + file
              + " to "
              + target
              + "; "
              + result.present()
              + " were there already"
              + (result.running() > 0
                  ? ", " + result.running() + " still running were left (copy again once ended)"
                  : ""));
    }
    out.flush();
    return 0;
  }
}
