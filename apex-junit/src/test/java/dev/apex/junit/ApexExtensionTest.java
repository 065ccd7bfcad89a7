package dev.apex.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.apex.config.Settings;
import dev.apex.core.TaskRecord;
import dev.apex.core.TaskStatus;
import dev.apex.runtime.planner.PlannerModels;
import dev.apex.storage.SqliteTimeline;
import dev.apex.storage.StoredStep;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.opentest4j.AssertionFailedError;

/**
 * The extension, run through the JUnit engine on sample test classes (nested here, so the build
 * does not run them by themselves) against the sim, each recording into a temporary timeline.
 */
class ApexExtensionTest {

  /** The samples' apex home: no config file, no API key. */
  static final Path HOME = tempHome();

  @TempDir Path dir;

  // --- samples -------------------------------------------------------------------------------

  static class Passing {
    @RegisterExtension static final ApexExtension APEX = new ApexExtension(env());

    @Test
    void opensWifi(ApexSession apex) {
      apex.launch("com.android.settings").tap("Wi-Fi");
      apex.assertVisibleId("com.android.settings:id/wifi_switch", Duration.ofSeconds(2));
    }
  }

  static class FailingAssertVisible {
    @RegisterExtension static final ApexExtension APEX = new ApexExtension(env());

    @Test
    void looksForWhatIsNotThere(ApexSession apex) {
      apex.launch("com.android.settings");
      apex.assertVisible("Airplane mode", Duration.ZERO);
    }
  }

  static class FailingOwnAssertion {
    @RegisterExtension static final ApexExtension APEX = new ApexExtension(env());

    @Test
    void countsElements(ApexSession apex) {
      apex.launch("com.android.settings");
      assertEquals(3, apex.scene().elements().size(), "elements on Settings");
    }
  }

  static class Aborted {
    @RegisterExtension static final ApexExtension APEX = new ApexExtension(env());

    @Test
    void needsAPhone(ApexSession apex) {
      Assumptions.assumeTrue(false, "needs a phone");
    }
  }

  static class ActWithoutModel {
    @RegisterExtension static final ApexExtension APEX = new ApexExtension(env());

    @Test
    void asksTheModel(ApexSession apex) {
      apex.act("turn Wi-Fi on");
    }
  }

  static class ActWithOpenAiAndNoPlanningModel {
    @RegisterExtension
    static final ApexExtension APEX =
        new ApexExtension(
            Map.of(
                "APEX_HOME",
                HOME.toString(),
                "APEX_LLM_PROVIDER",
                "openai",
                "OPENAI_BASE_URL",
                "http://127.0.0.1:9/v1"));

    @Test
    void asksTheModel(ApexSession apex) {
      apex.act("turn Wi-Fi on");
    }
  }

  @ApexTest
  static class Annotated {
    @Test
    void wifiFlow(ApexSession apex) {
      apex.runFlow(projectRoot().resolve("examples/flows/settings-wifi-on.yaml"));
    }
  }

  /** A flow whose row to tap is {@code ${APEX_J_ROW}}; the samples' environment holds it. */
  static final Path ROW_FLOW =
      write(
          "row.yaml",
          "name: A row by a variable\nsteps:\n"
              + "  - launch_app: com.android.settings\n  - tap: { text: \"${APEX_J_ROW}\" }\n");

  /** Runs {@link #ROW_FLOW} naming nothing: only {@code apex.vars} may fill it. */
  static class FlowNamingNothing {
    @RegisterExtension
    static final ApexExtension APEX =
        new ApexExtension(Map.of("APEX_HOME", HOME.toString(), "APEX_J_ROW", "Wi-Fi"));

    @Test
    void tapsTheRow(ApexSession apex) {
      apex.runFlow(ROW_FLOW);
    }
  }

  static class FlowNamingItsVariable {
    @RegisterExtension static final ApexExtension APEX = new ApexExtension(env());

    @Test
    void tapsTheRow(ApexSession apex) {
      apex.runFlow(ROW_FLOW, Map.of("APEX_J_ROW", "Wi-Fi"));
    }
  }

  // --- tests ---------------------------------------------------------------------------------

  @Test
  void aFlowVariableOnlyInTheEnvironmentIsNotFilledAndTheFlowIsRefusedBeforeItsFirstStep() {
    Path file = dir.resolve("timeline.db");
    Throwable failure = onlyFailure(run(FlowNamingNothing.class, file));

    assertThat(failure.getMessage())
        .isEqualTo(
            ROW_FLOW
                + " uses ${APEX_J_ROW} (step 2), which this run does not name; pass them to"
                + " runFlow(file, Map.of(\"APEX_J_ROW\", value, …)) or in a file of NAME=VALUE"
                + " lines named by apex.vars / APEX_VARS");
    assertThat(onlyTask(file).steps()).isZero();
  }

