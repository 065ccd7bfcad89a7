package dev.apex.storage.postgres;

import dev.apex.timeline.TimelineUnreachableException;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one retry policy of the PostgreSQL timeline's writes: a write that fails because the server
 * went away ({@link ServerGone}) is tried again, after a capped, jittered backoff ({@value
 * #FIRST_BACKOFF_MILLIS} ms doubling to {@value #MAX_BACKOFF_MILLIS} ms), until it succeeds or the
 * write deadline ({@code timeline.write_timeout}) has passed since its first try; then it fails
 * with {@link TimelineUnreachableException} naming the timeline. A failure of the SQL itself is not
 * retried. Each attempt is told whether an earlier one may have committed (the server can go away
 * between the commit and its answer), so a write is idempotent across retries. The first retry and
 * the recovery are logged once each. Time is read from the injected clock and waited through the
 * injected sleeper; thread-safe.
 */
final class WriteRetry {

  static final long FIRST_BACKOFF_MILLIS = 100;
  static final long MAX_BACKOFF_MILLIS = 2_000;

  private static final Logger log = LoggerFactory.getLogger(WriteRetry.class);

  /** Waits; the real one sleeps. */
  interface Sleeper {
    void sleep(Duration duration) throws InterruptedException;
  }

  /** One attempt of a write. */
  interface Attempt<T> {
    /**
     * @param retry true when an earlier attempt failed, and may have committed before it did
     */
    T run(boolean retry) throws SQLException;
  }

  private final String timeline;
  private final Duration deadline;
  private final Clock clock;
  private final Sleeper sleeper;

  WriteRetry(String timeline, Duration deadline, Clock clock, Sleeper sleeper) {
    this.timeline = Objects.requireNonNull(timeline, "timeline");
    this.deadline = Objects.requireNonNull(deadline, "deadline");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
  }

  /**
   * Runs {@code attempt} until it succeeds or the deadline passes.
   *
   * @throws SQLException what a failure of the SQL itself threw
   * @throws TimelineUnreachableException when the server stayed away past the deadline
   */
  <T> T run(String what, Attempt<T> attempt) throws SQLException {
    Instant giveUpAt = clock.instant().plus(deadline);
    long backoff = FIRST_BACKOFF_MILLIS;
    boolean retry = false;
    while (true) {
      try {
        T out = attempt.run(retry);
        if (retry) {
          log.info("the timeline {} answers again; {} is recorded", timeline, what);
        }
        return out;
      } catch (SQLException | RuntimeException e) {
        if (!ServerGone.is(e) || e instanceof TimelineUnreachableException) {
          throw e;
        }
        if (!clock.instant().isBefore(giveUpAt)) {
          throw new TimelineUnreachableException(
              "the timeline "
                  + timeline
                  + " did not answer for "
                  + deadline.toSeconds()
                  + " s (timeline.write_timeout), so it cannot "
                  + what,
              e);
        }
        if (!retry) {
          log.warn(
              "the timeline {} is unreachable; retrying to {} for up to {}",
              timeline,
              what,
              deadline);
        }
        retry = true;
        long jittered = backoff / 2 + ThreadLocalRandom.current().nextLong(backoff / 2 + 1);
        long left = Duration.between(clock.instant(), giveUpAt).toMillis();
        pause(Duration.ofMillis(Math.max(1, Math.min(jittered, left))), e);
        backoff = Math.min(backoff * 2, MAX_BACKOFF_MILLIS);
      }
    }
  }

  private void pause(Duration duration, Exception cause) {
    try {
      sleeper.sleep(duration);
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      TimelineUnreachableException e =
          new TimelineUnreachableException(
              "interrupted while waiting for the timeline " + timeline + " to answer", cause);
      throw e;
    }
  }
}
