package dev.apex.perception;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class RadixSortTest {

  @Test
  void sortsBySignedKeyAndKeepsTheOrderOfEqualKeys() {
    Random random = new Random(5);
    int n = 5000;
    int[] keys = new int[n];
    long[] packed = new long[n];
    for (int i = 0; i < n; i++) {
      keys[i] = random.nextInt(200) - 100 + (random.nextInt(10) == 0 ? Integer.MIN_VALUE / 2 : 0);
      packed[i] = RadixSort.pack(keys[i], i);
    }

    RadixSort.sort(packed, n);

    Integer[] expected = IntStream.range(0, n).boxed().toArray(Integer[]::new);
    Arrays.sort(expected, Comparator.comparingInt(i -> keys[i]));
    assertThat(Arrays.stream(packed).mapToInt(RadixSort::payload).boxed().toArray())
        .containsExactly((Object[]) expected);
  }

  @Test
  void emptyAndSingleArraysAreLeftAlone() {
    RadixSort.sort(new long[0], 0);
    long[] one = {RadixSort.pack(-7, 3)};

    RadixSort.sort(one, 1);

    assertThat(RadixSort.payload(one[0])).isEqualTo(3);
  }
}
