package dev.apex.cli.suite;

import dev.apex.console.SuiteCase;
import dev.apex.core.Secrets;
import dev.apex.core.TaskStatus;
import dev.apex.core.Text;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Supplier;

/**
 * Runs a suite's flows over a pool of device slots: one thread per slot opens its device, then
 * takes the next flow not yet taken until none is left, so a slow flow holds only its own slot. A
 * slot whose device cannot be opened (at first, or later for a flow: {@link SlotLost}) is reported
 * once ({@link SuiteListener#deviceFailed}) and takes no more flows; the others take its share, the
 * flow it could not run first. Once a stop is asked ({@code stopped} gives a reason) no slot takes
 * another flow. A flow no slot took is skipped, with why. Used once.
 */
public final class SuiteRunner {

  /** A slot's open device session, running one flow at a time. */
  public interface Slot extends AutoCloseable {
    /**
     * Runs {@code flow} to its end; never throws for the flow's own failure.
     *
     * @throws SlotLost when the slot's device cannot be opened for it
     */
    SuiteCase run(SuiteFlow flow);

    @Override
    void close();
  }

  /**
   * What {@link Slot#run} throws when the slot's device cannot be opened any more: the flow goes
   * back to the others, and the slot takes no other flow.
   */
  public static final class SlotLost extends RuntimeException {
    public SlotLost(RuntimeException cause) {
      super(cause.getMessage(), cause);
    }
  }

  /** Opens a slot's session; throws when its device cannot be opened. */
  @FunctionalInterface
  public interface SlotOpener {
    Slot open(DeviceSlot slot);
  }

  private final List<DeviceSlot> slots;
  private final SlotOpener opener;
  private final SuiteListener listener;
  private final Supplier<Optional<String>> stopped;

  /**
   * @param stopped the reason the suite must stop (a signal), or empty while it runs on; asked
   *     before each flow is taken
   */
  public SuiteRunner(
      List<DeviceSlot> slots,
      SlotOpener opener,
      SuiteListener listener,
      Supplier<Optional<String>> stopped) {
    this.slots = List.copyOf(slots);
    if (this.slots.isEmpty()) {
      throw new IllegalArgumentException("a suite runs on at least one device slot");
    }
    this.opener = Objects.requireNonNull(opener, "opener");
    this.listener = Objects.requireNonNull(listener, "listener");
    this.stopped = Objects.requireNonNull(stopped, "stopped");
  }

  /** Runs {@code flows} (in the order given, as slots free up); each case in the same order. */
  public List<SuiteCase> run(List<SuiteFlow> flows) throws InterruptedException {
    AtomicReferenceArray<SuiteCase> cases = new AtomicReferenceArray<>(flows.size());
    ConcurrentLinkedDeque<Integer> queue = new ConcurrentLinkedDeque<>();
    for (int i = 0; i < flows.size(); i++) {
      queue.add(i);
    }
    AtomicInteger done = new AtomicInteger();
    AtomicInteger opened = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(slots.size(), SuiteRunner::thread);
    try {
      List<Future<?>> workers = new ArrayList<>();
      for (DeviceSlot slot : slots) {
        workers.add(pool.submit(() -> work(slot, flows, queue, cases, done, opened)));
      }
      for (Future<?> worker : workers) {
        try {
          worker.get();
        } catch (ExecutionException e) {
          // work() catches what a flow throws; this is a bug of ours, so say it, and go on.
          org.slf4j.LoggerFactory.getLogger(SuiteRunner.class)
              .warn("a device slot stopped unexpectedly", e.getCause());
        }
      }
    } finally {
      pool.shutdownNow();
    }
    String why =
        stopped
            .get()
            .map(reason -> "not run: " + reason)
            .orElse(
                opened.get() == 0
                    ? "not run: no device could be opened"
                    : "not run: every device slot stopped");
    List<SuiteCase> out = new ArrayList<>();
    for (int i = 0; i < flows.size(); i++) {
      SuiteCase c = cases.get(i);
      out.add(c != null ? c : flows.get(i).skipped(why));
    }
    return out;
  }

  private void work(
      DeviceSlot slot,
      List<SuiteFlow> flows,
      ConcurrentLinkedDeque<Integer> queue,
      AtomicReferenceArray<SuiteCase> cases,
      AtomicInteger done,
      AtomicInteger opened) {
    if (stopped.get().isPresent() || queue.isEmpty()) {
      return;
    }
    Slot session;
    try {
      session = opener.open(slot);
    } catch (RuntimeException e) {
      listener.deviceFailed(slot, message(e));
      return;
    }
    opened.incrementAndGet();
    try (session) {
      Integer next;
      while (stopped.get().isEmpty() && (next = queue.poll()) != null) {
        SuiteFlow flow = flows.get(next);
        SuiteCase c;
        try {
          c = session.run(flow);
        } catch (SlotLost e) {
          queue.addFirst(next);
          listener.deviceFailed(slot, message(e));
          return;
        } catch (RuntimeException e) {
          c =
              new SuiteCase(
                  flow.file(),
                  flow.classname(),
                  flow.flow().name(),
                  flow.flow().tags(),
                  slot.label(),
                  TaskStatus.FAILED,
                  "apex could not run it: " + message(e),
                  Duration.ZERO,
                  null);
        }
        cases.set(next, c);
        listener.flowEnded(c, done.incrementAndGet(), flows.size());
      }
    }
  }

  private static String message(RuntimeException e) {
    String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    return Text.inLine(Secrets.redact(m), Text.IN_LINE_MAX);
  }

  private static Thread thread(Runnable r) {
    Thread t = new Thread(r, "apex-suite-slot");
    t.setDaemon(true);
    return t;
  }
}
