package dev.apex.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * A small timing harness: warm-up rounds, then timed rounds in which every operation runs once,
 * each timed alone with {@link System#nanoTime()} and its result sent to the {@link Blackhole}.
 *
 * <p>Operations are interleaved, and the order rotates each round, so the measured code and its
 * baseline share whatever the machine does meanwhile (other processes, frequency changes, GC):
 * their ratio stays meaningful when absolute times drift. On a machine whose cores are
 * oversubscribed, though, a long operation is descheduled more often than a short one, which skews
 * wall-clock ratios; the thread's CPU time is immune to that, hence both clocks. Runs on the
 * calling thread; not thread-safe.
 */
public final class Harness {

  private static final ThreadMXBean CPU = cpuClock();

  private Harness() {}

  private static ThreadMXBean cpuClock() {
    ThreadMXBean bean = ManagementFactory.getThreadMXBean();
    if (!bean.isCurrentThreadCpuTimeSupported()) {
      throw new IllegalStateException(
          "this JVM cannot read a thread's CPU time, which the benchmark needs; use a HotSpot JVM");
    }
    if (!bean.isThreadCpuTimeEnabled()) {
      bean.setThreadCpuTimeEnabled(true);
    }
    return bean;
  }

  /**
   * How long to measure.
   *
   * @param warmup untimed rounds first, for the JIT
   * @param warmupNanos keep warming up until this much time has passed too: on a busy machine the
   *     JIT's compiler threads wait for a core, so a round count alone can end warm-up too soon
   * @param minRounds timed rounds always run
   * @param maxRounds timed rounds at most
   * @param budgetNanos after {@code minRounds}, stop once this much time went into timed rounds
   */
  public record Plan(int warmup, long warmupNanos, int minRounds, int maxRounds, long budgetNanos) {

    public Plan {
      if (warmup < 0
          || warmupNanos < 0
          || minRounds < 1
          || maxRounds < minRounds
          || budgetNanos < 0) {
        throw new IllegalArgumentException(
            "plan needs warmup >= 0, warmupNanos >= 0, 1 <= minRounds <= maxRounds and"
                + " budgetNanos >= 0, got "
                + this);
      }
    }

    /** Exactly {@code warmup} untimed rounds, then exactly {@code rounds} timed ones. */
    public static Plan fixed(int warmup, int rounds) {
      return new Plan(warmup, 0, rounds, rounds, 0);
    }
  }

  /**
   * Runs {@code ops} interleaved per {@code plan}, timing each run by the wall clock and by the
   * thread's CPU time, less what reading the clocks costs (calibrated once on an empty operation).
   *
   * @return one {@link Measurement} per operation, in the order given
   */
  public static List<Measurement> interleaved(Plan plan, List<Supplier<?>> ops) {
    return interleaved(plan, ops, 0);
  }

  /**
   * Like {@link #interleaved(Plan, List)}, but each timed run follows {@code settleRuns} untimed
   * runs of the same operation, so it finds the caches as that operation leaves them (its steady
   * state) rather than as the other operations left them.
   */
  public static List<Measurement> interleaved(Plan plan, List<Supplier<?>> ops, int settleRuns) {
    if (settleRuns < 0) {
      throw new IllegalArgumentException("settleRuns must be >= 0, got " + settleRuns);
    }
    Objects.requireNonNull(plan, "plan");
    Objects.requireNonNull(ops, "ops");
    if (ops.isEmpty()) {
      throw new IllegalArgumentException("ops must not be empty");
    }
    int n = ops.size();
    long warmupStart = System.nanoTime();
    for (int round = 0;
        round < plan.warmup() || System.nanoTime() - warmupStart < plan.warmupNanos();
        round++) {
      for (int i = 0; i < n; i++) {
        Blackhole.consume(ops.get((round + i) % n).get());
      }
    }
    Overhead overhead = Overhead.get();
    long[][] wall = new long[n][plan.maxRounds()];
    long[][] cpu = new long[n][plan.maxRounds()];
    long spent = 0;
    int rounds = 0;
    while (rounds < plan.maxRounds() && (rounds < plan.minRounds() || spent < plan.budgetNanos())) {
      for (int i = 0; i < n; i++) {
        int op = (rounds + i) % n;
        for (int settle = 0; settle < settleRuns; settle++) {
          Blackhole.consume(ops.get(op).get());
        }
        long cpuStart = CPU.getCurrentThreadCpuTime();
        long wallStart = System.nanoTime();
        Object result = ops.get(op).get();
        long wallEnd = System.nanoTime();
        long cpuEnd = CPU.getCurrentThreadCpuTime();
        Blackhole.consume(result);
        wall[op][rounds] = Math.max(0, wallEnd - wallStart - overhead.wall);
        cpu[op][rounds] = Math.max(0, cpuEnd - cpuStart - overhead.cpu);
        spent += wallEnd - wallStart;
      }
      rounds++;
    }
    List<Measurement> measured = new ArrayList<>(n);
    for (int op = 0; op < n; op++) {
      measured.add(
          new Measurement(
              Timing.of(Arrays.copyOf(wall[op], rounds)),
              Timing.of(Arrays.copyOf(cpu[op], rounds))));
    }
    return measured;
  }

  /** The calling thread's CPU time in nanoseconds, the clock {@link #interleaved} also reads. */
  static long cpuNow() {
    return CPU.getCurrentThreadCpuTime();
  }

  /** Times one operation alone; see {@link #interleaved}. */
  public static Measurement single(Plan plan, Supplier<?> op) {
    return interleaved(plan, List.of(op)).get(0);
  }

  /** What the timing code itself costs per sample, by each clock: the median over empty runs. */
  private record Overhead(long wall, long cpu) {

    private static volatile Overhead measured;

    static Overhead get() {
      Overhead o = measured;
      if (o == null) {
        o = calibrate();
        measured = o;
      }
      return o;
    }

    private static Overhead calibrate() {
      Supplier<?> empty = () -> null;
      int n = 20_000;
      long[] wall = new long[n];
      long[] cpu = new long[n];
      for (int i = 0; i < n; i++) {
        long cpuStart = CPU.getCurrentThreadCpuTime();
        long wallStart = System.nanoTime();
        Object result = empty.get();
        long wallEnd = System.nanoTime();
        long cpuEnd = CPU.getCurrentThreadCpuTime();
        Blackhole.consume(result);
        wall[i] = wallEnd - wallStart;
        cpu[i] = cpuEnd - cpuStart;
      }
      // The second half: the first ran while the JIT compiled this loop.
      return new Overhead(
          (long) Timing.of(Arrays.copyOfRange(wall, n / 2, n)).median(),
          (long) Timing.of(Arrays.copyOfRange(cpu, n / 2, n)).median());
    }
  }
}
