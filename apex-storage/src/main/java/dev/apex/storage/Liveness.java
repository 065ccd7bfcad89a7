package dev.apex.storage;

import dev.apex.core.TaskStatus;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * Tells a running task whose owner is gone from one that is alive, however slow. The rules, in
 * order:
 *
 * <ul>
 *   <li>an owner on this host is alive exactly while its process runs: the pid exists and started
 *       at the recorded instant ({@link Processes#isRunning}); its heartbeat's age does not matter,
 *       so a process stopped with Ctrl-Z or blocked for an hour is still alive. Where the platform
 *       records no start instant, a pid that exists also needs a heartbeat younger than the lease;
 *   <li>an owner on another host is alive while its heartbeat is younger than the lease: its
 *       heartbeat thread refreshes it every {@link SqliteTimeline#HEARTBEAT_INTERVAL}, whatever the
 *       step is doing, so only a process that has stopped (or lost the file) lets it age. The lease
 *       absorbs clock skew between hosts and writes that wait for the lock;
 *   <li>a task recorded before owners were kept (schema 1) is alive while its last sign of life
 *       (its start, its last step) is younger than the lease.
 * </ul>
 *
 * Ages are measured on the injected clock: the SQLite timeline's, or, on a database server, the
 * server's own clock read with the row ({@code Clock.fixed(now())}), so the runners' clocks never
 * enter the judgement. Public for the other timeline stores. Stateless and thread-safe.
 */
public final class Liveness {

  private final Processes processes;
  private final Clock clock;
  private final Duration lease;

  public Liveness(Processes processes, Clock clock, Duration lease) {
    this.processes = Objects.requireNonNull(processes, "processes");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.lease = Objects.requireNonNull(lease, "lease");
    if (lease.isNegative() || lease.isZero()) {
      throw new IllegalArgumentException("lease must be positive, was " + lease);
    }
  }

  public TaskOwner self() {
    return processes.self();
  }

  /**
   * Why the task is no longer run by anyone, as the reason an {@link TaskStatus#INTERRUPTED} task
   * records; empty when it is finished or may be alive.
   */
  public Optional<String> gone(TaskRow row) {
    if (row.record().status() != TaskStatus.RUNNING) {
      return Optional.empty();
    }
    TaskOwner owner = row.owner();
    int steps = row.record().steps();
    if (owner == null) {
      return stale(row.lastSignOfLife())
          .map(
              age ->
                  "interrupted: recorded by an apex that kept no owner, and no sign of life for "
                      + age
                      + " ("
                      + steps
                      + " step(s) kept)");
    }
    if (processes.isLocal(owner)) {
      boolean running = processes.isRunning(owner.pid(), owner.processStart());
      if (running && (owner.processStart() != null || stale(row.heartbeat()).isEmpty())) {
        return Optional.empty();
      }
      return Optional.of(
          "interrupted: its process ("
              + owner.describe()
              + ") ended without recording an end ("
              + steps
              + " step(s) kept)");
    }
    return stale(row.heartbeat())
        .map(
            age ->
                "interrupted: no heartbeat from its process ("
                    + owner.describe()
                    + ") for "
                    + age
                    + ", past the lease of "
                    + seconds(lease)
                    + " ("
                    + steps
                    + " step(s) kept)");
  }

  /** The age of {@code last} when it is older than the lease (or unknown); empty when younger. */
  private Optional<String> stale(Instant last) {
    if (last == null) {
      return Optional.of("ever");
    }
    Duration age = Duration.between(last, clock.instant());
    return age.compareTo(lease) > 0 ? Optional.of(seconds(age)) : Optional.empty();
  }

  private static String seconds(Duration duration) {
    return duration.toSeconds() + " s";
  }

  /** When an interrupted task ended, as far as anyone knows: its last sign of life. */
  public static Instant endOf(TaskRow row) {
    return row.lastSignOfLife();
  }
}
