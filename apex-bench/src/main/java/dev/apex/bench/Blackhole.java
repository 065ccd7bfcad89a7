package dev.apex.bench;

/**
 * Keeps a measured operation's result alive so the JIT cannot prove the work dead and drop it. A
 * volatile write per call costs a few nanoseconds, the same for the measured code and its baseline.
 */
public final class Blackhole {

  @SuppressWarnings("unused") // Written, never read: its being volatile is the point.
  private static volatile Object sink;

  private Blackhole() {}

  public static void consume(Object value) {
    sink = value;
  }

  public static void consume(long value) {
    sink = value;
  }
}
