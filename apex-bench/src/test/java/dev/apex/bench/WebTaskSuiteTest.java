package dev.apex.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;
import org.opentest4j.TestAbortedException;

/**
 * Every task of the web-task suite, solved by its flow in real headless Chromium (the sim for the
 * long-press task), one browser for the class. A task still {@link WebTask#pending() pending} is
 * reported as aborted while it fails, and fails the test once it passes, so its flag is cleared
 * when the work it waited for lands. Skipped where Chromium is not installed, except under {@code
 * CI=true}, where its absence (or Tesseract's, for the canvas task) fails.
 */
@Tag("e2e")
class WebTaskSuiteTest {

  private static final boolean CI = "true".equals(System.getenv("CI"));

  private static WebTaskSuite suite;

  @BeforeAll
  static void open() {
    suite = WebTaskSuite.open(WebTasks.all(), true);
  }

  @AfterAll
  static void close() {
    if (suite != null) {
      suite.close();
    }
  }

  @TestFactory
  Stream<DynamicTest> everyTaskIsSolvedByItsFlow() {
    return WebTasks.all().stream()
        .map(
            task ->
                DynamicTest.dynamicTest(
                    task.name() + " (" + task.mirrors() + ")", () -> run(task)));
  }

  private static void run(WebTask task) {
    if (task.web()) {
      assumeTrue(
          CI || chromiumInstalled(), "Chromium is not installed (CI=true makes this a failure)");
      assertThat(suite.browserMissing()).as("the suite's browser").isEmpty();
    }
    if (task.needsOcr()) {
      assumeTrue(CI || suite.ocr(), "tesseract is not installed (CI=true makes this a failure)");
      assertThat(suite.ocr()).as("OCR for " + task.name()).isTrue();
    }
    WebTaskRun run = suite.run(task);
    if (!task.expected()) {
      assertThat(run.solved())
          .as(task.name() + " is solved now: clear its pending flag in WebTasks")
          .isFalse();
      throw new TestAbortedException("pending (" + task.pending() + "); today: " + run.reason());
    }
    assertThat(run.solved()).as(task.name() + ": " + run.reason()).isTrue();
    assertThat(run.steps()).isEqualTo(flowSteps(task));
  }

  private static int flowSteps(WebTask task) {
    List<String> lines = WebTasks.read(task.flow()).lines().toList();
    return (int) lines.stream().filter(l -> l.startsWith("  - ")).count();
  }

  private static boolean chromiumInstalled() {
    return Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
        .flatMap(dir -> Stream.of("chromium", "chromium-browser").map(n -> Path.of(dir, n)))
        .anyMatch(Files::isExecutable);
  }
}
