package dev.apex.console;

import dev.apex.config.ApexConfig;
import dev.apex.config.ApexConfigStore;
import dev.apex.core.DeviceException;
import dev.apex.core.TaskId;
import dev.apex.core.TaskRecord;
import dev.apex.core.TaskStatus;
import dev.apex.runtime.Cancellation;
import dev.apex.runtime.TaskOutcome;
import dev.apex.runtime.TimelineRecorder;
import dev.apex.storage.Timeline;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The tasks this console started and that are still running, each on a thread of its own. One task
 * per device at a time, since a device is not thread-safe. A cancel asks the runner to stop after
 * the step it is on; the timeline then says {@link TaskStatus#CANCELLED}. A device the inspector
 * holds ({@link #hold}) runs only the inspector's own tasks ({@link #startHeld}). Thread-safe.
 */
final class RunningTasks {

  private static final Logger log = LoggerFactory.getLogger(RunningTasks.class);

  /**
   * @param device the selector the task was started with, as recorded
   * @param key the identity of that device ({@link TaskLauncher#identity}): what "busy" is keyed by
   */
  private record Running(
      TaskId id,
      String device,
      String key,
      Cancellation cancellation,
      ConsoleConfirmer confirmer) {}

  private final Timeline timeline;
  private final TaskLauncher launcher;
  private final ApexConfigStore config;
  private final EventHub hub;
  private final Duration confirmationTimeout;
  private final Map<TaskId, Running> running = new ConcurrentHashMap<>();

  /** Device identity → the inspector session holding it. Guarded by {@code this}. */
  private final Map<String, String> held = new java.util.HashMap<>();

  /** Inspector session → the identity of the device it holds. Guarded by {@code this}. */
  private final Map<String, String> heldBy = new java.util.HashMap<>();

  private final ExecutorService workers;
  private boolean stopped;

  /**
   * @param hub where each task's {@code confirmation_needed} and {@code confirmation_resolved}
   *     events go
   * @param confirmationTimeout how long a sensitive action waits for a person
   */
  RunningTasks(
      Timeline timeline,
      TaskLauncher launcher,
      ApexConfigStore config,
      EventHub hub,
      Duration confirmationTimeout) {
    this.timeline = Objects.requireNonNull(timeline, "timeline");
    this.launcher = launcher;
    this.config = Objects.requireNonNull(config, "config");
    this.hub = Objects.requireNonNull(hub, "hub");
    this.confirmationTimeout = Objects.requireNonNull(confirmationTimeout, "confirmationTimeout");
    AtomicInteger count = new AtomicInteger();
    this.workers =
        Executors.newCachedThreadPool(
            r -> {
              Thread thread = new Thread(r, "apex-console-task-" + count.incrementAndGet());
              thread.setDaemon(true);
              return thread;
            });
  }

  boolean canStart() {
    return launcher != null;
  }

  /** Why goals cannot start now (the launcher's words), empty when they can or nothing can. */
  Optional<String> goalRefusal() {
    return launcher == null ? Optional.empty() : launcher.goalRefusal(config.current());
  }

  /**
   * Checks and starts a task with the settings in force now, and returns it as recorded.
   *
   * @throws HttpError 503 without a launcher or while stopping, 409 when the device is busy (a task
   *     runs on it, or the inspector holds it), 400 for a goal the launcher cannot plan ({@link
   *     TaskLauncher#goalRefusal}), 400 or 403 for an address the console may not open ({@link
   *     DeviceOrigins})
   * @throws dev.apex.core.InvalidInputException when the launcher rejects the request
   */
  TaskRecord start(TaskRequest request) {
    return start(request, null);
  }

  /**
   * As {@link #start(TaskRequest)}, with the origin the person allowed for this request ({@link
   * DeviceOrigins#ALLOW_KEY}, null for none): the task runs with it allowed, for its device and its
   * steps alike.
   */
  TaskRecord start(TaskRequest request, String allowedOrigin) {
    if (launcher == null) {
      throw new HttpError(
          503, "this console was started without a task launcher; start tasks with apex run");
    }
    // Before anything reaches the address: resolving the identity may ask its server.
    Optional<String> admitted =
        DeviceOrigins.admit(request.device(), config.current(), allowedOrigin);
    // Resolved outside the lock: it may ask the device's server.
    return start(request, identity(request.device()), admitted);
  }

  private synchronized TaskRecord start(
      TaskRequest request, String key, Optional<String> admitted) {
    requireFree(request.device(), key);
    String holder = held.get(key);
    if (holder != null) {
      throw HttpError.conflict(
          "device "
              + request.device()
              + " is held by inspector session "
              + holder
              + "; disconnect it on the Inspector page (or run the flow there as a draft)");
    }
    ApexConfig settings = DeviceOrigins.allowing(config.current(), admitted);
    if (!request.isFlow()) {
      Optional<String> refusal = launcher.goalRefusal(settings);
      if (refusal.isPresent()) {
        throw HttpError.badRequest(refusal.get());
      }
    }
    return launch(request.device(), key, launcher.prepare(request, settings));
  }

  /**
   * Starts {@code prepared} on a device inspector session {@code session} holds (its tap, its
   * draft), as a task like any other: recorded, cancellable, asking the UI before a sensitive
   * action.
   *
   * @throws HttpError 409 when a task runs on the device or the session no longer holds it, 503
   *     while stopping
   */
  synchronized TaskRecord startHeld(String device, String session, PreparedTask prepared) {
    String key = heldBy.get(session);
    if (key == null) {
      throw HttpError.conflict(
          "inspector session " + session + " no longer holds device " + device + "; connect again");
    }
    requireFree(device, key);
    return launch(device, key, prepared);
  }

  /**
   * Reserves {@code device} for inspector session {@code session}: no task may start on it until
   * {@link #release}, except through {@link #startHeld}.
   *
   * @throws HttpError 409 naming the task running on it or the session holding it, 503 while
   *     stopping
   */
  void hold(String device, String session) {
    hold(device, session, identity(device));
  }

  private synchronized void hold(String device, String session, String key) {
    requireFree(device, key);
    String holder = held.get(key);
    if (holder != null) {
      throw HttpError.conflict(
          "device "
              + device
              + " is held by inspector session "
              + holder
              + "; disconnect it there first, or wait for its idle timeout");
    }
    held.put(key, session);
    heldBy.put(session, key);
  }

  /** Frees the device {@code session} holds. */
  synchronized void release(String device, String session) {
    String key = heldBy.remove(session);
    if (key != null) {
      held.remove(key, session);
    }
  }

  /** The task of this console running on the device inspector session {@code session} holds. */
  synchronized Optional<TaskId> busyWithHeld(String session) {
    String key = heldBy.get(session);
    return key == null ? Optional.empty() : busyWith(key);
  }

  /** The task of this console running on the device of identity {@code key}, if any. */
  private Optional<TaskId> busyWith(String key) {
    return running.values().stream().filter(r -> r.key().equals(key)).map(Running::id).findFirst();
  }

  /**
   * The launcher's identity of {@code device}; the selector itself when the device's server cannot
   * be reached, so the task starts and records that failure as any task would.
   */
  private String identity(String device) {
    if (launcher == null) {
      return device;
    }
    try {
      return launcher.identity(device, config.current());
    } catch (DeviceException e) {
      log.info("identity of {} unknown ({}); keyed by its selector", device, e.getMessage());
      return device;
    }
  }

  private void requireFree(String device, String key) {
    if (stopped) {
      throw new HttpError(503, "the console is stopping; start the task once it is back");
    }
    Optional<TaskId> busy = busyWith(key);
    if (busy.isPresent()) {
      throw HttpError.conflict(
          "device "
              + device
              + " is busy with task "
              + busy.get()
              + "; wait for it to end or cancel it");
    }
  }

  private TaskRecord launch(String device, String key, PreparedTask prepared) {
    TaskId id = TaskId.random();
    timeline.startTask(id, device, prepared.goal());
    Running task = new Running(id, device, key, new Cancellation(), confirmer(id.value(), device));
    running.put(id, task);
    // Another console on the same timeline may cancel it too: the heartbeat brings the request.
    timeline.onStopRequest(id, reason -> stop(task, reason));
    log.info("task {} started from the console on {}", id, device);
    workers.execute(() -> run(task, prepared));
    return timeline.task(id).orElseThrow();
  }

  private void run(Running task, PreparedTask prepared) {
    TimelineRecorder recorder = TimelineRecorder.forStartedTask(timeline, task.id());
    try {
      TaskOutcome outcome =
          prepared.run(task.id(), recorder, task.cancellation(), task.confirmer());
      if (outcome == null || !outcome.status().isFinal()) {
        recorder.finish(TaskStatus.FAILED, "the task launcher returned no final outcome");
      } else {
        recorder.finish(outcome.status(), outcome.reason());
      }
    } catch (RuntimeException e) {
      log.warn("task {} could not run", task.id(), e);
      recorder.finish(
          task.cancellation().isCancelled() ? TaskStatus.CANCELLED : TaskStatus.FAILED,
          "the task could not run: " + e.getMessage());
    } finally {
      task.confirmer().close();
      running.remove(task.id());
    }
  }

  private ConsoleConfirmer confirmer(String taskId, String device) {
    return new ConsoleConfirmer(
        confirmationTimeout,
        new ConsoleConfirmer.Listener() {
          @Override
          public void needed(ConsoleConfirmer.Pending pending) {
            log.info(
                "task {} on {} waits for a confirmation ({})",
                taskId,
                device,
                pending.action().kind());
            hub.publish("confirmation_needed", taskId, Views.confirmation(taskId, pending));
          }

          @Override
          public void resolved(ConsoleConfirmer.Pending pending, ConsoleConfirmer.Outcome outcome) {
            log.info("task {}: confirmation {} ended {}", taskId, pending.id(), outcome);
            var data = Views.confirmation(taskId, pending);
            data.put("outcome", outcome.name().toLowerCase(java.util.Locale.ROOT));
            data.put("allowed", outcome == ConsoleConfirmer.Outcome.ALLOWED);
            hub.publish("confirmation_resolved", taskId, data);
          }
        });
  }

  /** The confirm button of a task running here; empty when it is not running here. */
  Optional<ConsoleConfirmer> confirmer(TaskId id) {
    return Optional.ofNullable(running.get(id)).map(Running::confirmer);
  }

  /** Asks the task to stop after its current step; false when it is not running here. */
  boolean cancel(TaskId id) {
    Running task = running.get(id);
    if (task == null) {
      return false;
    }
    stop(task, TasksApi.CANCEL_REASON);
    log.info("task {} cancelled from the console", id);
    return true;
  }

  private static void stop(Running task, String reason) {
    task.cancellation().cancel(reason);
    // A task waiting for a confirmation would otherwise wait out the timeout before stopping.
    task.confirmer().close();
  }

  /**
   * Cancels every task and waits up to {@code grace} for them to stop; a task still running then is
   * interrupted, which the runner also treats as a cancel.
   */
  void stop(Duration grace) {
    synchronized (this) {
      stopped = true;
    }
    running
        .values()
        .forEach(
            task -> {
              task.cancellation().cancel();
              task.confirmer().close();
            });
    workers.shutdown();
    try {
      if (!workers.awaitTermination(grace.toMillis(), TimeUnit.MILLISECONDS)) {
        workers.shutdownNow();
        if (!workers.awaitTermination(grace.toMillis(), TimeUnit.MILLISECONDS)) {
          log.warn("{} task(s) did not stop; the timeline may show them running", running.size());
        }
      }
    } catch (InterruptedException e) {
      workers.shutdownNow();
      Thread.currentThread().interrupt();
    }
  }
}
