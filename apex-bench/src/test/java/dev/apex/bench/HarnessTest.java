package dev.apex.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** What the harness runs and in which order; never how long anything took. */
class HarnessTest {

  private static Supplier<?> recording(List<String> calls, String name) {
    return () -> {
      calls.add(name);
      return name;
    };
  }

  @Test
  void runsWarmUpThenTimedRoundsOfEveryOperation() {
    List<String> calls = new ArrayList<>();

    List<Measurement> m =
        Harness.interleaved(
            Harness.Plan.fixed(2, 5), List.of(recording(calls, "a"), recording(calls, "b")));

    assertThat(calls).hasSize(2 * (2 + 5));
    assertThat(m).hasSize(2);
    assertThat(m)
        .allSatisfy(
            x -> {
              assertThat(x.wall().samples()).isEqualTo(5);
              assertThat(x.cpu().samples()).isEqualTo(5);
            });
  }

  @Test
  void rotatesTheOrderEachRoundSoNeitherAlwaysGoesFirst() {
    List<String> calls = new ArrayList<>();

    Harness.interleaved(
        Harness.Plan.fixed(0, 3),
        List.of(recording(calls, "a"), recording(calls, "b"), recording(calls, "c")));

    assertThat(calls).containsExactly("a", "b", "c", "b", "c", "a", "c", "a", "b");
  }

  @Test
  void settlingRunsEachOperationUntimedRightBeforeItsTimedRun() {
    List<String> calls = new ArrayList<>();

    List<Measurement> m =
        Harness.interleaved(
            Harness.Plan.fixed(0, 2), List.of(recording(calls, "a"), recording(calls, "b")), 1);

    assertThat(calls).containsExactly("a", "a", "b", "b", "b", "b", "a", "a");
    assertThat(m).allSatisfy(x -> assertThat(x.cpu().samples()).isEqualTo(2));
    assertThatThrownBy(
            () -> Harness.interleaved(Harness.Plan.fixed(0, 1), List.of(recording(calls, "a")), -1))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void stopsAtMaxRoundsWhateverTheBudget() {
    List<String> calls = new ArrayList<>();

    Measurement m =
        Harness.single(new Harness.Plan(0, 0, 1, 4, Long.MAX_VALUE), recording(calls, "a"));

    assertThat(calls).hasSize(4);
    assertThat(m.wall().samples()).isEqualTo(4);
  }

  @Test
  void stopsAtMinRoundsWhenTheBudgetIsSpent() {
    List<String> calls = new ArrayList<>();

    Harness.single(new Harness.Plan(0, 0, 3, 1_000, 0), recording(calls, "a"));

    assertThat(calls).hasSize(3);
  }

  @Test
  void rejectsPlansThatCannotRun() {
    assertThatThrownBy(() -> new Harness.Plan(0, 0, 0, 1, 0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new Harness.Plan(0, 0, 5, 4, 0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Harness.interleaved(Harness.Plan.fixed(0, 1), List.of()))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
