package dev.apex.cli.suite;

import dev.apex.console.SuiteCase;
import dev.apex.console.SuiteResult;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hears a suite run as it goes: where a progress line is printed, and where a trace of the run as a
 * whole (one span per suite run) plugs in. Each call is on a thread of the suite's (a slot's, for
 * {@link #deviceFailed} and {@link #flowEnded}, so calls may come at once); a listener is fast and
 * never throws.
 */
public interface SuiteListener {

  /** Before any device opens: the run's id, how many flows it will run, on which slots. */
  default void suiteStarted(String suiteId, int flows, List<DeviceSlot> slots) {}

  /** A slot's device could not be opened: reported once, its flows go to the other slots. */
  default void deviceFailed(DeviceSlot slot, String message) {}

  /** A flow ended ({@code done} of {@code total} so far). */
  default void flowEnded(SuiteCase flow, int done, int total) {}

  /** The run ended: every flow ran or was skipped. */
  default void suiteEnded(SuiteResult result) {}

  /** All of {@code listeners}, in order; one that throws is logged and the others still hear. */
  static SuiteListener all(List<SuiteListener> listeners) {
    List<SuiteListener> copy = List.copyOf(listeners);
    Logger log = LoggerFactory.getLogger(SuiteListener.class);
    return new SuiteListener() {
      @Override
      public void suiteStarted(String suiteId, int flows, List<DeviceSlot> slots) {
        each(l -> l.suiteStarted(suiteId, flows, slots));
      }

      @Override
      public void deviceFailed(DeviceSlot slot, String message) {
        each(l -> l.deviceFailed(slot, message));
      }

      @Override
      public void flowEnded(SuiteCase flow, int done, int total) {
        each(l -> l.flowEnded(flow, done, total));
      }

      @Override
      public void suiteEnded(SuiteResult result) {
        each(l -> l.suiteEnded(result));
      }

      private void each(java.util.function.Consumer<SuiteListener> call) {
        for (SuiteListener l : copy) {
          try {
            call.accept(l);
          } catch (RuntimeException e) {
            log.warn("a suite listener failed; the suite goes on", e);
          }
        }
      }
    };
  }
}
