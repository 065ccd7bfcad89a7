package dev.apex.storage.postgres;

import com.zaxxer.hikari.HikariDataSource;
import dev.apex.storage.JdbcTimeline;
import dev.apex.storage.Liveness;
import dev.apex.storage.LocalProcesses;
import dev.apex.storage.Processes;
import dev.apex.storage.TaskCopy;
import dev.apex.storage.Timeline;
import dev.apex.storage.TimelineException;
import dev.apex.timeline.TimelineOptions;
import dev.apex.timeline.TimelineUnreachableException;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * The {@link Timeline} on a PostgreSQL server, for many runners on many hosts and one console: the
 * SQL body every timeline shares ({@link JdbcTimeline}) on a connection pool, in PostgreSQL's
 * dialect ({@link PostgresDialect}). It keeps what the SQLite file keeps (tasks, steps with their
 * scenes and screenshots under the same retention, final observations, the label cache, owners and
 * heartbeats, cancel requests, the suite run each task belongs to) in the tables of {@code
 * db/timeline/postgresql}, which {@link PostgresSchema} migrates on open.
 *
 * <p>Connections come from a small pool ({@value #POOL_SIZE}, so eight runners and a console stay
 * well under a server's default 100). Every write is one transaction, committed when the call
 * returns. A write that fails because the server went away (a restart cuts every session) waits and
 * retries ({@link WriteRetry}) for up to {@link TimelineOptions#writeTimeout()}; past it the write
 * throws {@link TimelineUnreachableException} naming the timeline, never a silently missing step.
 * Reads, heartbeats, cancels and cache writes are tried once, each bounded by the connect and
 * socket timeouts.
 *
 * <p>Liveness is judged as for the file ({@link Liveness}: a local owner by its process, a remote
 * one by a heartbeat younger than {@link #LEASE}), with one clock: the server's. Heartbeats and
 * task starts and ends are stamped with {@code now()} and each task is read with the server's
 * clock, so runners whose clocks are skewed neither mark a live task interrupted nor miss a dead
 * one. The runner's clock only paces the write retries.
 *
 * <p>Thread-safe. The URL's password never appears in a message: the timeline is named by {@link
 * PostgresLocation#toString()}.
 */
public final class PostgresTimeline extends JdbcTimeline {

  /** Connections per timeline: a runner's task thread, its heartbeat, a reader and a spare. */
  public static final int POOL_SIZE = 4;

  /** How often the owner of a running task refreshes its heartbeat and reads cancel requests. */
  public static final Duration HEARTBEAT_INTERVAL = Duration.ofSeconds(2);

  /** How old a remote owner's heartbeat may grow, by the server's clock, before it is gone. */
  public static final Duration LEASE = Duration.ofSeconds(60);

  /** How long opening a connection may take (the server unreachable fails in this). */
  static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);

  /** How long one statement's answer may take before the connection counts as broken. */
  static final Duration SOCKET_TIMEOUT = Duration.ofSeconds(30);

  private final PostgresLocation location;
  private final HikariDataSource pool;
  private final WriteRetry retry;

  private PostgresTimeline(
      PostgresLocation location,
      HikariDataSource pool,
      TimelineOptions options,
      Clock runnerClock,
      Processes processes,
      Duration heartbeatInterval,
      Duration lease) {
    super(
        PostgresDialect.INSTANCE,
        options.keepScreenshotsOfTasks(),
        processes,
        heartbeatInterval,
        lease);
    this.location = location;
    this.pool = pool;
    this.retry =
        new WriteRetry(
            location.toString(),
            options.writeTimeout(),
            runnerClock,
            d -> Thread.sleep(d.toMillis()));
  }

  /**
   * Opens the timeline at {@code url} ({@code postgresql://USER[:PASSWORD]@HOST:PORT/DBNAME}),
   * creating or upgrading its tables.
   *
   * @throws dev.apex.core.InvalidInputException when the URL is not one
   * @throws TimelineUnreachableException in one line naming host and port when the server cannot be
   *     reached or refuses the login
   * @throws TimelineException when its tables were written by a newer apex
   */
  public static PostgresTimeline open(String url, TimelineOptions options) {
    return open(
        PostgresLocation.parse(url),
        options,
        System.getenv(),
        Clock.systemUTC(),
        LocalProcesses.INSTANCE,
        HEARTBEAT_INTERVAL,
        LEASE);
  }

  /** As {@link #open(String, TimelineOptions)}, with everything a test may change given. */
  public static PostgresTimeline open(
      PostgresLocation location,
      TimelineOptions options,
      Map<String, String> env,
      Clock runnerClock,
      Processes processes,
      Duration heartbeatInterval,
      Duration lease) {
    Objects.requireNonNull(options, "options");
    HikariDataSource pool = PostgresPool.open(location, env, POOL_SIZE);
    try {
      PostgresSchema.migrate(pool, location);
      return new PostgresTimeline(
          location, pool, options, runnerClock, processes, heartbeatInterval, lease);
    } catch (RuntimeException e) {
      pool.close();
      throw e;
    }
  }

  @Override
  public String location() {
    return location.toString();
  }

  /**
   * Copies a finished task ({@link TimelineCopy}) as one write: retried across a restart (an
   * attempt that finds the task already there reports it as there), then screenshot retention.
   */
  boolean copy(TaskCopy task) {
    return copyTask(task);
  }

  /** Retried through a restart of the server ({@link WriteRetry}). */
  @Override
  protected <T> T write(String what, Attempt<T> work) {
    requireOpen();
    try {
      return retry.run(what, retried -> transaction(c -> work.run(c, retried)));
    } catch (SQLException e) {
      throw failure(what, e);
    }
  }

  @Override
  protected <T> T writeOnce(String what, Work<T> work) {
    return read(what, work);
  }

  /** In one transaction on a pooled connection, tried once. */
  @Override
  protected <T> T read(String what, Work<T> work) {
    requireOpen();
    try {
      return transaction(work);
    } catch (SQLException e) {
      throw failure(what, e);
    }
  }

  /** Closes the pool. Does not throw. */
  @Override
  protected void closeStore() {
    pool.close();
  }

  private <T> T transaction(Work<T> work) throws SQLException {
    try (Connection c = pool.getConnection()) {
      c.setAutoCommit(false);
      try {
        T out = work.run(c);
        c.commit();
        return out;
      } catch (SQLException | RuntimeException e) {
        try {
          c.rollback();
        } catch (SQLException rollback) {
          e.addSuppressed(rollback);
        }
        throw e;
      }
    }
  }

  private TimelineException failure(String what, SQLException e) {
    String where = location.toString();
    if (ServerGone.is(e)) {
      return new TimelineException(
          "cannot " + what + ": the timeline " + where + " is unreachable (" + firstLine(e) + ")",
          e);
    }
    return new TimelineException("cannot " + what + " in " + where + ": " + firstLine(e), e);
  }

  static String firstLine(Throwable e) {
    String message = String.valueOf(e.getMessage());
    int newline = message.indexOf('\n');
    return dev.apex.core.Secrets.redact(newline < 0 ? message : message.substring(0, newline));
  }
}
