package dev.apex.storage;

import dev.apex.core.InvalidInputException;
import dev.apex.timeline.TaskTimeline;
import dev.apex.timeline.TimelineOptions;
import dev.apex.timeline.TimelineProviders;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Arrays;
import java.util.Map;
import java.util.Objects;

/** Where the timeline lives when nobody says otherwise. */
public final class Timelines {

  /** The environment variable naming apex's home folder. */
  public static final String APEX_HOME = "APEX_HOME";

  static final String FILE_NAME = "timeline.db";

  private Timelines() {}

  /**
   * {@code $APEX_HOME/timeline.db} when {@code APEX_HOME} is set and not blank, else {@code
   * ~/.apex/timeline.db}. Neither the folder nor the file is created here; {@link
   * SqliteTimeline#open(Path)} does that.
   */
  public static Path defaultFile() {
    return defaultFile(System.getenv(), System.getProperty("user.home"));
  }

  /**
   * {@link #defaultFile()} for the environment {@code env} and the home folder {@code userHome}.
   */
  public static Path defaultFile(Map<String, String> env, String userHome) {
    Objects.requireNonNull(env, "env");
    String home = env.get(APEX_HOME);
    if (home != null && !home.isBlank()) {
      return Path.of(home).resolve(FILE_NAME);
    }
    Objects.requireNonNull(userHome, "userHome");
    return Path.of(userHome, ".apex", FILE_NAME);
  }

  /** Whether {@code location} names a database server ({@code scheme://…}) rather than a file. */
  public static boolean isServer(String location) {
    return location.contains("://");
  }

  /**
   * Opens the timeline at {@code location}: a path is a SQLite file ({@link SqliteTimeline}), a
   * {@code postgresql://} URL a timeline on that server, through the store on the classpath that
   * takes it ({@link TimelineProviders#forLocation}). The caller closes it.
   *
   * @throws InvalidInputException when no store on the classpath takes the location
   * @throws dev.apex.core.ApexException when it cannot be opened or reached, in one line
   */
  public static Timeline open(String location, TimelineOptions options) {
    Objects.requireNonNull(location, "location");
    Objects.requireNonNull(options, "options");
    if (!isServer(location)) {
      Path file = Path.of(location);
      checkFile(file);
      return SqliteTimeline.open(file, Clock.systemUTC(), options.keepScreenshotsOfTasks());
    }
    TaskTimeline opened = TimelineProviders.forLocation(location).open(location, options);
    if (opened instanceof Timeline timeline) {
      return timeline;
    }
    opened.close();
    throw new InvalidInputException(
        "the timeline store opened records tasks but cannot read them back");
  }

  /**
   * Refuses, as bad input, a timeline path that names a folder or a file that is not a SQLite
   * database (one that is there and not empty, without SQLite's header), before SQLite is asked.
   *
   * @throws InvalidInputException in one line naming the path and what to do
   */
  public static void checkFile(Path file) {
    if (Files.isDirectory(file)) {
      throw new InvalidInputException(
          "the timeline " + file + " is a folder; give a file, e.g. " + file.resolve(FILE_NAME));
    }
    if (!Files.isRegularFile(file)) {
      return;
    }
    byte[] head = new byte[SQLITE_HEADER.length];
    int read;
    try (InputStream in = Files.newInputStream(file)) {
      read = in.readNBytes(head, 0, head.length);
    } catch (IOException e) {
      throw new TimelineException("cannot read timeline " + file + ": " + e.getMessage(), e);
    }
    if (read > 0 && !Arrays.equals(head, SQLITE_HEADER)) {
      throw new InvalidInputException(
          "the timeline "
              + file
              + " is not a SQLite database (no apex timeline); give another file, or move this one"
              + " aside and apex starts a new one there");
    }
  }

  private static final byte[] SQLITE_HEADER =
      "SQLite format 3\0".getBytes(StandardCharsets.US_ASCII);

  /**
   * The timeline a reading command opens at {@code location}: a server URL as given, a file only
   * when it exists.
   *
   * @throws InvalidInputException in one line saying how to get one, when the file does not exist
   */
  public static String existing(String location) {
    return isServer(location) ? location : existing(Path.of(location)).toString();
  }

  /**
   * The timeline a reading command opens: {@code db} when given, else {@link #defaultFile()}.
   *
   * @throws InvalidInputException in one line saying how to get one, when the file does not exist
   */
  public static Path existing(Path db) {
    Path file = db != null ? db : defaultFile();
    if (!Files.exists(file)) {
      throw new InvalidInputException(
          "no timeline at " + file + ": run a task first ('apex run …') or pass --db FILE");
    }
    return file;
  }
}
