package dev.apex.console;

import dev.apex.config.ApexConfig;
import dev.apex.config.ApexConfigStore;
import dev.apex.core.PlannedStep;
import dev.apex.core.SceneElement;
import dev.apex.core.TaskId;
import dev.apex.core.TaskRecord;
import dev.apex.device.Key;
import dev.apex.runtime.Cancellation;
import dev.apex.runtime.TaskListener;
import dev.apex.runtime.TaskOutcome;
import dev.apex.runtime.safety.Confirmer;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The console's live inspector: devices held open between tasks ({@link InspectorSession}, one per
 * device), their screen read on demand, and the taps, key presses and drafts run on them as tasks
 * of {@link RunningTasks} (recorded, cancellable, a sensitive action asking the UI). A device held
 * here runs no other task; a device running a task cannot be connected. A session closes on
 * disconnect, on console stop, and after {@code idleTimeout} without a call. Every device read
 * (opening included) is bounded by the device deadline. Thread-safe.
 */
final class Inspector {

  private static final Logger log = LoggerFactory.getLogger(Inspector.class);
  private static final SecureRandom RANDOM = new SecureRandom();
  private static final int MAX_SESSIONS = 8;

  private final RunningTasks running;
  private final TaskLauncher launcher;
  private final ApexConfigStore config;
  private final Duration idleTimeout;
  private final LongSupplier nanos;
  private final Clock clock;
  private final Map<String, InspectorSession> sessions = new ConcurrentHashMap<>();
  private final ExecutorService opener =
      Executors.newCachedThreadPool(
          r -> {
            Thread thread = new Thread(r, "apex-inspector-open");
            thread.setDaemon(true);
            return thread;
          });
  private volatile boolean stopped;

  Inspector(
      RunningTasks running,
      TaskLauncher launcher,
      ApexConfigStore config,
      Duration idleTimeout,
      LongSupplier nanos,
      Clock clock) {
    this.running = running;
    this.launcher = launcher;
    this.config = config;
    this.idleTimeout = idleTimeout;
    this.nanos = nanos;
    this.clock = clock;
  }

  Duration idleTimeout() {
    return idleTimeout;
  }

  /**
   * Opens {@code device} and holds it.
   *
   * @throws HttpError 400 or 403 for an address the console may not open ({@link DeviceOrigins}),
   *     409 when a task runs on it or another session holds it, 503 without a launcher that can
   *     hold devices, 504 when it does not open within the device deadline
   */
  InspectorSession connect(String device) {
    return connect(device, null);
  }

  /**
   * As {@link #connect(String)}, with the origin the person allowed for this request ({@link
   * DeviceOrigins#ALLOW_KEY}, null for none).
   */
  InspectorSession connect(String device, String allowedOrigin) {
    if (launcher == null) {
      throw new HttpError(
          503, "this console was started without a task launcher; the inspector needs one");
    }
    if (stopped) {
      throw new HttpError(503, "the console is stopping");
    }
    if (sessions.size() >= MAX_SESSIONS) {
      throw HttpError.conflict(
          "the inspector holds " + MAX_SESSIONS + " devices already; disconnect one first");
    }
    ApexConfig settings =
        DeviceOrigins.allowing(
            config.current(), DeviceOrigins.admit(device, config.current(), allowedOrigin));
    String id = newId();
    running.hold(device, id);
    HeldDevice held;
    try {
      Duration deadline = config.current().device().timeout();
      held =
          withDeadline(
              opener,
              deadline,
              () -> launcher.hold(device, settings),
              "device " + device + " did not open within " + seconds(deadline),
              HeldDevice::close);
    } catch (UnsupportedOperationException e) {
      running.release(device, id);
      throw new HttpError(503, e.getMessage());
    } catch (RuntimeException e) {
      running.release(device, id);
      throw e;
    }
    InspectorSession session =
        new InspectorSession(id, device, held, clock.instant(), nanos.getAsLong());
    sessions.put(id, session);
    log.info("inspector session {} holds {}", id, device);
    if (stopped) {
      close(session, "the console stopped");
      throw new HttpError(503, "the console is stopping");
    }
    return session;
  }

