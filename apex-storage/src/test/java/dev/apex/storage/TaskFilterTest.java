package dev.apex.storage;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.testkit.FakeClock;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The task list a console shows over many runners: each task with the host and process that run it,
 * filtered by status, device, host and start time. Two runners on two hosts write one file; a third
 * process reads it.
 */
class TaskFilterTest {

  private static final Instant START = Instant.parse("2026-03-01T10:00:00Z");
  private static final Duration BEAT = Duration.ofHours(1); // beaten by hand: beatNow()
  private static final Duration LEASE = Duration.ofSeconds(60);

  @TempDir Path dir;

  private final FakeClock clock = new FakeClock(START);
  private final List<SqliteTimeline> opened = new ArrayList<>();
  private SqliteTimeline ci1;
  private SqliteTimeline ci2;
  private SqliteTimeline reader;

  private SqliteTimeline open(Processes processes) {
    SqliteTimeline timeline =
        SqliteTimeline.open(dir.resolve("timeline.db"), clock, 5, processes, BEAT, LEASE);
    opened.add(timeline);
    return timeline;
  }

  @BeforeEach
  void threeProcesses() {
    ci1 = open(new FakeProcesses("ci-1", 7));
    ci2 = open(new FakeProcesses("ci-2", 8));
    reader = open(new FakeProcesses("console-host", 1));
  }

  @AfterEach
  void closeAll() {
    opened.forEach(SqliteTimeline::close);
  }

  /** a (ci-1, sim, SUCCEEDED, 10:00), b (ci-2, android, FAILED, 10:10), c (ci-1, sim, running). */
  private void threeTasks() {
    ci1.startTask(TaskId.of("a"), "sim", "goal a");
    ci1.finishTask(TaskId.of("a"), TaskStatus.SUCCEEDED, "ok");
    clock.advance(Duration.ofMinutes(10));
    ci2.startTask(TaskId.of("b"), "android:emulator-5554", "goal b");
    ci2.finishTask(TaskId.of("b"), TaskStatus.FAILED, "no wifi switch");
    clock.advance(Duration.ofMinutes(10));
    ci1.startTask(TaskId.of("c"), "sim", "goal c");
  }

  private List<String> ids(TaskFilter filter) {
    return reader.tasks(filter, 50, 0).stream().map(e -> e.task().id().value()).toList();
  }

  private static TaskFilter filter(
      Set<TaskStatus> statuses, String device, String host, Instant from, Instant before) {
    return new TaskFilter(statuses, device, host, from, before);
  }

  @Test
  void eachTaskCarriesItsRunnerAndItsHeartbeat() {
    threeTasks();
    clock.advance(Duration.ofSeconds(5));
    ci1.beatNow();

    TaskEntry running = reader.entry(TaskId.of("c")).orElseThrow();
    TaskEntry failed = reader.tasks(TaskFilter.ALL, 50, 0).get(1);

    assertThat(running.host()).isEqualTo("ci-1");
    assertThat(running.pid()).isEqualTo(7L);
    assertThat(running.runner()).isEqualTo("pid 7 on ci-1");
    assertThat(running.heartbeat()).isEqualTo(START.plusSeconds(20 * 60 + 5));
    assertThat(failed.task().id().value()).isEqualTo("b");
    assertThat(failed.runner()).isEqualTo("pid 8 on ci-2");
    assertThat(reader.entry(TaskId.of("nope"))).isEmpty();
  }

  @Test
  void filtersByStatusDeviceHostAndStartTime() {
    threeTasks();

    assertThat(ids(TaskFilter.ALL)).containsExactly("c", "b", "a");
    assertThat(ids(filter(Set.of(TaskStatus.RUNNING), null, null, null, null)))
        .containsExactly("c");
    assertThat(ids(filter(Set.of(TaskStatus.FAILED, TaskStatus.SUCCEEDED), null, null, null, null)))
        .containsExactly("b", "a");
    assertThat(ids(filter(Set.of(), "sim", null, null, null))).containsExactly("c", "a");
    assertThat(ids(filter(Set.of(), null, "ci-2", null, null))).containsExactly("b");
    assertThat(ids(filter(Set.of(), null, "ci-3", null, null))).isEmpty();
    assertThat(ids(filter(Set.of(), null, null, START.plusSeconds(600), null)))
        .containsExactly("c", "b");
    assertThat(ids(filter(Set.of(), null, null, null, START.plusSeconds(600))))
        .containsExactly("a");
    // Within the same second: the instant decides, not the text form of the stored start.
    assertThat(ids(filter(Set.of(), null, null, START.plusMillis(600_500), null)))
        .containsExactly("c");
    assertThat(ids(filter(Set.of(TaskStatus.SUCCEEDED), "sim", "ci-1", START, null)))
        .containsExactly("a");
  }

  @Test
  void pagesCountOnlyTheMatchingTasks() {
    threeTasks();
    TaskFilter sim = filter(Set.of(), "sim", null, null, null);

    assertThat(reader.tasks(sim, 1, 0)).extracting(e -> e.task().id().value()).containsExactly("c");
    assertThat(reader.tasks(sim, 1, 1)).extracting(e -> e.task().id().value()).containsExactly("a");
    assertThat(reader.tasks(sim, 1, 2)).isEmpty();
    TaskFilter ci1Host = filter(Set.of(), null, "ci-1", null, null);
    assertThat(reader.tasks(ci1Host, 1, 1))
        .extracting(e -> e.task().id().value())
        .containsExactly("a");
  }

  @Test
  void aBackendThatKeepsNoRunnerStillFiltersByDefaultAndListsNoHost() {
    threeTasks();
    // The port's default methods over this timeline's plain reads: what a backend gets for free.
    Timeline plain =
        (Timeline)
            Proxy.newProxyInstance(
                Timeline.class.getClassLoader(),
                new Class<?>[] {Timeline.class},
                (proxy, method, args) ->
                    method.isDefault()
                        ? InvocationHandler.invokeDefault(proxy, method, args)
                        : method.invoke(reader, args));

    List<TaskEntry> sim = plain.tasks(filter(Set.of(), "sim", null, null, null), 50, 0);
    assertThat(sim).extracting(e -> e.task().id().value()).containsExactly("c", "a");
    assertThat(sim).allSatisfy(e -> assertThat(e.host()).isNull());
    assertThat(plain.tasks(filter(Set.of(TaskStatus.FAILED), null, null, null, null), 50, 0))
        .extracting(e -> e.task().id().value())
        .containsExactly("b");
    assertThat(plain.tasks(filter(Set.of(), "sim", null, null, null), 1, 1))
        .extracting(e -> e.task().id().value())
        .containsExactly("a");
    assertThat(plain.tasks(filter(Set.of(), null, "ci-1", null, null), 50, 0)).isEmpty();
    assertThat(plain.entry(TaskId.of("b")).orElseThrow().runner()).isNull();
  }

  @Test
  void aRunningTaskWhoseRunnerIsGoneIsListedAsInterruptedNotRunning() {
    threeTasks();
    clock.advance(LEASE.plusSeconds(1)); // ci-1 on another host: no heartbeat within the lease

    assertThat(ids(filter(Set.of(TaskStatus.RUNNING), null, null, null, null))).isEmpty();
    assertThat(ids(filter(Set.of(TaskStatus.INTERRUPTED), null, null, null, null)))
        .containsExactly("c");
    assertThat(reader.entry(TaskId.of("c")).orElseThrow().runner()).isEqualTo("pid 7 on ci-1");
  }
}
