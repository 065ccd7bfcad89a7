package dev.apex.storage;

import dev.apex.core.InvalidInputException;
import java.nio.file.Files;
import java.nio.file.Path;
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
