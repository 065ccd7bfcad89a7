package dev.apex.storage;

import java.time.Instant;
import java.util.Objects;

/**
 * The process that runs a task, as the timeline records it: its host, its pid, and the instant the
 * process started. Pids are reused, so a pid alone does not name a process; a pid and its start
 * instant do, on one host.
 *
 * @param host the host's name, as {@link LocalProcesses#hostName()} reads it
 * @param pid the process id on that host
 * @param processStart when the process started, or null where the platform does not say
 */
public record TaskOwner(String host, long pid, Instant processStart) {

  public TaskOwner {
    Objects.requireNonNull(host, "host");
  }

  /** {@code pid 1234 on host}, for reasons a person reads. */
  public String describe() {
    return "pid " + pid + " on " + host;
  }
}
