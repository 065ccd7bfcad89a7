package dev.apex.storage;

import java.time.Instant;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A process table for liveness tests: this process is {@code self}, and the pids in {@link
 * #running} run on {@code self}'s host. Thread-safe.
 */
public class FakeProcesses implements Processes {

  static final Instant BOOT = Instant.parse("2026-03-01T09:00:00Z");

  public final Set<Long> running = ConcurrentHashMap.newKeySet();
  private final TaskOwner self;

  public FakeProcesses(String host, long pid) {
    this.self = new TaskOwner(host, pid, BOOT.plusSeconds(pid));
    running.add(pid);
  }

  /** Another process of the same host, running. */
  public FakeProcesses sibling(long pid) {
    FakeProcesses other = new FakeProcesses(self.host(), pid);
    other.running.addAll(running);
    return other;
  }

  @Override
  public TaskOwner self() {
    return self;
  }

  @Override
  public boolean isRunning(long pid, Instant processStart) {
    // A pid's fake process started BOOT + pid seconds; any other start means the pid was reused.
    return running.contains(pid)
        && (processStart == null || processStart.equals(BOOT.plusSeconds(pid)));
  }
}
