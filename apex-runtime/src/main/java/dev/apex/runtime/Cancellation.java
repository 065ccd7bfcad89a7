package dev.apex.runtime;

/**
 * A flag that asks a running task to stop. The runner checks it before each observation and between
 * steps, so a task stops after the step it is on, never in the middle of one. Thread-safe: any
 * thread (a console request, a shutdown hook) may cancel.
 */
public final class Cancellation {

  private volatile boolean cancelled;

  public void cancel() {
    cancelled = true;
  }

  public boolean isCancelled() {
    return cancelled;
  }
}
