package dev.apex.console;

import dev.apex.core.TaskId;
import dev.apex.core.TaskRecord;
import dev.apex.core.TaskStatus;
import dev.apex.storage.StoredStep;
import dev.apex.storage.TaskEntry;
import dev.apex.storage.TaskFilter;
import dev.apex.storage.Timeline;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns the timeline into events by polling it: a task that appears gives {@code task_started},
 * each step recorded after the last one seen gives {@code step}, and a task whose status becomes
 * final gives {@code task_finished}, in that order for each task. A task whose process died without
 * a word is final too: the timeline's reads record it {@code INTERRUPTED}. Polling (rather than
 * hearing the runner) is what lets a task run by {@code apex run} in another process show up live:
 * SQLite's WAL lets this reader see each committed step at once.
 *
 * <p>The first poll only notes what is already there; history is read through the REST API. Each
 * poll reads the newest {@value #WINDOW} tasks, plus any task still followed that has dropped out
 * of that window, and reads steps only of a task whose step count grew. Called from one thread at a
 * time (the console's scheduler); never throws: a failed poll is logged once and retried next time,
 * and tells {@link TimelineHealth} whether the timeline is reachable (a poll that works after an
 * outage picks up where the last one stopped: the tasks and steps recorded meanwhile are sent).
 */
final class TimelineFollower {

  static final int WINDOW = 50;

  private static final Logger log = LoggerFactory.getLogger(TimelineFollower.class);

  private final Timeline timeline;
  private final EventHub hub;
  private final TimelineHealth health;
  private final Map<TaskId, Followed> followed = new HashMap<>();
  private boolean baselined;
  private boolean failing;

  private static final class Followed {
    TaskStatus status;
    int lastIndex;

    Followed(TaskStatus status, int lastIndex) {
      this.status = status;
      this.lastIndex = lastIndex;
    }
  }

  TimelineFollower(Timeline timeline, EventHub hub, TimelineHealth health) {
    this.timeline = Objects.requireNonNull(timeline, "timeline");
    this.hub = Objects.requireNonNull(hub, "hub");
    this.health = Objects.requireNonNull(health, "health");
  }

  /** One poll. */
  synchronized void poll() {
    try {
      pollOnce();
      if (failing) {
        log.info("reading the timeline works again; the event stream is live");
        failing = false;
      }
    } catch (RuntimeException e) {
      boolean unreachable = health.failed(e).isPresent();
      if (!failing) {
        if (unreachable) {
          log.warn(
              "cannot read the timeline for the event stream; retrying each poll: {}",
              e.getMessage());
        } else {
          log.warn("cannot read the timeline for the event stream; retrying each poll", e);
        }
        failing = true;
      }
    }
  }

  private void pollOnce() {
    List<TaskEntry> recent = new ArrayList<>(timeline.tasks(TaskFilter.ALL, WINDOW, 0));
    // Said before what was recorded meanwhile, so a stream hears "back" and then the catch-up.
    health.reachable();
    Set<TaskId> inWindow = new HashSet<>();
    recent.forEach(t -> inWindow.add(t.task().id()));
    for (TaskId id : List.copyOf(followed.keySet())) {
      if (!inWindow.contains(id) && !followed.get(id).status.isFinal()) {
        Optional<TaskEntry> task = timeline.entry(id);
        task.ifPresentOrElse(recent::add, () -> followed.remove(id));
      }
    }
    // Oldest first, so a stream sees tasks in the order they started.
    for (int i = recent.size() - 1; i >= 0; i--) {
      see(recent.get(i));
    }
    followed.keySet().removeIf(id -> !inWindow.contains(id) && followed.get(id).status.isFinal());
    baselined = true;
  }

  private void see(TaskEntry entry) {
    TaskRecord task = entry.task();
    Followed known = followed.get(task.id());
    if (known == null) {
      if (!baselined) {
        followed.put(task.id(), new Followed(task.status(), task.steps()));
        return;
      }
      known = new Followed(TaskStatus.RUNNING, 0);
      followed.put(task.id(), known);
      publishTask("task_started", entry);
    }
    if (task.steps() > known.lastIndex) {
      for (StoredStep step : timeline.stepsAfter(task.id(), known.lastIndex)) {
        hub.publish("step", task.id().value(), Views.step(step));
        known.lastIndex = step.index();
      }
    }
    if (task.status() != known.status) {
      known.status = task.status();
      if (task.status().isFinal()) {
        publishTask("task_finished", entry);
      }
    }
  }

  private void publishTask(String type, TaskEntry task) {
    hub.publish(type, task.task().id().value(), Views.task(task));
  }
}
