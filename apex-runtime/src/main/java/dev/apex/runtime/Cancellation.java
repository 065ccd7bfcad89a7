package dev.apex.runtime;

import dev.apex.core.Sleeper;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A flag that asks a running task to stop, with the reason. The runner checks it before each
 * observation and between steps, so a task stops after the step it is on, never in the middle of
 * one; a step that is only waiting (the {@code wait} tool, a tap looking for its element, a retry's
 * backoff) waits through {@link #interruptible} and ends at once. Thread-safe: any thread (a
 * console request, a signal handler, a heartbeat that read a cancel asked elsewhere) may cancel.
 */
public final class Cancellation {

  /** The reason of {@link #cancel()}. */
  public static final String DEFAULT_REASON = "cancelled";

  private volatile String reason;
  private volatile boolean failure;
  private final Set<Thread> waiting = new HashSet<>();
  private final List<Runnable> wakers = new ArrayList<>();

  /** Cancels with {@link #DEFAULT_REASON}. */
  public void cancel() {
    cancel(DEFAULT_REASON);
  }

  /**
   * Cancels, and wakes every wait in progress through {@link #interruptible}. The first reason
   * stays; later calls only wake waits again.
   *
   * @param reason why, for the task's end, e.g. {@code cancelled: SIGINT}
   */
  public void cancel(String reason) {
    stop(reason, false);
  }

  /**
   * Stops the task as {@link #cancel(String)} does, but as a failure of its own: the task ends
   * {@link dev.apex.core.TaskStatus#FAILED} with {@code reason} (a flow's timeout passed, a
   * timeline that can no longer record the steps), unless it was cancelled already, whose reason
   * and status stay.
   */
  public void fail(String reason) {
    stop(reason, true);
  }

  /** Whether the stop is a failure ({@link #fail}) rather than a cancel. */
  public boolean isFailure() {
    return failure;
  }

  private void stop(String reason, boolean asFailure) {
    Objects.requireNonNull(reason, "reason");
    synchronized (waiting) {
      if (this.reason == null) {
        this.failure = asFailure;
        this.reason = reason;
      }
      waiting.forEach(Thread::interrupt);
      wakers.forEach(Runnable::run);
    }
  }

  /**
   * Runs {@code waker} at each {@link #cancel}, and at once when already cancelled: for a wait that
   * no interrupt reaches, such as a monitor a session's loop parks on between steps. Must be quick
   * and must not call back into this cancellation.
   */
  public void onCancel(Runnable waker) {
    Objects.requireNonNull(waker, "waker");
    synchronized (waiting) {
      wakers.add(waker);
      if (reason != null) {
        waker.run();
      }
    }
  }

  public boolean isCancelled() {
    return reason != null;
  }

  /** Why it was cancelled; empty while it is not. */
  public Optional<String> reason() {
    return Optional.ofNullable(reason);
  }

  /**
   * A sleeper that waits through {@code base} but throws {@link InterruptedException} at once when
   * this is cancelled, before or during the wait: {@link #cancel} interrupts the waiting thread,
   * which every sleeper that really waits honours. The thread's interrupt flag is left as {@code
   * base} leaves it; a cancel never leaves a stray interrupt on a thread that was not waiting.
   */
  public Sleeper interruptible(Sleeper base) {
    Objects.requireNonNull(base, "base");
    return duration -> {
      Thread self = Thread.currentThread();
      synchronized (waiting) {
        if (isCancelled()) {
          throw new InterruptedException(reason);
        }
        waiting.add(self);
      }
      try {
        base.sleep(duration);
      } finally {
        synchronized (waiting) {
          waiting.remove(self);
          if (isCancelled()) {
            // An interrupt that landed just after base returned is ours: clear it, then say so.
            Thread.interrupted();
          }
        }
      }
      if (isCancelled()) {
        throw new InterruptedException(reason);
      }
    };
  }
}
