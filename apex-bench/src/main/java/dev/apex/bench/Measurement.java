package dev.apex.bench;

import java.util.Objects;

/**
 * One operation's timings by both clocks.
 *
 * @param wall wall-clock time ({@link System#nanoTime()}): what a user waits, including time the
 *     thread waited for a core and GC pauses
 * @param cpu the measuring thread's CPU time: the work itself, unaffected by other processes
 *     competing for the cores (GC, done by the JVM's own threads, is not in it)
 */
public record Measurement(Timing wall, Timing cpu) {

  public Measurement {
    Objects.requireNonNull(wall, "wall");
    Objects.requireNonNull(cpu, "cpu");
  }

  /** The CPU-time median ratio to {@code baseline}'s. */
  public double cpuRatio(Measurement baseline) {
    return cpu.medianRatio(baseline.cpu);
  }

  /** The wall-clock median ratio to {@code baseline}'s. */
  public double wallRatio(Measurement baseline) {
    return wall.medianRatio(baseline.wall);
  }
}
