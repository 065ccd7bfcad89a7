package dev.apex.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * A small timing harness: warm-up rounds, then timed rounds in which every operation runs once,
 * each timed alone with {@link System#nanoTime()} and its result sent to the {@link Blackhole}.
 *
 * <p>Operations are interleaved, and the order rotates each round, so the measured code and its
 * baseline share whatever the machine does meanwhile (other processes, frequency changes, GC):
 * their ratio stays meaningful on a busy machine even when absolute times drift. Runs on the
 * calling thread; not thread-safe.
 */
public final class Harness {

  private Harness() {}

  /**
   * How long to measure.
   *
   * @param warmup untimed rounds first, for the JIT
   * @param minRounds timed rounds always run
   * @param maxRounds timed rounds at most
   * @param budgetNanos after {@code minRounds}, stop once this much time went into timed rounds
   */
  public record Plan(int warmup, int minRounds, int maxRounds, long budgetNanos) {

    public Plan {
      if (warmup < 0 || minRounds < 1 || maxRounds < minRounds || budgetNanos < 0) {
        throw new IllegalArgumentException(
            "plan needs warmup >= 0, 1 <= minRounds <= maxRounds and budgetNanos >= 0, got "
                + this);
      }
    }

    /** Exactly {@code rounds} timed rounds after {@code warmup}. */
    public static Plan fixed(int warmup, int rounds) {
      return new Plan(warmup, rounds, rounds, 0);
    }

    /** This plan with every count divided by {@code factor} (at least 1 round) and the budget. */
    public Plan scaledDown(int factor) {
      return new Plan(
          warmup / factor,
          Math.max(1, minRounds / factor),
          Math.max(1, maxRounds / factor),
          budgetNanos / factor);
    }
  }

  /**
   * Runs {@code ops} interleaved per {@code plan}.
   *
   * @return one {@link Timing} per operation, in the order given
   */
  public static List<Timing> interleaved(Plan plan, List<Supplier<?>> ops) {
    Objects.requireNonNull(plan, "plan");
    Objects.requireNonNull(ops, "ops");
    if (ops.isEmpty()) {
      throw new IllegalArgumentException("ops must not be empty");
    }
    int n = ops.size();
    for (int round = 0; round < plan.warmup(); round++) {
      for (int i = 0; i < n; i++) {
        Blackhole.consume(ops.get((round + i) % n).get());
      }
    }
    long[][] samples = new long[n][plan.maxRounds()];
    long spent = 0;
    int rounds = 0;
    while (rounds < plan.maxRounds() && (rounds < plan.minRounds() || spent < plan.budgetNanos())) {
      for (int i = 0; i < n; i++) {
        int op = (rounds + i) % n;
        long start = System.nanoTime();
        Object result = ops.get(op).get();
        long elapsed = System.nanoTime() - start;
        Blackhole.consume(result);
        samples[op][rounds] = elapsed;
        spent += elapsed;
      }
      rounds++;
    }
    List<Timing> timings = new ArrayList<>(n);
    for (long[] s : samples) {
      timings.add(Timing.of(java.util.Arrays.copyOf(s, rounds)));
    }
    return timings;
  }

  /** Times one operation alone; see {@link #interleaved}. */
  public static Timing single(Plan plan, Supplier<?> op) {
    return interleaved(plan, List.of(op)).get(0);
  }
}
