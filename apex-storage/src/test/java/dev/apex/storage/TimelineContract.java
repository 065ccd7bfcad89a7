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
import java.util.Set;
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

  /**
   * Rewrites when task {@code id} started and ended ({@code endedAt} null leaves its end as it is),
   * as if it had run then: the store stamps both with its own clock.
   */
  protected abstract void setTimes(TaskId id, Instant startedAt, Instant endedAt);

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

  /**
   * A finished task of {@code suite} (null for none) that started at {@code start}, ran {@code
   * took}.
   */
  private static TaskId ran(
      Timeline timeline,
      String device,
      String goal,
      String suite,
      TaskStatus status,
      Instant start,
      Duration took,
      TimelineContract contract) {
    TaskId id = newId();
    timeline.startTask(id, device, goal, suite);
    timeline.finishTask(id, status, "done");
    contract.setTimes(id, start, start.plus(took));
    return id;
  }

  @Test
  void aSuiteRunsTasksCarryItsIdAndAreReadBackInTheOrderTheyStarted() {
    Timeline timeline = open();
    String s1 = "suite-" + UUID.randomUUID();
    String s2 = "suite-" + UUID.randomUUID();
    TaskId a = newId();
    TaskId alone = newId();
    TaskId b = newId();
    TaskId c = newId();
    timeline.startTask(a, "sim", "flow a (a.yaml)", s1);
    timeline.startTask(alone, "sim", "flow a (a.yaml)", null);
    timeline.startTask(b, "sim", "flow b (b.yaml)", s1);
    timeline.startTask(c, "sim", "flow c (c.yaml)", s2);
    timeline.finishTask(a, TaskStatus.SUCCEEDED, "ok");
    timeline.finishTask(b, TaskStatus.FAILED, "step 2 failed");

    assertThat(timeline.suiteTasks(s1, 10))
        .extracting(t -> t.id() + ":" + t.status() + ":" + t.suiteId())
        .containsExactly(a + ":SUCCEEDED:" + s1, b + ":FAILED:" + s1);
    assertThat(timeline.suiteTasks(s1, 1)).extracting(TaskRecord::id).containsExactly(a);
    assertThat(timeline.suiteTasks(s2, 10))
        .extracting(t -> t.id() + ":" + t.status())
        .containsExactly(c + ":RUNNING");
    assertThat(timeline.task(alone).orElseThrow().suiteId()).isNull();
    assertThat(timeline.task(b).orElseThrow().suiteId()).isEqualTo(s1);
    assertThat(timeline.tasks(10, 0))
        .filteredOn(t -> List.of(a, alone, b, c).contains(t.id()))
        .extracting(TaskRecord::suiteId)
        .containsExactly(s2, s1, null, s1);
    assertThat(timeline.suiteTasks("suite-" + UUID.randomUUID(), 10)).isEmpty();
    timeline.finishTask(c, TaskStatus.SUCCEEDED, "ok");
  }

  @Test
  void suiteRunsAreListedNewestFirstWithTheirTasksCountedByStatusAndTheirHosts() {
    Timeline ci1 = open(new FakeProcesses("ci-1-" + UUID.randomUUID(), 7), 50);
    Timeline ci2 = open(new FakeProcesses("ci-2-" + UUID.randomUUID(), 8), 50);
    String older = "suite-" + UUID.randomUUID();
    String newer = "suite-" + UUID.randomUUID();
    Instant start = Instant.parse("2026-03-01T10:00:00Z");
    ran(ci1, "sim", "flow a", older, TaskStatus.SUCCEEDED, start, Duration.ofSeconds(5), this);
    TaskId onCi2 =
        ran(
            ci2,
            "sim",
            "flow b",
            older,
            TaskStatus.MAX_STEPS,
            start.plusSeconds(1),
            Duration.ofMillis(9_500),
            this);
    ran(
        ci1,
        "sim",
        "flow c",
        older,
        TaskStatus.CANCELLED,
        start.plusSeconds(2),
        Duration.ofSeconds(8),
        this);
    ran(ci1, "sim", "alone", null, TaskStatus.FAILED, start, Duration.ofSeconds(1), this);
    TaskId first =
        ran(
            ci1,
            "sim",
            "flow a",
            newer,
            TaskStatus.FAILED,
            start.plusSeconds(60),
            Duration.ofSeconds(2),
            this);
    TaskId still = newId();
    ci1.startTask(still, "sim", "flow b", newer);

    List<SuiteRun> listed =
        ci2.suites(Timeline.MAX_SUITES).stream()
            .filter(r -> List.of(older, newer).contains(r.id()))
            .toList();
    assertThat(listed).extracting(SuiteRun::id).containsExactly(newer, older);
    SuiteRun running = listed.get(0);
    assertThat(running.startedAt()).isEqualTo(ci1.task(first).orElseThrow().startedAt());
    assertThat(running.endedAt()).as("a task still runs").isNull();
    assertThat(
            List.of(
                running.tasks(),
                running.passed(),
                running.failed(),
                running.cancelled(),
                running.running()))
        .containsExactly(2, 0, 1, 0, 1);
    assertThat(running.hosts()).containsExactly(hostOf(ci2, still));
    SuiteRun ended = listed.get(1);
    assertThat(ended.startedAt()).isEqualTo(start);
    // The last end is the latest instant, not the latest text: 10.500Z is after 10Z.
    assertThat(ended.endedAt()).isEqualTo(start.plusMillis(10_500));
    assertThat(
            List.of(
                ended.tasks(), ended.passed(), ended.failed(), ended.cancelled(), ended.running()))
        .containsExactly(3, 1, 1, 1, 0);
    assertThat(ended.hosts())
        .containsExactlyInAnyOrder(hostOf(ci2, onCi2), hostOf(ci2, first))
        .doesNotHaveDuplicates();
    assertThat(ci2.suites(1)).extracting(SuiteRun::id).containsExactly(newer);
    assertThatThrownBy(() -> ci2.suites(0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> ci2.suites(Timeline.MAX_SUITES + 1))
        .isInstanceOf(IllegalArgumentException.class);

    ci1.finishTask(still, TaskStatus.SUCCEEDED, "ok");
    SuiteRun done = ci2.suites(1).get(0);
    assertThat(List.of(done.passed(), done.running())).containsExactly(1, 0);
    assertThat(done.endedAt()).isEqualTo(ci2.task(still).orElseThrow().endedAt());
  }

  @Test
  void aSuiteTaskWhoseRunnerIsGoneCountsAsFailedNotRunning() {
    Timeline dead = open(new FakeProcesses("host-c", 300), 50);
    Timeline reader = open(new FakeProcesses("host-b", 200), 50);
    String suite = "suite-" + UUID.randomUUID();
    TaskId gone = newId();
    dead.startTask(gone, "sim", "dies", suite);
    dead.close();
    ageHeartbeat(gone, LEASE.plusSeconds(30));

    SuiteRun run = reader.suites(1).get(0);
    assertThat(run.id()).isEqualTo(suite);
    assertThat(List.of(run.failed(), run.running())).containsExactly(1, 0);
    assertThat(run.endedAt()).isNotNull();
    assertThat(reader.task(gone).orElseThrow().status()).isEqualTo(TaskStatus.INTERRUPTED);
  }

  @Test
  void theTaskListFiltersBySuiteWithTheOtherFilters() {
    Timeline timeline = open();
    String suite = "suite-" + UUID.randomUUID();
    Instant start = Instant.parse("2026-04-01T10:00:00Z");
    TaskId a = ran(timeline, "sim", "a", suite, TaskStatus.SUCCEEDED, start, Duration.ZERO, this);
    ran(timeline, "sim", "a", null, TaskStatus.SUCCEEDED, start, Duration.ZERO, this);
    TaskId b = ran(timeline, "sim", "b", suite, TaskStatus.FAILED, start, Duration.ZERO, this);
    TaskFilter ofSuite = new TaskFilter(Set.of(), null, null, null, null, suite);

    assertThat(ids(timeline, ofSuite)).containsExactly(b, a);
    assertThat(
            ids(
                timeline,
                new TaskFilter(Set.of(TaskStatus.FAILED), "sim", null, null, null, suite)))
        .containsExactly(b);
    assertThat(ids(timeline, new TaskFilter(Set.of(), null, null, null, null, "no-such-suite")))
        .isEmpty();
  }

  private static String hostOf(Timeline timeline, TaskId id) {
    return timeline.entry(id).orElseThrow().host();
  }

  @Test
  void aFlowsDurationIsTheMedianOfItsLastRunsThatEndedOfThemselvesBeforeTheCutoff() {
    Timeline timeline = open();
    String x = "flow x (" + UUID.randomUUID() + ".yaml)";
    String y = "flow y (" + UUID.randomUUID() + ".yaml)";
    String z = "flow z (" + UUID.randomUUID() + ".yaml)";
    String w = "flow w (" + UUID.randomUUID() + ".yaml)";
    Instant at = Instant.parse("2026-01-01T10:00:00Z");
    // Oldest first: 100 s falls out of the last five; a cancelled run says nothing.
    for (int s : List.of(100, 4, 9, 5, 6, 7)) {
      ran(timeline, "sim", x, "s", TaskStatus.SUCCEEDED, at, Duration.ofSeconds(s), this);
      at = at.plusSeconds(600);
    }
    ran(timeline, "sim", x, "s", TaskStatus.CANCELLED, at, Duration.ofSeconds(500), this);
    at = at.plusSeconds(600);
    ran(timeline, "sim", y, null, TaskStatus.FAILED, at, Duration.ofMillis(3_250), this);
    at = at.plusSeconds(600);
    Instant cutoff = at;
    ran(timeline, "sim", x, "t", TaskStatus.SUCCEEDED, at, Duration.ofSeconds(90), this);
    ran(timeline, "sim", y, "t", TaskStatus.SUCCEEDED, at, Duration.ofSeconds(80), this);
    ran(timeline, "sim", w, "t", TaskStatus.SUCCEEDED, at, Duration.ofSeconds(70), this);
    TaskId running = newId();
    timeline.startTask(running, "sim", z, "t");

    assertThat(timeline.recordedDurations(List.of(x, y, z, w), cutoff))
        .containsOnly(Map.entry(x, Duration.ofSeconds(6)), Map.entry(y, Duration.ofMillis(3_250)));
    // Without the cutoff the later runs count: x's last five are 9 5 6 7 90, y's 3.25 and 80.
    assertThat(timeline.recordedDurations(List.of(x, y, z, w), null))
        .containsOnly(
            Map.entry(x, Duration.ofSeconds(7)),
            Map.entry(y, Duration.ofSeconds(80)),
            Map.entry(w, Duration.ofSeconds(70)));
    assertThat(timeline.recordedDurations(List.of(), null)).isEmpty();
    timeline.finishTask(running, TaskStatus.SUCCEEDED, "ok");
  }

  @Test
  void runsThatEndedAfterTheCutoffDoNotPushTheEarlierOnesOutOfTheScan() {
    Timeline timeline = open();
    String q = "flow q (" + UUID.randomUUID() + ".yaml)";
    Instant at = Instant.parse("2026-01-01T10:00:00Z");
    ran(timeline, "sim", q, null, TaskStatus.SUCCEEDED, at, Duration.ofSeconds(5), this);
    Instant cutoff = at.plusSeconds(60);
    for (int i = 0; i < Timeline.DURATION_SCAN; i++) {
      at = at.plusSeconds(600);
      ran(timeline, "sim", q, null, TaskStatus.SUCCEEDED, at, Duration.ofSeconds(30), this);
    }

    // Every job that reads with this cutoff sees the same history, however many runs came since.
    assertThat(timeline.recordedDurations(List.of(q), cutoff))
        .containsOnly(Map.entry(q, Duration.ofSeconds(5)));
    assertThat(timeline.recordedDurations(List.of(q), null))
        .containsOnly(Map.entry(q, Duration.ofSeconds(30)));
  }

  @Test
  void aListFiltersByStatusDeviceHostAndStartTimeAndNamesEachTasksRunner() {
    String host1 = "ci-1-" + UUID.randomUUID();
    String host2 = "ci-2-" + UUID.randomUUID();
    Timeline ci1 = open(new FakeProcesses(host1, 7), 50);
    Timeline ci2 = open(new FakeProcesses(host2, 8), 50);
    Timeline reader = open(new FakeProcesses("console-host", 1), 50);
    String sim = "sim-" + UUID.randomUUID();
    String android = "android-" + UUID.randomUUID();
    Instant start = Instant.parse("2026-03-01T10:00:00Z");
    // a: ci-1, sim, SUCCEEDED at 10:00; b: ci-2, android, FAILED at 10:10; c: ci-1, sim, running.
    TaskId a =
        ran(ci1, sim, "goal a", null, TaskStatus.SUCCEEDED, start, Duration.ofSeconds(5), this);
    TaskId b =
        ran(
            ci2,
            android,
            "goal b",
            null,
            TaskStatus.FAILED,
            start.plusSeconds(600),
            Duration.ofSeconds(5),
            this);
    TaskId c = newId();
    ci1.startTask(c, sim, "goal c");
    setTimes(c, start.plusSeconds(1_200), null);

    assertThat(ids(reader, filter(Set.of(), sim, null, null, null))).containsExactly(c, a);
    assertThat(ids(reader, filter(Set.of(TaskStatus.RUNNING), sim, null, null, null)))
        .containsExactly(c);
    assertThat(
            ids(
                reader,
                filter(Set.of(TaskStatus.FAILED, TaskStatus.SUCCEEDED), null, host1, null, null)))
        .containsExactly(a);
    assertThat(ids(reader, filter(Set.of(), android, null, null, null))).containsExactly(b);
    assertThat(ids(reader, filter(Set.of(), null, host2, null, null))).containsExactly(b);
    assertThat(ids(reader, filter(Set.of(), null, "ci-3-" + UUID.randomUUID(), null, null)))
        .isEmpty();
    assertThat(ids(reader, filter(Set.of(), sim, null, start.plusSeconds(600), null)))
        .containsExactly(c);
    assertThat(ids(reader, filter(Set.of(), null, host1, null, start.plusSeconds(600))))
        .containsExactly(a);
    assertThat(ids(reader, filter(Set.of(), null, host2, null, start.plusSeconds(600)))).isEmpty();
    // The instant decides, to the nanosecond, not a rounding of the stored start.
    assertThat(ids(reader, filter(Set.of(), sim, null, start.plusNanos(1), null)))
        .containsExactly(c);
    assertThat(ids(reader, filter(Set.of(), sim, null, null, start.plusNanos(1))))
        .containsExactly(a);
    assertThat(ids(reader, filter(Set.of(), sim, null, null, start))).isEmpty();
    assertThat(
            ids(
                reader,
                filter(Set.of(TaskStatus.SUCCEEDED), sim, host1, start, start.plusSeconds(1))))
        .containsExactly(a);
    // Pages count only the matching tasks.
    TaskFilter bySim = filter(Set.of(), sim, null, null, null);
    assertThat(reader.tasks(bySim, 1, 1)).extracting(e -> e.task().id()).containsExactly(a);
    assertThat(reader.tasks(bySim, 1, 2)).isEmpty();

    TaskEntry running = reader.entry(c).orElseThrow();
    assertThat(running.task().status()).isEqualTo(TaskStatus.RUNNING);
    assertThat(running.runner()).isEqualTo("pid 7 on " + host1);
    assertThat(running.heartbeat()).isNotNull();
    assertThat(reader.tasks(filter(Set.of(), android, null, null, null), 5, 0).get(0).runner())
        .isEqualTo("pid 8 on " + host2);
    assertThat(reader.entry(newId())).isEmpty();
    ci1.finishTask(c, TaskStatus.SUCCEEDED, "ok");
  }

  @Test
  void aRunningTaskWhoseRunnerIsGoneIsListedAsInterruptedNotRunning() {
    Timeline dead = open(new FakeProcesses("host-c", 300), 50);
    Timeline reader = open(new FakeProcesses("host-b", 200), 50);
    String device = "sim-" + UUID.randomUUID();
    TaskId gone = newId();
    dead.startTask(gone, device, "dies", "suite-" + UUID.randomUUID());
    dead.close(); // its heartbeat stops, as when its process is killed
    ageHeartbeat(gone, LEASE.plusSeconds(30));

    assertThat(ids(reader, filter(Set.of(TaskStatus.RUNNING), device, null, null, null))).isEmpty();
    List<TaskEntry> interrupted =
        reader.tasks(filter(Set.of(TaskStatus.INTERRUPTED), device, "host-c", null, null), 5, 0);
    assertThat(interrupted).extracting(e -> e.task().id()).containsExactly(gone);
    assertThat(interrupted.get(0).task().reason()).contains("no heartbeat", "pid 300 on host-c");
    assertThat(interrupted.get(0).task().suiteId()).isNotNull();
    assertThat(interrupted.get(0).runner()).isEqualTo("pid 300 on host-c");
    assertThat(reader.task(gone).orElseThrow().status()).isEqualTo(TaskStatus.INTERRUPTED);
    assertThat(ids(reader, filter(Set.of(TaskStatus.INTERRUPTED), device, null, null, null)))
        .containsExactly(gone);
  }

  private static List<TaskId> ids(Timeline reader, TaskFilter filter) {
    return reader.tasks(filter, 50, 0).stream().map(e -> e.task().id()).toList();
  }

  private static TaskFilter filter(
      Set<TaskStatus> statuses, String device, String host, Instant from, Instant before) {
    return new TaskFilter(statuses, device, host, from, before);
  }
}
