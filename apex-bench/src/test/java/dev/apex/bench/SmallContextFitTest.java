package dev.apex.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.runtime.planner.PlannerConfig;
import org.junit.jupiter.api.Test;

/**
 * Item 4 of issue 18: the planner's request for the last step of a 20-step task on the largest
 * shared dump, counted with cl100k and o200k, fits 8,192 tokens with a 15 % margin and the reply's
 * max_tokens. Prints the figures (the bench's M10 row shows them too).
 */
class SmallContextFitTest {

  @Test
  void theLargestStepFitsAnEightKContext() {
    SmallContextFitResult fit = SmallContextFit.measure(RealDumps.all());

    System.out.printf(
        "small-context fit on %s: cl100k %d, o200k %d (tools %d), max_tokens %d, needed %d of %d%n",
        fit.dump(),
        fit.cl100k(),
        fit.o200k(),
        fit.toolTokens(),
        fit.maxTokens(),
        fit.needed(),
        SmallContextFit.WINDOW);
    assertThat(fit.maxTokens()).isEqualTo(PlannerConfig.SMALL_CONTEXT_MAX_OUTPUT_TOKENS);
    assertThat(fit.cl100k()).isGreaterThan(1_000);
    assertThat(fit.o200k()).isGreaterThan(1_000);
    assertThat(fit.needed()).isLessThanOrEqualTo(SmallContextFit.WINDOW);
    assertThat(fit.goals()).allMatch(Goal::met);
  }

  @Test
  void aLongerHistoryMakesALongerRequest() {
    SmallContextFitResult twenty = SmallContextFit.measure(RealDumps.all());
    SmallContextFitResult tight =
        SmallContextFit.measure(
            RealDumps.all(),
            PlannerConfig.defaults()
                .withMaxOutputTokens(PlannerConfig.SMALL_CONTEXT_MAX_OUTPUT_TOKENS)
                .withRecentSteps(1));

    assertThat(tight.o200k()).isLessThan(twenty.o200k());
  }
}
