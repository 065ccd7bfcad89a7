package dev.apex.storage;

import dev.apex.core.TaskId;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The thread that keeps this process's running tasks alive in the timeline: every interval it
 * refreshes their heartbeat and reads back whether someone asked to cancel one (a console in
 * another process) or recorded it as ended (a reader that judged this process gone). Each such
 * task's stop listener hears it once, on this thread. A task asked to stop is still beaten for
 * until it finishes (its current step may take a while); one recorded as ended is not.
 *
 * <p>It runs apart from the tasks' own threads, so a step blocked in a device read or waiting for a
 * person keeps its task alive. One daemon thread per timeline, started with the first task;
 * thread-safe. Public for the other timeline stores, which beat through their own SQL.
 */
public final class Heartbeat implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(Heartbeat.class);

  /** One beat: refresh the given tasks and say, for each that must stop, why. */
  public interface Beat {
    Map<TaskId, Stop> beat(Set<TaskId> tasks);
  }

  /**
   * Why a task must stop.
   *
   * @param reason for the task's cancellation, e.g. {@code cancelled from the console}
   * @param ended whether the timeline already records it as ended (then it is beaten for no more)
   */
  public record Stop(String reason, boolean ended) {}

  private static final class Watch {
    volatile Consumer<String> listener = reason -> {};
    volatile boolean told;
  }

  private final Duration interval;
  private final Beat beat;
  private final Map<TaskId, Watch> tracked = new ConcurrentHashMap<>();
  private ScheduledExecutorService thread;
  private boolean closed;
  private boolean failing;

  public Heartbeat(Duration interval, Beat beat) {
    this.interval = interval;
    this.beat = beat;
  }

  /** Beats for the task from now on; its stop listener does nothing until {@link #onStop}. */
  public synchronized void track(TaskId id) {
    if (closed) {
      return;
    }
    tracked.putIfAbsent(id, new Watch());
    if (thread == null) {
      thread =
          Executors.newSingleThreadScheduledExecutor(
              r -> {
                Thread t = new Thread(r, "apex-timeline-heartbeat");
                t.setDaemon(true);
                return t;
              });
      long millis = Math.max(1, interval.toMillis());
      thread.scheduleWithFixedDelay(this::beatOnce, millis, millis, TimeUnit.MILLISECONDS);
    }
  }

  /** Sets who hears that the task must stop; false when the task is not beaten for here. */
  public boolean onStop(TaskId id, Consumer<String> listener) {
    Watch watch = tracked.get(id);
    if (watch == null) {
      return false;
    }
    watch.listener = listener;
    return true;
  }

  /** Stops beating for the task (it finished). */
  public void untrack(TaskId id) {
    tracked.remove(id);
  }

  /** One beat now; the scheduled thread calls this, and tests may too. Never throws. */
  public void beatOnce() {
    Set<TaskId> ids = Set.copyOf(tracked.keySet());
    if (ids.isEmpty()) {
      return;
    }
    Map<TaskId, Stop> stops;
    try {
      stops = beat.beat(ids);
      if (failing) {
        log.info("the timeline heartbeat works again");
        failing = false;
      }
    } catch (RuntimeException e) {
      if (!failing) {
        log.warn("cannot refresh the heartbeat of running tasks; retrying each beat", e);
        failing = true;
      }
      return;
    }
    stops.forEach(
        (id, stop) -> {
          Watch watch = stop.ended() ? tracked.remove(id) : tracked.get(id);
          if (watch != null && !watch.told) {
            watch.told = true;
            try {
              watch.listener.accept(stop.reason());
            } catch (RuntimeException e) {
              log.warn("the stop listener of task {} threw", id, e);
            }
          }
        });
  }

  @Override
  public synchronized void close() {
    closed = true;
    tracked.clear();
    if (thread != null) {
      thread.shutdownNow();
    }
  }
}
