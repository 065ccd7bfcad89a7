package dev.apex.storage;

import static dev.apex.storage.StepAssertions.assertStoredAs;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.InvalidInputException;
import dev.apex.core.Secrets;
import dev.apex.core.TaskId;
import dev.apex.core.TaskRecord;
import dev.apex.core.TaskStatus;
import dev.apex.llm.LlmUsage;
import dev.apex.llm.SemanticScene;
import dev.apex.timeline.CachedLabels;
import dev.apex.timeline.FinalObservation;
import dev.apex.timeline.LabelKey;
import dev.apex.timeline.LabelStore;
import dev.apex.timeline.StepRecord;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The contract of the timeline port ({@link dev.apex.timeline.TaskTimeline} and the {@link
 * Timeline} reads), written once and run against every store: a subclass says how to open its store
 * and how to make a heartbeat look old (what a runner that died long ago leaves behind). Every
 * runner a test opens shares one timeline (one file, one database).
 */
public abstract class TimelineContract {

  /** The heartbeat interval of every timeline a test opens: fast, so a cancel is heard soon. */
  protected static final Duration BEAT = Duration.ofMillis(50);

  /** The lease of every timeline a test opens. */
  protected static final Duration LEASE = Duration.ofSeconds(60);

  /** The longest a test waits for something the heartbeat brings. */
  private static final long WAIT_SECONDS = 20;

  private final List<Timeline> opened = new ArrayList<>();

  /**
   * Opens the timeline under test as a runner whose processes are {@code processes} (its host, its
   * pid and which pids run there), keeping the screenshots of the newest {@code keep} tasks, with
   * {@link #BEAT} and {@link #LEASE}. Every call within one test opens the same timeline.
   */
  protected abstract Timeline openAs(Processes processes, int keep);

  /** Makes task {@code id}'s heartbeat {@code age} old by the store's clock. */
  protected abstract void ageHeartbeat(TaskId id, Duration age);

  private Timeline open(Processes processes, int keep) {
    Timeline timeline = openAs(processes, keep);
    opened.add(timeline);
    return timeline;
  }

  private Timeline open() {
    return open(new FakeProcesses("host-a", 100), 50);
  }

  /** Closes every timeline the test opened; idempotent, so a subclass may call it first. */
  @AfterEach
  protected void closeOpened() {
    opened.forEach(Timeline::close);
  }

  private static TaskId newId() {
    return TaskId.of("contract-" + UUID.randomUUID());
  }

  @Test
  void recordsATaskItsStepsTheirScreenshotsAndItsEnd() {
    Timeline timeline = open();
    TaskId id = newId();
    timeline.startTask(id, "sim", "turn wifi on");
    List<StepRecord> steps = List.of(TestSteps.step(id, 1), TestSteps.failedStep(id, 2));
    steps.forEach(timeline::append);

    TaskRecord running = timeline.task(id).orElseThrow();
    assertThat(running.status()).isEqualTo(TaskStatus.RUNNING);
    assertThat(running.steps()).isEqualTo(2);
    timeline.finishTask(id, TaskStatus.FAILED, "step 2 failed");

    TaskRecord done = timeline.task(id).orElseThrow();
    assertThat(done.status()).isEqualTo(TaskStatus.FAILED);
    assertThat(done.reason()).isEqualTo("step 2 failed");
    assertThat(done.device()).isEqualTo("sim");
    assertThat(done.goal()).isEqualTo("turn wifi on");
    assertThat(done.endedAt()).isAfterOrEqualTo(done.startedAt());
    List<StoredStep> stored = timeline.steps(id);
    assertThat(stored).hasSize(2);
    assertStoredAs(stored.get(0), steps.get(0));
    assertStoredAs(stored.get(1), steps.get(1));
    assertThat(stored.get(0).hasScreenshot()).isTrue();
    assertThat(stored.get(1).hasScreenshot()).isFalse();
    assertThat(timeline.screenshot(id, 1)).hasValue(TestSteps.png(1));
    assertThat(timeline.screenshot(id, 2)).isEmpty();
    assertThat(timeline.stepsAfter(id, 1)).extracting(StoredStep::index).containsExactly(2);
    assertThat(timeline.tasks(10, 0)).extracting(TaskRecord::id).contains(id);
    assertThat(timeline.idsStartingWith(id.value().substring(0, 20), 5)).contains(id);
    assertThat(timeline.taskCount()).isGreaterThanOrEqualTo(1);
  }

