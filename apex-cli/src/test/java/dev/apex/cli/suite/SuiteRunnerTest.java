package dev.apex.cli.suite;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.console.SuiteCase;
import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.runtime.flow.Flow;
import dev.apex.tools.ToolRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The pool: a lost slot hands its flow on, a stop skips what is left, every flow ends once. */
class SuiteRunnerTest {

  private final List<String> heard = new CopyOnWriteArrayList<>();

  private final SuiteListener listener =
      new SuiteListener() {
        @Override
        public void deviceFailed(DeviceSlot slot, String message) {
          heard.add("lost " + slot.label() + ": " + message);
        }
      };

  private static List<SuiteFlow> flows(int n) {
    return IntStream.range(0, n)
        .mapToObj(
            i ->
                new SuiteFlow(
                    "f" + i + ".yaml",
                    "flows",
                    Flow.parse(
                        "steps:\n  - back\n", "f" + i + ".yaml", ToolRegistry.defaultRegistry())))
        .toList();
  }

  private static SuiteCase ran(SuiteFlow flow, DeviceSlot slot) {
    return new SuiteCase(
        flow.file(),
        flow.classname(),
        flow.flow().name(),
        List.of(),
        slot.label(),
        TaskStatus.SUCCEEDED,
        "ok",
        Duration.ZERO,
        TaskId.random());
  }

  @Test
  void aSlotWhoseDeviceIsLostHandsItsFlowToTheOthersAndIsReportedOnce() throws Exception {
    List<DeviceSlot> slots = DeviceSlot.of(List.of("sim", "web:http://127.0.0.1:9/"), 1);
    SuiteRunner.SlotOpener opener =
        slot ->
            new SuiteRunner.Slot() {
              @Override
              public SuiteCase run(SuiteFlow flow) {
                if (slot.selector().startsWith("web")) {
                  throw new SuiteRunner.SlotLost(new IllegalStateException("browser gone"));
                }
                return ran(flow, slot);
              }

              @Override
              public void close() {}
            };

    List<SuiteCase> cases = new SuiteRunner(slots, opener, listener, Optional::empty).run(flows(4));

    assertThat(cases)
        .extracting(SuiteCase::file)
        .containsExactly("f0.yaml", "f1.yaml", "f2.yaml", "f3.yaml");
    assertThat(cases).allMatch(SuiteCase::passed).allMatch(c -> c.device().equals("sim"));
    assertThat(heard)
        .hasSizeLessThanOrEqualTo(1)
        .allMatch(l -> l.equals("lost web:http://127.0.0.1:9/: browser gone"));
  }

  @Test
  void onceAStopIsAskedNoSlotTakesAnotherFlowAndTheRestAreSkippedSayingWhy() throws Exception {
    AtomicReference<String> stop = new AtomicReference<>();
    SuiteRunner.SlotOpener opener =
        slot ->
            new SuiteRunner.Slot() {
              @Override
              public SuiteCase run(SuiteFlow flow) {
                stop.set("cancelled: SIGINT");
                return ran(flow, slot);
              }

              @Override
              public void close() {}
            };

    List<SuiteCase> cases =
        new SuiteRunner(
                DeviceSlot.of(List.of("sim"), 1),
                opener,
                listener,
                () -> Optional.ofNullable(stop.get()))
            .run(flows(3));

    assertThat(cases.get(0).passed()).isTrue();
    assertThat(cases.subList(1, 3))
        .allMatch(c -> !c.ran() && c.reason().equals("not run: cancelled: SIGINT"));
  }

  @Test
  void whenNoDeviceOpensEveryFlowIsSkippedSayingSo() throws Exception {
    SuiteRunner.SlotOpener opener =
        slot -> {
          throw new IllegalStateException("no adb server");
        };

    List<SuiteCase> cases =
        new SuiteRunner(
                DeviceSlot.of(List.of("android:A", "android:B"), 3),
                opener,
                listener,
                Optional::empty)
            .run(flows(2));

    assertThat(cases).allMatch(c -> c.reason().equals("not run: no device could be opened"));
    assertThat(heard)
        .containsExactlyInAnyOrder(
            "lost android:A: no adb server", "lost android:B: no adb server");
  }

  @Test
  void parallelOpensSeveralSessionsOfTheKindsThatAllowThemAndOneOfAPhone() {
    assertThat(DeviceSlot.of(List.of("sim", "android:X", "webdriver:http://u:p@grid:4444"), 2))
        .extracting(DeviceSlot::label)
        .containsExactly(
            "sim#1",
            "sim#2",
            "android:X",
            "webdriver:http://grid:4444#1",
            "webdriver:http://grid:4444#2");
  }
}
