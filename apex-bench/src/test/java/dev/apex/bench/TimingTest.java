package dev.apex.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TimingTest {

  @Test
  void medianOfAnOddCountIsTheMiddleSample() {
    Timing t = Timing.of(new long[] {50, 10, 30});

    assertThat(t.median()).isEqualTo(30);
    assertThat(t.min()).isEqualTo(10);
    assertThat(t.samples()).isEqualTo(3);
  }

  @Test
  void medianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
    assertThat(Timing.of(new long[] {4, 1, 3, 2}).median()).isEqualTo(2.5);
  }

  @Test
  void p95IsTheNearestRank() {
    long[] samples = new long[100];
    for (int i = 0; i < 100; i++) {
      samples[i] = 100 - i; // 100 down to 1
    }

    assertThat(Timing.of(samples).p95()).isEqualTo(95);
    assertThat(Timing.of(new long[] {7}).p95()).isEqualTo(7);
  }

  @Test
  void leavesTheSamplesUnsorted() {
    long[] samples = {3, 1, 2};

    Timing.of(samples);

    assertThat(samples).containsExactly(3, 1, 2);
  }

  @Test
  void needsASample() {
    assertThatThrownBy(() -> Timing.of(new long[0])).isInstanceOf(IllegalArgumentException.class);
  }
}
