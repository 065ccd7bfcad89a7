package dev.apex.runtime;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Random;

/** A Random whose nextDouble plays given values in order, repeating the last. */
final class FixedRandom extends Random {

  private static final long serialVersionUID = 1L;

  private final Deque<Double> values;

  FixedRandom(Double... values) {
    this.values = new ArrayDeque<>(List.of(values));
  }

  @Override
  public double nextDouble() {
    return values.size() > 1 ? values.poll() : values.peek();
  }
}