  @Test
  void refusesWhatThePortRefusesAndLosesNothingRecorded() {
    Timeline timeline = open();
    TaskId id = newId();
    timeline.startTask(id, "sim", "goal");
    timeline.append(TestSteps.step(id, 1));

    assertThatThrownBy(() -> timeline.startTask(id, "sim", "again"))
        .isInstanceOf(InvalidInputException.class);
    assertThatThrownBy(() -> timeline.append(TestSteps.step(id, 1)))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("already has step 1");
    assertThatThrownBy(() -> timeline.append(TestSteps.step(newId(), 1)))
        .isInstanceOf(InvalidInputException.class);
    assertThatThrownBy(() -> timeline.steps(newId())).isInstanceOf(InvalidInputException.class);
    timeline.finishTask(id, TaskStatus.SUCCEEDED, null);
    assertThatThrownBy(() -> timeline.append(TestSteps.step(id, 2)))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("already finished");
    assertThatThrownBy(() -> timeline.finishTask(id, TaskStatus.FAILED, "late"))
        .isInstanceOf(InvalidInputException.class);

    assertThat(timeline.steps(id)).hasSize(1);
    assertThat(timeline.task(id).orElseThrow().status()).isEqualTo(TaskStatus.SUCCEEDED);
    assertThat(timeline.task(newId())).isEmpty();
  }

  @Test
  void keepsTheFinalScreenOnceAndRetentionDropsOnlyOldScreenshots() {
    Timeline timeline = open(new FakeProcesses("host-a", 100), 2);
    TaskId id = newId();
    timeline.startTask(id, "sim", "goal");
    timeline.append(TestSteps.step(id, 1));
    Instant seen = Instant.parse("2026-01-01T00:00:09Z");
    StepRecord later = TestSteps.step(id, 2);
    timeline.recordFinal(new FinalObservation(id, 1, seen, later.scene(), TestSteps.png(9)));
    timeline.recordFinal(new FinalObservation(id, 1, seen, TestSteps.step(id, 3).scene(), null));
    timeline.finishTask(id, TaskStatus.SUCCEEDED, "ok");

    StoredObservation last = timeline.finalObservation(id).orElseThrow();
    assertThat(last.scene()).isEqualTo(later.scene());
    assertThat(last.observedAt()).isEqualTo(seen);
    assertThat(timeline.finalScreenshot(id)).hasValue(TestSteps.png(9));

    for (int i = 0; i < 2; i++) {
      TaskId newer = newId();
      timeline.startTask(newer, "sim", "newer");
      timeline.append(TestSteps.step(newer, 1));
      timeline.finishTask(newer, TaskStatus.SUCCEEDED, "ok");
    }
    assertThat(timeline.screenshot(id, 1)).isEmpty();
    assertThat(timeline.finalScreenshot(id)).isEmpty();
    assertThat(timeline.steps(id)).hasSize(1);
    assertThat(timeline.steps(id).get(0).hasScreenshot()).isFalse();
    assertThat(timeline.finalObservation(id).orElseThrow().hasScreenshot()).isFalse();
  }

