package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code apex report}: the Wi-Fi flow run by {@code apex run} becomes one HTML file, at {@code -o}
 * or at {@code apex-report-TASK_ID.html} in the working folder; an unknown id is one line and exit
 * 2.
 */
class ReportCommandTest {

  @TempDir Path dir;

  private Map<String, String> env() {
    return Map.of("APEX_HOME", dir.toString());
  }

  private String db() {
    return dir.resolve("timeline.db").toString();
  }

  private String runWifi() {
    String flow = Cli.projectRoot().resolve("examples/flows/settings-wifi-on.yaml").toString();
    Cli.Result run = Cli.run(env(), "run", "--flow", flow, "--no-ocr", "--db", db());
    assertThat(run.exit()).as(run.err()).isZero();
    return Cli.taskIds(run.out()).get(0);
  }

  @Test
  void writesTheTaskAsOneFileWhereToldWithEveryStepAndTheCsp() throws Exception {
    String id = runWifi();
    Path file = dir.resolve("wifi.html");

    Cli.Result report =
        Cli.run(env(), "report", id.substring(0, 6), "-o", file.toString(), "--db", db());

    assertThat(report.exit()).as(report.err()).isZero();
    assertThat(report.out()).startsWith("wrote " + file + ": task " + id + ", 4 step(s), ");
    String html = Files.readString(file);
    assertThat(html)
        .contains("content=\"default-src 'none'; img-src data:; style-src 'sha256-")
        .contains("id=\"step-1\"", "id=\"step-4\"", "id=\"final\"")
        .contains("Turn Wi-Fi on");
  }

  @Test
  void anUnknownTaskIsOneLineNamingItAndExit2() {
    runWifi();

    Cli.Result report = Cli.run(env(), "report", "nosuchtask", "--db", db());

    assertThat(report.exit()).isEqualTo(2);
    assertThat(report.errLines()).hasSize(1);
    assertThat(report.err()).contains("no task 'nosuchtask' in ").contains("apex timeline");
    assertThat(report.out()).isEmpty();
  }

  @Test
  @Tag("e2e")
  void withoutOutputItWritesApexReportTaskIdHtmlInTheWorkingFolder() throws Exception {
    String id = runWifi();

    try (ChildRun child = ChildRun.startInHome(dir, "report", id, "--db", db())) {
      assertThat(child.awaitExit()).as(child.err()).isZero();
      assertThat(child.out()).hasSize(1);
      assertThat(child.out().get(0)).startsWith("wrote apex-report-" + id + ".html: task " + id);
    }
    assertThat(dir.resolve("apex-report-" + id + ".html")).isRegularFile();
  }
}
