package dev.apex.runtime.planner;

import java.util.List;
import java.util.Objects;

/**
 * Runs {@link PlanInterceptor}s in order, the first outermost, for one plan each time {@link
 * #proceed} is called. Immutable; as thread-safe as its interceptors.
 */
final class PlanChain {

  private final List<PlanInterceptor> interceptors;

  /**
   * @param interceptors the guards, outermost first, and last the one that decides (asks the model)
   * @throws IllegalArgumentException when there is none
   */
  PlanChain(List<PlanInterceptor> interceptors) {
    this.interceptors = List.copyOf(interceptors);
    if (this.interceptors.isEmpty()) {
      throw new IllegalArgumentException(
          "a plan chain needs at least the interceptor that decides");
    }
  }

  /** What the chain decides for {@code turn}. */
  Decision proceed(PlanTurn turn) {
    return new Link(0, Objects.requireNonNull(turn, "turn")).decide();
  }

  private final class Link implements PlanInterceptor.Chain {
    private final int index;
    private final PlanTurn turn;

    Link(int index, PlanTurn turn) {
      this.index = index;
      this.turn = turn;
    }

    @Override
    public PlanTurn turn() {
      return turn;
    }

    @Override
    public Decision proceed() {
      if (index + 1 >= interceptors.size()) {
        throw new IllegalStateException(
            "the last plan interceptor must decide; it called proceed()");
      }
      return new Link(index + 1, turn).decide();
    }

    private Decision decide() {
      return Objects.requireNonNull(
          interceptors.get(index).intercept(this),
          () -> interceptors.get(index).getClass().getSimpleName() + " decided nothing (null)");
    }
  }
}
