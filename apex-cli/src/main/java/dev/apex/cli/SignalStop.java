package dev.apex.cli;

import dev.apex.runtime.Cancellation;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * What Ctrl-C (SIGINT) and SIGTERM do while {@code apex run} runs: the first asks every task to
 * stop at its next safe point (after the step it is on; at once inside a wait), prints one line,
 * and makes the run exit {@value #SIGINT_EXIT} or {@value #SIGTERM_EXIT} once the tasks have
 * recorded themselves {@code CANCELLED} with the signal as the reason. A second SIGINT quits at
 * once, recording the tasks cancelled if the timeline takes the write within a second (else they
 * read as {@code INTERRUPTED} once the process is gone). A step that does not end within the grace
 * is abandoned: the tasks are recorded {@code CANCELLED} saying so and the process halts with the
 * same code.
 *
 * <p>Why {@code sun.misc.Signal} rather than only a shutdown hook: a hook cannot tell SIGINT from
 * SIGTERM (the reason names the signal), cannot let a second Ctrl-C quit (the JVM ignores signals
 * while hooks run), and runs with the JVM already shutting down, when a task may no longer finish
 * its step. The handler runs on the JVM's signal thread while the JVM carries on. Where the handler
 * cannot be installed (a JVM started with {@code -Xrs}, a platform without the signal), and for
 * SIGHUP or any other shutdown, a shutdown hook still cancels the tasks and waits for them up to
 * the grace. {@link #close} restores the previous handlers and removes the hook.
 */
final class SignalStop implements AutoCloseable {

  static final int SIGINT_EXIT = 130;
  static final int SIGTERM_EXIT = 143;

  /** How long a second Ctrl-C lets the tasks' ends be recorded before it quits. */
  static final Duration QUICK_RECORD = Duration.ofSeconds(1);

  private final PrintWriter err;
  private final Duration grace;
  private final List<Cancellation> tasks = new CopyOnWriteArrayList<>();
  private final List<Consumer<String>> abandon = new CopyOnWriteArrayList<>();
  private final List<Runnable> restore = new ArrayList<>();
  private final CountDownLatch done = new CountDownLatch(1);
  private final Thread hook;
  private final IntConsumer halt;
  private String signal;
  private int exitCode;

  private SignalStop(PrintWriter err, Duration grace, IntConsumer halt) {
    this.err = err;
    this.grace = grace;
    this.halt = halt;
    this.hook = new Thread(this::onShutdown, "apex-run-shutdown");
  }

  /**
   * Takes over SIGINT and SIGTERM until {@link #close}.
   *
   * @param grace how long a signal waits for the current steps to end before abandoning them
   */
  static SignalStop install(PrintWriter err, Duration grace) {
    SignalStop stop = detached(err, grace, code -> Runtime.getRuntime().halt(code));
    stop.handle("INT", SIGINT_EXIT);
    stop.handle("TERM", SIGTERM_EXIT);
    try {
      Runtime.getRuntime().addShutdownHook(stop.hook);
      stop.restore.add(() -> Runtime.getRuntime().removeShutdownHook(stop.hook));
    } catch (IllegalStateException e) {
      // Already shutting down: nothing will run anyway.
    }
    return stop;
  }

  /** One that no signal reaches but {@link #received}, quitting through {@code halt}. For tests. */
  static SignalStop detached(PrintWriter err, Duration grace, IntConsumer halt) {
    return new SignalStop(err, grace, halt);
  }

  private void handle(String name, int code) {
    try {
      Signal signal = new Signal(name);
      SignalHandler previous = Signal.handle(signal, s -> received("SIG" + name, code));
      restore.add(() -> Signal.handle(signal, previous));
    } catch (IllegalArgumentException e) {
      // -Xrs, or no such signal here: the shutdown hook covers it.
    }
  }

  /** A cancellation for a new task; cancelled at once when a signal came already. */
  Cancellation newTask() {
    Cancellation cancellation = new Cancellation();
    tasks.add(cancellation);
    synchronized (this) {
      if (signal != null) {
        cancellation.cancel(reason());
      }
    }
    return cancellation;
  }

  /**
   * What to do with a task whose step did not end within the grace: record its end with the given
   * reason. Called on the watchdog thread, once.
   */
  void onAbandon(Consumer<String> recordEnd) {
    abandon.add(recordEnd);
  }

  /** 130 after SIGINT, 143 after SIGTERM; empty when no signal came. */
  synchronized OptionalInt exitCode() {
    return signal == null ? OptionalInt.empty() : OptionalInt.of(exitCode);
  }

  /** What the handler does on a signal; {@code name} as in {@code SIGINT}. */
  void received(String name, int code) {
    boolean first;
    synchronized (this) {
      first = signal == null;
      if (first) {
        signal = name;
        exitCode = code;
      }
    }
    if (!first) {
      if (name.equals("SIGINT")) {
        quitNow(code);
      }
      return;
    }
    say(
        "apex: "
            + name
            + ": stopping after the current step (Ctrl-C again quits at once; waiting at most "
            + grace.toSeconds()
            + " s)");
    tasks.forEach(t -> t.cancel(reason()));
    Thread watchdog = new Thread(() -> abandonAfterGrace(code), "apex-run-stop-watchdog");
    watchdog.setDaemon(true);
    watchdog.start();
  }

  /**
   * A second Ctrl-C: records the tasks cancelled if that takes at most {@link #QUICK_RECORD} (a
   * write to a healthy timeline takes milliseconds; one stuck behind a lock must not hold the
   * exit), then quits. A task left unrecorded reads as INTERRUPTED once the process is gone.
   */
  private void quitNow(int code) {
    String reason = reason() + " twice; quit before the current step ended";
    Thread record = new Thread(() -> abandon.forEach(a -> a.accept(reason)), "apex-run-quit");
    record.setDaemon(true);
    record.start();
    try {
      record.join(QUICK_RECORD.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    say("apex: second Ctrl-C: quitting now");
    halt.accept(code);
  }

  /** Why the run must stop ({@code cancelled: SIGINT}); empty when no signal came. */
  synchronized java.util.Optional<String> stopped() {
    return signal == null ? java.util.Optional.empty() : java.util.Optional.of(reason());
  }

  private synchronized String reason() {
    return "cancelled: " + signal;
  }

  private void abandonAfterGrace(int code) {
    try {
      if (done.await(grace.toMillis(), TimeUnit.MILLISECONDS)) {
        return;
      }
    } catch (InterruptedException e) {
      return;
    }
    String reason = reason() + "; the current step did not end within " + grace.toSeconds() + " s";
    abandon.forEach(a -> a.accept(reason));
    say("apex: " + reason + "; quitting");
    halt.accept(code);
  }

  // SIGHUP, System.exit elsewhere, or a signal whose handler could not be installed.
  private void onShutdown() {
    synchronized (this) {
      if (signal == null) {
        signal = "shutdown";
      }
    }
    tasks.forEach(t -> t.cancel(reason()));
    try {
      if (!done.await(grace.toMillis(), TimeUnit.MILLISECONDS)) {
        abandon.forEach(a -> a.accept(reason() + "; the current step did not end in time"));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void say(String line) {
    synchronized (err) {
      err.println(line);
      err.flush();
    }
  }

  /** The run is over (its ends are recorded): releases the signals and the hook. Idempotent. */
  @Override
  public void close() {
    done.countDown();
    for (Runnable r : restore) {
      try {
        r.run();
      } catch (IllegalStateException | IllegalArgumentException e) {
        // shutting down already, or the hook ran: nothing to restore
      }
    }
    restore.clear();
  }
}
