package dev.apex.console;

import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * A suite run ({@code apex test}) as it ended: each selected flow once, in the order of the suite.
 * Immutable.
 *
 * @param suiteId the id every task of the run carries in the timeline
 * @param title what the run is called in reports, e.g. {@code apex test flows (shard 2/3)}
 * @param startedAt when it started
 * @param took its wall time
 * @param cases each selected flow and how it ended
 */
public record SuiteResult(
    String suiteId, String title, Instant startedAt, Duration took, List<SuiteCase> cases) {

  public SuiteResult {
    Objects.requireNonNull(suiteId, "suiteId");
    Objects.requireNonNull(title, "title");
    Objects.requireNonNull(startedAt, "startedAt");
    Objects.requireNonNull(took, "took");
    cases = List.copyOf(cases);
  }

  public long passed() {
    return count(SuiteCase::passed);
  }

  /** Ran and did not succeed (failed, out of steps or budget). */
  public long failed() {
    return count(SuiteCase::failed);
  }

  /** Ran and was stopped from outside (Ctrl-C). */
  public long stopped() {
    return count(SuiteCase::stopped);
  }

  public long skipped() {
    return count(c -> !c.ran());
  }

  /** Whether every selected flow SUCCEEDED (a suite of none did). */
  public boolean allPassed() {
    return passed() == cases.size();
  }

  /** The {@code n} flows that took longest, longest first (ties by file). */
  public List<SuiteCase> slowest(int n) {
    return cases.stream()
        .filter(SuiteCase::ran)
        .sorted(Comparator.comparing(SuiteCase::took).reversed().thenComparing(SuiteCase::file))
        .limit(n)
        .toList();
  }

  private long count(Predicate<SuiteCase> which) {
    return cases.stream().filter(which).count();
  }
}
