package dev.apex.bench;

import java.util.Arrays;
import java.util.Objects;

/**
 * Statistics of one operation's samples, in nanoseconds.
 *
 * @param samples how many timed iterations
 * @param median the median (the mean of the two middle samples for an even count)
 * @param p95 the 95th percentile, nearest rank
 * @param min the fastest sample
 */
public record Timing(int samples, double median, double p95, double min) {

  /** The statistics of {@code nanos}; at least one sample. */
  public static Timing of(long[] nanos) {
    Objects.requireNonNull(nanos, "nanos");
    if (nanos.length == 0) {
      throw new IllegalArgumentException("nanos must hold at least one sample");
    }
    long[] sorted = nanos.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
    int rank = (int) Math.ceil(0.95 * n);
    return new Timing(n, median, sorted[Math.max(0, rank - 1)], sorted[0]);
  }

  /** This median divided by {@code baseline}'s. */
  public double medianRatio(Timing baseline) {
    return median / baseline.median;
  }
}
