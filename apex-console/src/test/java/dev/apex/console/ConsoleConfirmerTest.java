package dev.apex.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.runtime.safety.SensitiveAction;
import dev.apex.runtime.safety.SensitiveKind;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ConsoleConfirmerTest {

  private static final SensitiveAction PAY =
      new SensitiveAction(SensitiveKind.PAYMENT, "tap", "Pay now", "pay now");

  private final LinkedBlockingQueue<ConsoleConfirmer.Pending> needed = new LinkedBlockingQueue<>();
  private final List<ConsoleConfirmer.Outcome> outcomes = new CopyOnWriteArrayList<>();

  private ConsoleConfirmer confirmer(Duration timeout) {
    return new ConsoleConfirmer(
        timeout,
        new ConsoleConfirmer.Listener() {
          @Override
          public void needed(ConsoleConfirmer.Pending pending) {
            needed.add(pending);
          }

          @Override
          public void resolved(ConsoleConfirmer.Pending pending, ConsoleConfirmer.Outcome outcome) {
            outcomes.add(outcome);
          }
        });
  }

  @Test
  void anAnswerForAnotherActionIsNotTaken() throws Exception {
    ConsoleConfirmer confirmer = confirmer(ConsoleConfirmer.DEFAULT_TIMEOUT);
    CompletableFuture<Boolean> asked = CompletableFuture.supplyAsync(() -> confirmer.confirm(PAY));
    ConsoleConfirmer.Pending pending = needed.poll(60, TimeUnit.SECONDS);
    assertThat(pending).isNotNull();

    assertThat(confirmer.answer(pending.id() + 1, true)).isEmpty();
    assertThat(confirmer.pending()).contains(pending);
    assertThat(confirmer.answer(pending.id(), true)).contains(pending);

    assertThat(asked.get(60, TimeUnit.SECONDS)).isTrue();
    assertThat(confirmer.pending()).isEmpty();
    assertThat(confirmer.answer(null, true)).as("nothing pending").isEmpty();
    assertThat(outcomes).containsExactly(ConsoleConfirmer.Outcome.ALLOWED);
  }

  @Test
  void aClosedConfirmerRefusesWithoutAsking() {
    ConsoleConfirmer confirmer = confirmer(ConsoleConfirmer.DEFAULT_TIMEOUT);
    confirmer.close();

    assertThat(confirmer.confirm(PAY)).isFalse();
    assertThat(needed).isEmpty();
  }

  @Test
  void aZeroTimeoutRefusesAtOnce() {
    ConsoleConfirmer confirmer = confirmer(Duration.ZERO);

    assertThat(confirmer.confirm(PAY)).isFalse();
    assertThat(outcomes).containsExactly(ConsoleConfirmer.Outcome.TIMED_OUT);
    assertThat(confirmer.pending()).isEmpty();
  }
}
