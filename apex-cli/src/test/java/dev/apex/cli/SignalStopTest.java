package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.runtime.Cancellation;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The signal rules without sending signals: the first cancels every task with the signal as the
 * reason, a second Ctrl-C quits at once, and a step that outlives the grace is abandoned.
 */
class SignalStopTest {

  private final StringWriter err = new StringWriter();
  private final BlockingQueue<Integer> halts = new LinkedBlockingQueue<>();

  @Test
  void theFirstSignalCancelsEveryTaskAndSetsTheExitCode() {
    try (SignalStop stop =
        SignalStop.detached(new PrintWriter(err, true), Duration.ofHours(1), halts::add)) {
      Cancellation before = stop.newTask();
      stop.received("SIGTERM", SignalStop.SIGTERM_EXIT);
      Cancellation after = stop.newTask();

      assertThat(before.reason()).contains("cancelled: SIGTERM");
      assertThat(after.reason())
          .as("a task set up after the signal")
          .contains("cancelled: SIGTERM");
      assertThat(stop.exitCode()).hasValue(143);
      assertThat(err.toString().lines())
          .singleElement()
          .asString()
          .startsWith("apex: SIGTERM: stopping after the current step");
      assertThat(halts).isEmpty();
    }
  }

  @Test
  void aSecondCtrlCQuitsAtOnce() {
    try (SignalStop stop =
        SignalStop.detached(new PrintWriter(err, true), Duration.ofHours(1), halts::add)) {
      List<String> abandoned = new CopyOnWriteArrayList<>();
      stop.newTask();
      stop.onAbandon(abandoned::add);
      stop.received("SIGINT", SignalStop.SIGINT_EXIT);
      stop.received("SIGINT", SignalStop.SIGINT_EXIT);

      assertThat(halts).containsExactly(130);
      assertThat(stop.exitCode()).hasValue(130);
      assertThat(abandoned)
          .singleElement()
          .asString()
          .isEqualTo("cancelled: SIGINT twice; quit before the current step ended");
      assertThat(err.toString().lines())
          .last()
          .asString()
          .isEqualTo("apex: second Ctrl-C: quitting now");
    }
  }

  @Test
  void aStepThatOutlivesTheGraceIsRecordedCancelledAndTheProcessQuits() throws Exception {
    List<String> abandoned = new CopyOnWriteArrayList<>();
    try (SignalStop stop =
        SignalStop.detached(new PrintWriter(err, true), Duration.ofMillis(1), halts::add)) {
      stop.newTask();
      stop.onAbandon(abandoned::add);
      stop.received("SIGINT", SignalStop.SIGINT_EXIT);

      assertThat(halts.poll(1, TimeUnit.MINUTES)).isEqualTo(130);
      assertThat(abandoned)
          .singleElement()
          .asString()
          .startsWith("cancelled: SIGINT; the current step did not end within");
    }
  }
}
