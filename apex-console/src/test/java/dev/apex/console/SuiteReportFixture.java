package dev.apex.console;

import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.runtime.TaskOutcome;
import dev.apex.runtime.flow.Flow;
import dev.apex.storage.Timeline;
import dev.apex.tools.ToolRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A suite run for the suite report's tests: real sim tasks (one passes, one fails at its second
 * step) recorded in a real timeline, a flow that did not run, and a hostile name.
 */
final class SuiteReportFixture {

  static final String HOSTILE = "<script>alert(1)</script><img src=x onerror=alert(2)> \" ' &";

  private SuiteReportFixture() {}

  static Flow failing() {
    return Flow.parse(
        "name: Missing app\nsteps:\n  - launch_app: com.android.settings\n"
            + "  - launch_app: com.example.missing\n",
        "flows/missing.yaml",
        ToolRegistry.defaultRegistry());
  }

  static SuiteResult run(Timeline timeline, String prefix) {
    TaskOutcome passed =
        ReportFixture.run(
            timeline, TaskId.of(prefix + "p"), "flow Turn Wi-Fi on", ReportFixture.wifiFlow());
    TaskOutcome failed =
        ReportFixture.run(timeline, TaskId.of(prefix + "f"), "flow Missing app", failing());
    if (passed.status() != TaskStatus.SUCCEEDED || failed.status() != TaskStatus.FAILED) {
      throw new AssertionError(
          "the fixture's tasks ended " + passed.status() + ", " + failed.status());
    }
    List<SuiteCase> cases = new ArrayList<>();
    cases.add(
        new SuiteCase(
            "flows/wifi.yaml",
            "flows",
            "Turn Wi-Fi on",
            List.of("smoke"),
            "sim#1",
            passed.status(),
            passed.reason(),
            Duration.ofMillis(1500),
            passed.taskId()));
    cases.add(
        new SuiteCase(
            "flows/missing.yaml",
            "flows",
            "Missing app " + HOSTILE,
            List.of(),
            "sim#2",
            failed.status(),
            failed.reason(),
            Duration.ofMillis(800),
            failed.taskId()));
    cases.add(
        SuiteCase.skipped(
            "flows/later.yaml", "flows", "Later", List.of(), "not run: cancelled: SIGINT"));
    return new SuiteResult(
        prefix + "suite",
        "apex test flows",
        Instant.parse("2026-05-01T09:41:00Z"),
        Duration.ofMillis(2400),
        cases);
  }
}