  @Test
  void aFlowVariableComesFromTheTestsMap() {
    Path file = dir.resolve("timeline.db");
    run(FlowNamingItsVariable.class, file).testEvents().assertStatistics(s -> s.succeeded(1));

    try (SqliteTimeline timeline = SqliteTimeline.open(file)) {
      assertThat(timeline.steps(onlyTask(file).id()))
          .extracting(StoredStep::action)
          .containsExactly("launch_app", "tap");
    }
  }

  @Test
  void aFlowVariableComesFromTheVarsFileOfApexVars() throws IOException {
    Path file = dir.resolve("timeline.db");
    Path vars = Files.writeString(dir.resolve("test.vars"), "# rows\nAPEX_J_ROW=Wi-Fi\n");

    EngineTestKit.engine("junit-jupiter")
        .configurationParameter("apex.timeline", file.toString())
        .configurationParameter("apex.ocr", "false")
        .configurationParameter("apex.vars", vars.toString())
        .selectors(selectClass(FlowNamingNothing.class))
        .execute()
        .testEvents()
        .assertStatistics(s -> s.succeeded(1));
    assertThat(onlyTask(file).steps()).isEqualTo(2);
  }

  @Test
  void aPassedTestIsRecordedSucceededWithOneStepPerAction() {
    Path file = dir.resolve("timeline.db");
    run(Passing.class, file).testEvents().assertStatistics(s -> s.succeeded(1));

    TaskRecord task = onlyTask(file);
    assertThat(task.goal()).isEqualTo("Passing#opensWifi");
    assertThat(task.device()).isEqualTo("sim");
    assertThat(task.status()).isEqualTo(TaskStatus.SUCCEEDED);
    try (SqliteTimeline timeline = SqliteTimeline.open(file)) {
      List<StoredStep> steps = timeline.steps(task.id());
      assertThat(steps)
          .extracting(StoredStep::action)
          .containsExactly("launch_app", "tap", "assert_visible");
      assertThat(steps).allMatch(StoredStep::success);
      assertThat(steps.get(1).sceneJson()).contains("Wi-Fi");
    }
  }

  @Test
  void aFailedAssertVisibleShowsTheCompactSceneAndTheTaskIdAndIsRecordedFailed() {
    Path file = dir.resolve("timeline.db");
    Throwable failure = onlyFailure(run(FailingAssertVisible.class, file));

    TaskRecord task = onlyTask(file);
    assertThat(failure).isInstanceOf(ApexAssertionError.class);
    assertThat(failure.getMessage())
        .startsWith("assert_visible text=\"Airplane mode\"")
        .contains("Airplane mode")
        .contains("screen at the failure (compact scene):")
        .contains("Wi-Fi | Off")
        .contains("task " + task.id() + " (FailingAssertVisible#looksForWhatIsNotThere)")
        .contains("apex timeline " + task.id());
    assertThat(task.status()).isEqualTo(TaskStatus.FAILED);
    assertThat(task.reason())
        .isEqualTo(((ApexAssertionError) failure).failure())
        .startsWith("assert_visible text=\"Airplane mode\" timeout_ms=0 failed:")
        .doesNotContain("compact scene");
  }

  @Test
  void aTestsOwnFailedAssertionKeepsItsValuesAndGetsTheScene() {
    Path file = dir.resolve("timeline.db");
    Throwable failure = onlyFailure(run(FailingOwnAssertion.class, file));

    TaskRecord task = onlyTask(file);
    assertThat(failure).isInstanceOf(AssertionFailedError.class);
    AssertionFailedError assertion = (AssertionFailedError) failure;
    assertThat(assertion.getExpected().getValue()).isEqualTo(3);
    assertThat(failure.getMessage())
        .startsWith("elements on Settings ==> expected: <3>")
        .contains("Bluetooth | Off")
        .contains("task " + task.id());
    assertThat(task.status()).isEqualTo(TaskStatus.FAILED);
    assertThat(task.reason()).startsWith("elements on Settings ==> expected: <3>");
  }

  @Test
  void anAbortedTestIsRecordedCancelled() {
    Path file = dir.resolve("timeline.db");
    run(Aborted.class, file).testEvents().assertStatistics(s -> s.aborted(1));

    TaskRecord task = onlyTask(file);
    assertThat(task.status()).isEqualTo(TaskStatus.CANCELLED);
    assertThat(task.reason()).isEqualTo("test aborted: Assumption failed: needs a phone");
  }

  @Test
  void actWithoutAModelFailsWithTheLineThatSaysHowToConfigureOne() {
    Path file = dir.resolve("timeline.db");
    Throwable failure = onlyFailure(run(ActWithoutModel.class, file));

    assertThat(failure.getMessage()).isEqualTo(PlannerModels.NONE_CONFIGURED);
    TaskRecord task = onlyTask(file);
    assertThat(task.status()).isEqualTo(TaskStatus.FAILED);
    assertThat(task.reason()).isEqualTo(PlannerModels.NONE_CONFIGURED);
  }

