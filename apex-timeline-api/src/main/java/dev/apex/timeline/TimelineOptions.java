package dev.apex.timeline;

import java.time.Duration;
import java.util.Objects;

/**
 * How a store keeps a timeline it opens: the settings {@code timeline.*} and {@code
 * screenshot_retention}, as a {@link TimelineProvider} receives them.
 *
 * @param keepScreenshotsOfTasks how many of the newest tasks keep their screenshots, at least 1
 * @param writeTimeout how long a write waits and retries for a database server that went away
 *     before it fails ({@code timeline.write_timeout}); a file store ignores it. Positive
 */
public record TimelineOptions(int keepScreenshotsOfTasks, Duration writeTimeout) {

  /** The screenshot retention when nobody says: the newest 50 tasks keep theirs. */
  public static final int DEFAULT_KEEP_SCREENSHOTS_OF_TASKS = 50;

  /** The write deadline when nobody says: a minute, past a server's restart. */
  public static final Duration DEFAULT_WRITE_TIMEOUT = Duration.ofSeconds(60);

  /** The defaults of both. */
  public static final TimelineOptions DEFAULTS =
      new TimelineOptions(DEFAULT_KEEP_SCREENSHOTS_OF_TASKS, DEFAULT_WRITE_TIMEOUT);

  public TimelineOptions {
    if (keepScreenshotsOfTasks < 1) {
      throw new IllegalArgumentException(
          "keepScreenshotsOfTasks must be at least 1, was " + keepScreenshotsOfTasks);
    }
    Objects.requireNonNull(writeTimeout, "writeTimeout");
    if (writeTimeout.isNegative() || writeTimeout.isZero()) {
      throw new IllegalArgumentException("writeTimeout must be positive, was " + writeTimeout);
    }
  }

  /** These options with {@code keep} as the screenshot retention. */
  public TimelineOptions withKeepScreenshotsOfTasks(int keep) {
    return new TimelineOptions(keep, writeTimeout);
  }

  /** These options with {@code timeout} as the write deadline. */
  public TimelineOptions withWriteTimeout(Duration timeout) {
    return new TimelineOptions(keepScreenshotsOfTasks, timeout);
  }
}
