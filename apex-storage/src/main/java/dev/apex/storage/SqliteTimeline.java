package dev.apex.storage;

import dev.apex.timeline.LabelStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * The {@link Timeline} in an embedded SQLite file, the default task-memory: the SQL body every
 * timeline shares ({@link JdbcTimeline}) on two connections to the file, in its dialect ({@link
 * SqliteDialect}: ISO-8601 text times stamped by this timeline's clock).
 *
 * <p>The file runs in write-ahead-log mode with {@code synchronous=FULL}: each write is one
 * transaction ({@code BEGIN IMMEDIATE}), on disk when the call returns, so killing the process
 * loses no step already recorded, and another connection (a console in another process, say) sees
 * it at once without blocking this writer. Screenshots are kept only for the newest {@code
 * keepScreenshotsOfTasks} tasks; when a task finishes, older tasks lose their screenshots but keep
 * their steps.
 *
 * <p>Thread-safe: writes are serialized on one connection and reads on another, so a reader never
 * waits for a write in progress. More processes may open the same file; writers among them take
 * turns, waiting up to {@value SqliteConnections#BUSY_TIMEOUT_MILLIS} ms for the lock. A write is
 * tried once: a file does not go away and come back as a server does.
 *
 * <p>Liveness ({@link JdbcTimeline}): the heartbeat is refreshed every {@link #HEARTBEAT_INTERVAL};
 * on this host a task's owner is alive while its process runs, from another host while its
 * heartbeat is younger than {@link #LEASE} by this timeline's clock.
 */
public final class SqliteTimeline extends JdbcTimeline {

  /** How many tasks, newest first, keep their screenshots unless told otherwise. */
  public static final int DEFAULT_KEEP_SCREENSHOTS_OF_TASKS = 50;

  /** How often the owner of a running task refreshes its heartbeat and reads cancel requests. */
  public static final Duration HEARTBEAT_INTERVAL = Duration.ofSeconds(2);

  /**
   * How old the heartbeat of a task owned on another host may grow before readers record it {@link
   * dev.apex.core.TaskStatus#INTERRUPTED}: many heartbeats, more than a write waiting for the lock,
   * and room for clock skew between hosts.
   */
  public static final Duration LEASE = Duration.ofSeconds(60);

  private final Path file;
  private final Connection writeConnection;
  private final Connection readConnection;
  private final Object writeLock = new Object();
  private final Object readLock = new Object();

  private SqliteTimeline(
      Path file,
      Connection writeConnection,
      Connection readConnection,
      Clock clock,
      int keep,
      Processes processes,
      Duration heartbeatInterval,
      Duration lease) {
    super(new SqliteDialect(clock), keep, processes, heartbeatInterval, lease);
    this.file = file;
    this.writeConnection = writeConnection;
    this.readConnection = readConnection;
  }

  /**
   * Opens the timeline in {@code file} with the system clock and the default screenshot retention,
   * creating the file, its parent folders and its tables when missing.
   *
   * @throws TimelineException if the file cannot be created or opened, is not a timeline, or was
   *     written by a newer apex
   */
  public static SqliteTimeline open(Path file) {
    return open(file, Clock.systemUTC(), DEFAULT_KEEP_SCREENSHOTS_OF_TASKS);
  }

  /**
   * Opens the timeline in {@code file}, creating it when missing.
   *
   * @param clock stamps task start and end times and heartbeats, and judges liveness
   * @param keepScreenshotsOfTasks how many of the newest tasks keep their screenshots, at least 1
   */
  public static SqliteTimeline open(Path file, Clock clock, int keepScreenshotsOfTasks) {
    return open(
        file, clock, keepScreenshotsOfTasks, LocalProcesses.INSTANCE, HEARTBEAT_INTERVAL, LEASE);
  }

  /** As {@link #open(Path, Clock, int)}, with the process table and liveness timings given. */
  static SqliteTimeline open(
      Path file,
      Clock clock,
      int keepScreenshotsOfTasks,
      Processes processes,
      Duration heartbeatInterval,
      Duration lease) {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(clock, "clock");
    if (keepScreenshotsOfTasks < 1) {
      throw new IllegalArgumentException(
          "keepScreenshotsOfTasks must be at least 1, was " + keepScreenshotsOfTasks);
    }
    Path absolute = file.toAbsolutePath();
    try {
      Path parent = absolute.getParent();
      if (parent != null) {
        Files.createDirectories(parent);
      }
    } catch (IOException e) {
      throw new TimelineException(
          "cannot create the folder for timeline " + absolute + ": " + e.getMessage(), e);
    }
    Connection writeConnection = null;
    try {
      writeConnection = SqliteConnections.openWriter(absolute);
      Schema.migrate(writeConnection, absolute);
      Connection readConnection = SqliteConnections.openReader(absolute);
      return new SqliteTimeline(
          absolute,
          writeConnection,
          readConnection,
          clock,
          keepScreenshotsOfTasks,
          processes,
          heartbeatInterval,
          lease);
    } catch (SQLException | RuntimeException e) {
      closeQuietly(writeConnection, e);
      if (e instanceof TimelineException timelineException) {
        throw timelineException;
      }
      throw new TimelineException("cannot open timeline " + absolute + ": " + e.getMessage(), e);
    }
  }

  /** The file, as an absolute path. */
  public Path file() {
    return file;
  }

  @Override
  public String location() {
    return file.toString();
  }

  /** {@link #labelStore()}, which this timeline always has. */
  public LabelStore labels() {
    return labelStore().orElseThrow();
  }

  /** Tried once, as every write to the file is. */
  @Override
  protected <T> T write(String what, Attempt<T> work) {
    return writeOnce(what, c -> work.run(c, false));
  }

  /** On the write connection, serialized with every other write, in one {@code BEGIN IMMEDIATE}. */
  @Override
  protected <T> T writeOnce(String what, Work<T> work) {
    synchronized (writeLock) {
      requireOpen();
      try {
        return Transactions.run(writeConnection, () -> work.run(writeConnection));
      } catch (SQLException e) {
        throw new TimelineException("cannot " + what + " in " + file + ": " + e.getMessage(), e);
      }
    }
  }

  /** On the read connection, serialized with every other read; each query its own transaction. */
  @Override
  protected <T> T read(String what, Work<T> work) {
    synchronized (readLock) {
      requireOpen();
      try {
        return work.run(readConnection);
      } catch (SQLException e) {
        throw new TimelineException("cannot " + what + " from " + file + ": " + e.getMessage(), e);
      }
    }
  }

  /** Closes both connections once the work in progress on them is done. */
  @Override
  protected void closeStore() {
    synchronized (writeLock) {
      synchronized (readLock) {
        SQLException failure = null;
        for (Connection connection : List.of(readConnection, writeConnection)) {
          try {
            connection.close();
          } catch (SQLException e) {
            failure = failure == null ? e : failure;
          }
        }
        if (failure != null) {
          throw new TimelineException(
              "cannot close timeline " + file + ": " + failure.getMessage(), failure);
        }
      }
    }
  }

  private static void closeQuietly(Connection connection, Exception cause) {
    if (connection != null) {
      try {
        connection.close();
      } catch (SQLException e) {
        cause.addSuppressed(e);
      }
    }
  }
}
