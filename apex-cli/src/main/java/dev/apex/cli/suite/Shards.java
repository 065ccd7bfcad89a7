package dev.apex.cli.suite;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Splits a suite's selected flows into {@code N} disjoint parts whose union is every flow once, the
 * same way on every machine that sees the same flows and the same timeline. With recorded durations
 * ({@link dev.apex.storage.Timeline#recordedDurations}) the parts are balanced by them: longest
 * flow first onto the least-loaded part (ties: the lower part), a flow with no history counted as
 * the median of those with one. With none, by file: the flows in file order dealt round-robin.
 * Stateless.
 */
public final class Shards {

  /**
   * One machine's part.
   *
   * @param flows its flows, longest first when balanced by duration, else in file order
   * @param balanced whether recorded durations balanced the split
   * @param withHistory how many of the suite's flows had a recorded duration
   * @param estimate the part's expected time by recorded durations, zero without history
   */
  public record Part(List<SuiteFlow> flows, boolean balanced, int withHistory, Duration estimate) {
    public Part {
      flows = List.copyOf(flows);
    }

    /** How the split was made, e.g. {@code by recorded durations (12 of 14 flows have one)}. */
    public String how(int of) {
      return balanced
          ? "balanced by recorded durations (" + withHistory + " of " + of + " flows have one)"
          : "by file (no recorded durations)";
    }
  }

  private Shards() {}

  /** Every part of {@code flows} (in file order) split {@code count} ways. */
  public static List<Part> split(List<SuiteFlow> flows, int count, Map<String, Duration> recorded) {
    if (count < 1) {
      throw new IllegalArgumentException("count must be at least 1, got " + count);
    }
    List<SuiteFlow> byFile = flows.stream().sorted(Comparator.comparing(SuiteFlow::file)).toList();
    int withHistory = (int) byFile.stream().filter(f -> recorded.containsKey(f.goal())).count();
    List<List<SuiteFlow>> parts = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      parts.add(new ArrayList<>());
    }
    if (withHistory == 0) {
      for (int i = 0; i < byFile.size(); i++) {
        parts.get(i % count).add(byFile.get(i));
      }
      return parts.stream().map(p -> new Part(p, false, 0, Duration.ZERO)).toList();
    }
    Map<SuiteFlow, Duration> estimates = estimates(byFile, recorded);
    long[] load = new long[count];
    for (SuiteFlow flow : longestFirst(byFile, estimates)) {
      int least = 0;
      for (int i = 1; i < count; i++) {
        if (load[i] < load[least]) {
          least = i;
        }
      }
      parts.get(least).add(flow);
      load[least] += estimates.get(flow).toNanos();
    }
    List<Part> out = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      out.add(new Part(parts.get(i), true, withHistory, Duration.ofNanos(load[i])));
    }
    return out;
  }

  /** Part {@code shard.index()} of {@link #split}. */
  public static Part select(List<SuiteFlow> flows, Shard shard, Map<String, Duration> recorded) {
    return split(flows, shard.count(), recorded).get(shard.index() - 1);
  }

  /**
   * Each flow's expected time: its recorded duration, else the median of the recorded ones among
   * {@code flows}.
   */
  static Map<SuiteFlow, Duration> estimates(List<SuiteFlow> flows, Map<String, Duration> recorded) {
    List<Duration> known =
        flows.stream().map(f -> recorded.get(f.goal())).filter(d -> d != null).sorted().toList();
    Duration median = known.isEmpty() ? Duration.ZERO : known.get(known.size() / 2);
    Map<SuiteFlow, Duration> estimates = new java.util.HashMap<>();
    flows.forEach(f -> estimates.put(f, recorded.getOrDefault(f.goal(), median)));
    return estimates;
  }

  private static List<SuiteFlow> longestFirst(
      List<SuiteFlow> flows, Map<SuiteFlow, Duration> estimates) {
    return flows.stream()
        .sorted(
            Comparator.comparing((SuiteFlow f) -> estimates.get(f))
                .reversed()
                .thenComparing(SuiteFlow::file))
        .toList();
  }
}