  List<InspectorSession> sessions() {
    return new ArrayList<>(sessions.values());
  }

  /** The session {@code id}, touched (its idle time starts again); 404 when there is none. */
  InspectorSession session(String id) {
    InspectorSession session = sessions.get(id);
    if (session == null) {
      throw HttpError.notFound(
          "no inspector session "
              + id
              + " (disconnected, or closed after being idle); connect again");
    }
    session.touch(nanos.getAsLong());
    return session;
  }

  /**
   * The task of the console using the session's device now, if any. The session's own last task
   * counts only while it holds the device permit: once its run has returned (the timeline may
   * already show it ended) the device is free, though the console has not yet let go of it.
   */
  Optional<TaskId> busy(InspectorSession session) {
    Optional<TaskId> busy = running.busyWithHeld(session.id());
    if (busy.isPresent()
        && busy.get().value().equals(session.lastTask())
        && session.use().availablePermits() > 0) {
      return Optional.empty();
    }
    return busy;
  }

  /**
   * Reads the screen now.
   *
   * @throws HttpError 409 while a task runs on the device, 504 past the device deadline
   */
  InspectorSession.Capture screen(InspectorSession session) {
    requireIdle(session);
    if (!session.use().tryAcquire()) {
      throw HttpError.conflict(
          "device " + session.device() + " is busy with another read; try again");
    }
    Duration deadline = session.held().deadline();
    HeldDevice.Screen screen;
    try {
      screen =
          withDeadline(
              session.reader(),
              deadline,
              () -> {
                try {
                  return session.held().screen();
                } finally {
                  // Released when the device answers, not when the caller gave up on it.
                  session.use().release();
                }
              },
              "device "
                  + session.device()
                  + " did not answer within "
                  + seconds(deadline)
                  + "; refresh again, or disconnect",
              null);
    } catch (RejectedExecutionException e) {
      session.use().release();
      throw HttpError.notFound("inspector session " + session.id() + " was closed");
    }
    return session.record(screen, clock.instant());
  }

  /** Taps element {@code elementId} of the last screen read, as a one-step task. */
  TaskRecord tap(InspectorSession session, String elementId) {
    SceneElement element =
        session
            .last()
            .flatMap(c -> c.scene().element(elementId))
            .orElseThrow(
                () ->
                    HttpError.conflict(
                        "element "
                            + elementId
                            + " is not on the screen the inspector read last; refresh"));
    return start(
        session,
        "inspector: tap " + describe(element),
        PlannedStep.of("tap", Map.of("element", element.id())));
  }

  /** Presses {@code key} ({@code back}, {@code home}, …) as a one-step task. */
  TaskRecord key(InspectorSession session, String key) {
    Key parsed = Key.parse(key);
    String name = parsed.name().toLowerCase(Locale.ROOT);
    return start(
        session, "inspector: press " + name, PlannedStep.of("press_key", Map.of("key", name)));
  }

  /** Runs a flow's YAML on the session's device from its current screen. */
  TaskRecord run(InspectorSession session, String yaml) {
    requireIdle(session);
    return launch(session, session.held().flow(yaml, config.current()));
  }

  private TaskRecord start(InspectorSession session, String title, PlannedStep step) {
    requireIdle(session);
    return launch(session, session.held().step(title, step, config.current()));
  }