  @Test
  void actWithOpenAiAndNoPlanningModelFailsNamingTheFlagBeforeAnyModelCall() {
    Path file = dir.resolve("timeline.db");
    Throwable failure = onlyFailure(run(ActWithOpenAiAndNoPlanningModel.class, file));

    assertThat(failure.getMessage()).isEqualTo(Settings.MISSING_PLANNER_MODEL);
  }

  @Test
  void theDeviceSelectorComesFromTheSystemProperty() {
    Path file = dir.resolve("timeline.db");
    String before = System.getProperty("apex.device");
    System.setProperty("apex.device", "nosuchkind:1");
    Throwable failure;
    try {
      failure =
          onlyFailure(
              EngineTestKit.engine("junit-jupiter")
                  .enableImplicitConfigurationParameters(true)
                  .configurationParameter("apex.timeline", file.toString())
                  .selectors(selectClass(Passing.class))
                  .execute());
      assertThat(new DeviceLock().provideForClass(Passing.class))
          .extracting(l -> l.getKey())
          .containsExactly("apex.device:nosuchkind:1");
    } finally {
      if (before == null) {
        System.clearProperty("apex.device");
      } else {
        System.setProperty("apex.device", before);
      }
    }
    assertThat(failure.getMessage()).contains("nosuchkind");
    assertThat(new DeviceLock().provideForClass(Passing.class))
        .extracting(l -> l.getKey())
        .containsExactly("apex.device:" + (before == null ? "sim" : before));
  }

  @Test
  void eachTestsTaskIdGoesToItsReportEntryAndItsStandardOutput() {
    Path file = dir.resolve("timeline.db");
    java.io.PrintStream stdout = System.out;
    java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
    org.junit.platform.testkit.engine.EngineExecutionResults results;
    System.setOut(new java.io.PrintStream(captured, true, java.nio.charset.StandardCharsets.UTF_8));
    try {
      results = run(FailingAssertVisible.class, file);
    } finally {
      System.setOut(stdout);
    }

    String id = onlyTask(file).id().value();
    List<Event> entries = results.testEvents().reportingEntryPublished().stream().toList();
    assertThat(entries)
        .extracting(
            e ->
                e.getPayload(org.junit.platform.engine.reporting.ReportEntry.class)
                    .orElseThrow()
                    .getKeyValuePairs())
        .containsExactly(Map.of(ApexExtension.TASK_ID_ENTRY, id));
    assertThat(captured.toString(java.nio.charset.StandardCharsets.UTF_8))
        .contains("apex: task " + id + " (apex timeline " + id + "; apex report " + id + ")");
  }

  @Test
  void theAnnotationOpensTheDeviceAndRunsAFlowFile() {
    Path file = dir.resolve("timeline.db");
    run(Annotated.class, file).testEvents().assertStatistics(s -> s.succeeded(1));

    TaskRecord task = onlyTask(file);
    assertThat(task.goal()).isEqualTo("Annotated#wifiFlow");
    assertThat(task.steps()).isEqualTo(4);
  }

  @Test
  void noTimelineIsWrittenWhenItIsNone() {
    EngineTestKit.engine("junit-jupiter")
        .configurationParameter("apex.timeline", "none")
        .configurationParameter("apex.ocr", "false")
        .selectors(selectClass(Passing.class))
        .execute()
        .testEvents()
        .assertStatistics(s -> s.succeeded(1));

    assertThat(HOME.resolve("timeline.db")).doesNotExist();
  }

  // --- helpers -------------------------------------------------------------------------------

  private static org.junit.platform.testkit.engine.EngineExecutionResults run(
      Class<?> sample, Path timeline) {
    return EngineTestKit.engine("junit-jupiter")
        .configurationParameter("apex.timeline", timeline.toString())
        .configurationParameter("apex.ocr", "false")
        .selectors(selectClass(sample))
        .execute();
  }

  private static Throwable onlyFailure(
      org.junit.platform.testkit.engine.EngineExecutionResults results) {
    List<Event> failed = results.testEvents().finished().failed().stream().toList();
    assertThat(failed).hasSize(1);
    return failed
        .get(0)
        .getPayload(org.junit.platform.engine.TestExecutionResult.class)
        .flatMap(org.junit.platform.engine.TestExecutionResult::getThrowable)
        .orElseThrow();
  }

  private static TaskRecord onlyTask(Path file) {
    try (SqliteTimeline timeline = SqliteTimeline.open(file)) {
      List<TaskRecord> tasks = timeline.tasks(10, 0);
      assertThat(tasks).hasSize(1);
      return tasks.get(0);
    }
  }

  static Map<String, String> env() {
    return Map.of("APEX_HOME", HOME.toString());
  }

  static Path projectRoot() {
    return Path.of(System.getProperty("apex.projectRoot", ".."));
  }

  private static Path write(String name, String text) {
    try {
      return Files.writeString(HOME.resolve(name), text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Path tempHome() {
    try {
      return Files.createTempDirectory("apex-junit-home");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
