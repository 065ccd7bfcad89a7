package dev.apex.cli;

import dev.apex.storage.Timelines;
import java.nio.file.Path;
import java.util.Map;
import picocli.CommandLine.Option;

/** {@code --db}: where the commands that record or read tasks find the timeline. */
final class TimelineOption {

  @Option(names = "--db", paramLabel = "FILE", description = "The timeline file.")
  Path db;

  /** The environment settings come from; the process's unless a test gives another. */
  Map<String, String> env = System.getenv();

  /** The timeline a command records into: {@code --db}, else the default file. */
  Path file() {
    return db != null ? db : Timelines.defaultFile();
  }

  /**
   * The timeline a reading command opens, which must exist.
   *
   * @throws dev.apex.core.InvalidInputException in one line saying how to get one
   */
  Path existing() {
    return Timelines.existing(db);
  }
}
