package dev.apex.cli;

import dev.apex.cli.suite.DeviceSlot;
import dev.apex.cli.suite.SuiteFlow;
import dev.apex.cli.suite.SuiteRunner;
import dev.apex.config.Settings;
import dev.apex.console.SuiteCase;
import dev.apex.perception.OcrEngine;
import dev.apex.runtime.Cancellation;
import dev.apex.runtime.TaskOutcome;
import dev.apex.runtime.TimelineRecorder;
import dev.apex.runtime.agent.Agent;
import dev.apex.runtime.agent.AgentRun;
import dev.apex.runtime.safety.Confirmer;
import dev.apex.storage.Timeline;
import java.io.PrintWriter;
import java.time.Duration;

/**
 * Opens {@code apex test}'s device slots: an {@link Agent} per flow, built as {@code apex run}
 * builds its own ({@link CliAgents}), on a device opened for that flow. Each flow runs as {@code
 * apex run --flow} runs it ({@link AgentRun#flow}), recorded in the shared timeline as one task of
 * the suite run, cancelled by Ctrl-C like {@code apex run}'s tasks. A flow's steps are its
 * author's, so nothing is asked on a terminal ({@link Confirmer#AUTHORED}).
 */
final class SuiteSlots implements SuiteRunner.SlotOpener {

  private final Settings settings;
  private final SharedOptions shared;
  private final Wiring wiring;
  private final OcrEngine ocr;
  private final Timeline timeline;
  private final SignalStop signals;
  private final String suiteId;
  private final PrintWriter err;

  SuiteSlots(
      Settings settings,
      SharedOptions shared,
      Wiring wiring,
      OcrEngine ocr,
      Timeline timeline,
      SignalStop signals,
      String suiteId,
      PrintWriter err) {
    this.settings = settings;
    this.shared = shared;
    this.wiring = wiring;
    this.ocr = ocr;
    this.timeline = timeline;
    this.signals = signals;
    this.suiteId = suiteId;
    this.err = err;
  }

  /**
   * Opens the slot's first device now (so a device that cannot be opened is known before the slot
   * takes a flow); each flow after the first gets a device opened anew, as {@code apex run --flow}
   * would, so no flow inherits the state another left (a switch it turned on, a page it opened).
   */
  @Override
  public SuiteRunner.Slot open(DeviceSlot slot) {
    Agent first = agent(slot);
    return new SuiteRunner.Slot() {
      private Agent next = first;

      @Override
      public SuiteCase run(SuiteFlow flow) {
        Agent agent = next != null ? next : reopen(slot);
        next = null;
        try (agent) {
          return runOn(agent, slot, flow);
        }
      }

      @Override
      public void close() {
        if (next != null) {
          next.close();
        }
      }
    };
  }

  private Agent reopen(DeviceSlot slot) {
    try {
      return agent(slot);
    } catch (RuntimeException e) {
      throw new SuiteRunner.SlotLost(e);
    }
  }

  /** An agent on the slot's device, the device opened. */
  private Agent agent(DeviceSlot slot) {
    Agent agent =
        CliAgents.builder(
                settings,
                slot.selector(),
                shared,
                wiring,
                ocr,
                Confirmer.AUTHORED,
                notice -> {
                  synchronized (err) {
                    err.println("apex: [" + slot.label() + "] " + notice);
                    err.flush();
                  }
                })
            .labelStore(timeline.labelStore().orElseThrow())
            .build();
    try {
      agent.device();
    } catch (RuntimeException e) {
      agent.close();
      throw e;
    }
    return agent;
  }

  private SuiteCase runOn(Agent agent, DeviceSlot slot, SuiteFlow flow) {
    Cancellation cancellation = signals.newTask();
    TimelineRecorder recorder = TimelineRecorder.inSuite(timeline, cancellation, suiteId);
    signals.onAbandon(recorder::abandon);
    long start = System.nanoTime();
    TaskOutcome outcome =
        agent
            .run(AgentRun.flow(flow.flow()).withCancellation(cancellation).withListener(recorder))
            .taskOutcome();
    return new SuiteCase(
        flow.file(),
        flow.classname(),
        flow.flow().name(),
        flow.flow().tags(),
        slot.label(),
        outcome.status(),
        outcome.reason(),
        Duration.ofNanos(System.nanoTime() - start),
        outcome.taskId());
  }
}