  @Test
  void aCancelAskedByAnotherRunnerReachesTheOwnersListenerOnce() throws Exception {
    Timeline owner = open(new FakeProcesses("host-a", 100), 50);
    Timeline console = open(new FakeProcesses("host-b", 200), 50);
    TaskId id = newId();
    owner.startTask(id, "sim", "goal");
    BlockingQueue<String> heard = new ArrayBlockingQueue<>(4);
    assertThat(owner.onStopRequest(id, heard::add)).isTrue();
    assertThat(console.onStopRequest(id, heard::add)).as("not started there").isFalse();

    assertThat(console.requestCancel(id, "cancelled from the console")).isTrue();
    assertThat(console.requestCancel(id, "a second reason")).isTrue();

    assertThat(heard.poll(WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo("cancelled from the console");
    owner.finishTask(id, TaskStatus.CANCELLED, "cancelled from the console");
    assertThat(console.requestCancel(id, "too late")).isFalse();
    assertThat(heard).isEmpty();
    assertThatThrownBy(() -> console.requestCancel(newId(), "none"))
        .isInstanceOf(InvalidInputException.class);
  }

  @Test
  void aRemoteRunnerAliveIsRunningAndOneSilentPastTheLeaseIsInterruptedWithItsSteps()
      throws Exception {
    Timeline alive = open(new FakeProcesses("host-a", 100), 50);
    Timeline dead = open(new FakeProcesses("host-c", 300), 50);
    Timeline reader = open(new FakeProcesses("host-b", 200), 50);
    TaskId live = newId();
    TaskId gone = newId();
    alive.startTask(live, "sim", "alive");
    dead.startTask(gone, "sim", "dies");
    dead.append(TestSteps.step(gone, 1));
    dead.close(); // its heartbeat stops, as when its process is killed
    ageHeartbeat(gone, LEASE.plusSeconds(30));

    assertThat(reader.task(live).orElseThrow().status()).isEqualTo(TaskStatus.RUNNING);
    TaskRecord interrupted = reader.task(gone).orElseThrow();
    assertThat(interrupted.status()).isEqualTo(TaskStatus.INTERRUPTED);
    assertThat(interrupted.reason()).contains("no heartbeat", "pid 300 on host-c");
    assertThat(interrupted.steps()).isEqualTo(1);
    assertThat(reader.steps(gone)).hasSize(1);
    assertThat(alive.task(gone).orElseThrow().status()).isEqualTo(TaskStatus.INTERRUPTED);
  }

  @Test
  void aLocalRunnerWhoseProcessEndedIsInterruptedWhateverItsHeartbeat() {
    FakeProcesses readerHost = new FakeProcesses("host-a", 1);
    FakeProcesses runnerHost = readerHost.sibling(2);
    readerHost.running.add(2L);
    Timeline runner = open(runnerHost, 50);
    Timeline reader = open(readerHost, 50);
    TaskId id = newId();
    runner.startTask(id, "sim", "goal");
    runner.append(TestSteps.step(id, 1));

    assertThat(reader.task(id).orElseThrow().status()).isEqualTo(TaskStatus.RUNNING);
    runner.close();
    readerHost.running.remove(2L);
    TaskRecord judged = reader.task(id).orElseThrow();

    assertThat(judged.status()).isEqualTo(TaskStatus.INTERRUPTED);
    assertThat(judged.reason()).contains("pid 2 on host-a", "1 step(s) kept");
    assertThat(reader.tasks(5, 0))
        .filteredOn(t -> t.id().equals(id))
        .extracting(TaskRecord::status)
        .containsExactly(TaskStatus.INTERRUPTED);
  }

  @Test
  void theLabelCacheServesWhatWasStoredForTheSameKeyOnly() {
    Timeline timeline = open();
    LabelStore labels = timeline.labelStore().orElseThrow();
    String signature = "sig-" + UUID.randomUUID();
    LabelKey key = new LabelKey(signature, "model-a", "v1");
    CachedLabels first =
        new CachedLabels(
            new SemanticScene("home", List.of("open"), List.of()),
            Map.of("e1", "t1"),
            new LlmUsage(10, 2, 0, 0),
            "words");
    CachedLabels second =
        new CachedLabels(
            new SemanticScene("settings", List.of("back"), List.of()),
            Map.of(),
            new LlmUsage(11, 3, 0, 0));

    assertThat(labels.get(key, Duration.ofDays(1))).isEmpty();
    labels.put(key, first, Duration.ofDays(1));
    assertThat(labels.get(key, Duration.ofDays(1))).hasValue(first);
    assertThat(labels.get(new LabelKey(signature, "model-b", "v1"), Duration.ofDays(1))).isEmpty();
    labels.put(key, second, Duration.ofDays(1));
    assertThat(labels.get(key, Duration.ofDays(1))).hasValue(second);
  }

  @Test
  void noRegisteredSecretReachesTheStore() {
    String secret = "contract-secret-" + UUID.randomUUID();
    Secrets.register(secret);
    Timeline timeline = open();
    TaskId id = newId();
    timeline.startTask(id, "webdriver:https://user:" + secret + "@grid:4444", "type " + secret);
    timeline.finishTask(id, TaskStatus.FAILED, "failed with " + secret);

    TaskRecord task = timeline.task(id).orElseThrow();
    assertThat(task.goal() + task.reason() + task.device()).doesNotContain(secret);
    assertThat(task.goal()).contains(Secrets.MASK);
  }
}
