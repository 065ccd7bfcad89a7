package dev.apex.storage;

import java.time.Instant;

/**
 * What the timeline asks of the operating system to tell a live task from one whose process died.
 * The real one is {@link LocalProcesses}; tests give a fake table of processes.
 */
public interface Processes {

  /** This process, as it records itself as the owner of the tasks it starts. */
  TaskOwner self();

  /**
   * Whether a process with this pid runs on this host now and is the one that started at {@code
   * processStart}: false when no process has the pid, or when the one that has it started at
   * another instant (the pid was reused).
   *
   * @param processStart the recorded start, or null when unknown (then any process with the pid
   *     counts)
   */
  boolean isRunning(long pid, Instant processStart);

  /** Whether this host can answer {@link #isRunning} for the owner's processes. */
  default boolean isLocal(TaskOwner owner) {
    return owner.host().equals(self().host());
  }
}