  private TaskRecord launch(InspectorSession session, PreparedTask task) {
    if (!session.use().tryAcquire()) {
      throw HttpError.conflict(
          "device " + session.device() + " is busy with a screen read; try again");
    }
    PreparedTask releasing =
        new PreparedTask() {
          @Override
          public String goal() {
            return task.goal();
          }

          @Override
          public TaskOutcome run(TaskId id, TaskListener listener, Cancellation cancellation) {
            return run(id, listener, cancellation, Confirmer.DENY);
          }

          @Override
          public TaskOutcome run(
              TaskId id, TaskListener listener, Cancellation cancellation, Confirmer confirmer) {
            try {
              return task.run(id, listener, cancellation, confirmer);
            } finally {
              session.use().release();
            }
          }
        };
    TaskRecord started;
    try {
      started = running.startHeld(session.device(), session.id(), releasing);
    } catch (RuntimeException e) {
      session.use().release();
      throw e;
    }
    session.taskStarted(started.id().value());
    return started;
  }

  private void requireIdle(InspectorSession session) {
    Optional<TaskId> busy = busy(session);
    if (busy.isPresent()) {
      throw HttpError.conflict(
          "device "
              + session.device()
              + " is busy with task "
              + busy.get()
              + "; wait for it to end or cancel it");
    }
  }

  /**
   * Disconnects session {@code id}: releases and closes its device.
   *
   * @throws HttpError 409 while a task runs on it
   */
  void disconnect(String id) {
    InspectorSession session = session(id);
    requireIdle(session);
    close(session, "disconnected");
  }

  /** Closes every session idle for longer than the idle timeout (and running no task). */
  void closeIdle() {
    long now = nanos.getAsLong();
    for (InspectorSession session : sessions()) {
      if (now - session.lastUsedNanos() > idleTimeout.toNanos() && busy(session).isEmpty()) {
        close(session, "idle for " + seconds(idleTimeout));
      }
    }
  }

  /** Closes every session; the console is stopping (its tasks have been stopped first). */
  void stop() {
    stopped = true;
    sessions().forEach(s -> close(s, "the console stopped"));
    opener.shutdownNow();
  }

  private void close(InspectorSession session, String why) {
    if (sessions.remove(session.id(), session)) {
      try {
        session.close();
      } catch (RuntimeException e) {
        log.warn("inspector session {}: closing {} failed", session.id(), session.device(), e);
      } finally {
        running.release(session.device(), session.id());
      }
      log.info("inspector session {} on {} closed: {}", session.id(), session.device(), why);
    }
  }

  /** An element as a person reads it in a task's title: its text, else its resource id or id. */
  static String describe(SceneElement e) {
    String text = e.text().strip();
    if (!text.isEmpty()) {
      return "\u201c" + (text.length() > 60 ? text.substring(0, 60) + "\u2026" : text) + "\u201d";
    }
    return e.resourceId().isBlank() ? e.id() : e.resourceId();
  }

  /**
   * Runs {@code work} on {@code executor} and waits up to {@code deadline}; past it, a 504 with
   * {@code late}, and {@code abandon} gets what the work returns once it ends (to close it).
   */
  private static <T> T withDeadline(
      ExecutorService executor,
      Duration deadline,
      Callable<T> work,
      String late,
      java.util.function.Consumer<T> abandon) {
    Future<T> future = executor.submit(work);
    try {
      return future.get(deadline.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      if (abandon != null) {
        executor.execute(
            () -> {
              try {
                abandon.accept(future.get());
              } catch (InterruptedException | ExecutionException ignored) {
                // Nothing opened, so nothing to close.
              }
            });
      }
      throw new HttpError(504, late);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      future.cancel(true);
      throw new HttpError(503, "the console is stopping");
    } catch (ExecutionException e) {
      if (e.getCause() instanceof dev.apex.core.DeviceException d) {
        // The driver's message names the device and what failed, never a secret (D-rules).
        throw new HttpError(502, d.getMessage());
      }
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      throw new IllegalStateException(e.getCause());
    }
  }

  private static String seconds(Duration d) {
    return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
  }

  private static String newId() {
    byte[] bytes = new byte[12];
    RANDOM.nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }
}
