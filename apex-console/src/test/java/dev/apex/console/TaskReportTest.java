package dev.apex.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.Secrets;
import dev.apex.core.TaskId;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report of the sim's Wi-Fi flow, recorded for real: every step is in it with its inlined
 * screenshot and boxes, a hostile goal is inert text, a secret is masked, the CSP forbids any load,
 * and the console's download serves the same bytes as an attachment.
 */
class TaskReportTest {

  /** Registered after the task was recorded, so only the report's own redaction can catch it. */
  static final String LATE_SECRET = "late-secret-Zq81-never-in-a-report";

  static final String HOSTILE =
      "<script>alert(1)</script><img src=x onerror=alert(2)> \" ' & " + LATE_SECRET;

  @TempDir Path home;
  private TestConsole console;

  @BeforeEach
  void start() {
    console = TestConsole.start(home, SimLauncher.free());
  }

  @AfterEach
  void stop() {
    console.close();
  }

  @Test
  void theWifiFlowsReportHasEveryStepItsScreensAndBoxesAndNoActiveContent() {
    TaskId id = TaskId.of("wifi1");
    ReportFixture.requireSucceeded(
        ReportFixture.run(console.timeline, id, HOSTILE, ReportFixture.wifiFlow()));
    Secrets.register(LATE_SECRET);

    String html =
        new String(
            TaskReport.render(console.timeline, id, "9.9.9-test").orElseThrow(),
            StandardCharsets.UTF_8);

    assertThat(html).startsWith("<!doctype html>");
    assertThat(html)
        .contains(
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src"
                + " data:; style-src 'sha256-");
    for (int step = 1; step <= 4; step++) {
      assertThat(html).contains("id=\"step-" + step + "\"");
    }
    assertThat(html).doesNotContain("id=\"step-5\"");
    assertThat(html)
        .contains("launch_app", "assert_visible", "com.android.settings:id/wifi_switch");
    // Four screens before the steps and the one after the last, each inlined, each with boxes.
    assertThat(count(html, "src=\"data:image/")).isEqualTo(5);
    assertThat(count(html, "<svg ")).isEqualTo(5);
    assertThat(html).contains("id=\"final\"").contains("After step 4");
    assertThat(html).contains("class=\"box tree target\"");
    // What changed after the switch's tap: the switch itself, from off to on.
    assertThat(html).containsPattern("What changed</dt><dd>[^<]*off → on");
    assertThat(html).contains("World after").contains("app com.android.settings");

    // The goal is text, wherever it appears: no tag of it survives, and the secret is masked.
    assertThat(html).doesNotContain("<script").doesNotContain("<img src=x");
    assertThat(html).contains("&lt;script&gt;alert(1)&lt;/script&gt;");
    assertThat(html).doesNotContain(LATE_SECRET).contains(Secrets.MASK);
    assertThat(html).doesNotContain(TestConsole.CANARY);
    // Nothing in the file could load anything: no script, no link, no URL but data: images.
    assertThat(html).doesNotContainPattern("(?i)<script|<link|<iframe|<object|<embed|url\\(");
    Matcher sources = Pattern.compile("(?i)(?:src|href)=\"([^\"]*)\"").matcher(html);
    while (sources.find()) {
      assertThat(sources.group(1)).startsWith("data:image/");
    }
  }

  @Test
  void theConsoleServesTheSameBytesAsADownloadAndTheStepsSayWhatCameAfter() throws Exception {
    TaskId id = TaskId.of("wifi2");
    ReportFixture.requireSucceeded(
        ReportFixture.run(console.timeline, id, "Turn Wi-Fi on", ReportFixture.wifiFlow()));

    HttpResponse<byte[]> report = console.getBytes("/api/tasks/wifi2/report");

    assertThat(report.statusCode()).isEqualTo(200);
    assertThat(report.headers().firstValue("Content-Type")).hasValue("text/html; charset=utf-8");
    assertThat(report.headers().firstValue("Content-Disposition"))
        .hasValue("attachment; filename=\"apex-report-wifi2.html\"");
    assertThat(report.headers().firstValue("Content-Security-Policy")).hasValue(TaskReport.CSP);
    assertThat(report.body())
        .isEqualTo(TaskReport.render(console.timeline, id, "9.9.9-test").orElseThrow());
    assertThat(console.get("/api/tasks/nope/report").statusCode()).isEqualTo(404);

    // The steps answer carries the screen after the last step, and its PNG is served.
    JsonNode steps = TestConsole.json(console.get("/api/tasks/wifi2/steps"));
    assertThat(steps.get("steps")).hasSize(4);
    JsonNode last = steps.get("final_observation");
    assertThat(last.get("after_step").asInt()).isEqualTo(4);
    assertThat(last.get("scene").get("elements").size()).isGreaterThan(3);
    assertThat(last.get("screenshot").asText()).isEqualTo("/api/tasks/wifi2/final/screenshot.png");
    HttpResponse<byte[]> png = console.getBytes("/api/tasks/wifi2/final/screenshot.png");
    assertThat(png.statusCode()).isEqualTo(200);
    assertThat(png.body()).startsWith(0x89, 'P', 'N', 'G');
  }

  /**
   * The size of a 20-step report of the sim (screenshots downscaled to 640 px, boxes and all),
   * printed for the record (BENCHMARKS-style: a figure, not an assertion on time); bounded so a
   * regression that inlines full-size PNGs fails.
   */
  @Test
  void aTwentyStepReportStaysSmall() throws Exception {
    TaskId id = TaskId.of("long20");
    ReportFixture.requireSucceeded(
        ReportFixture.run(console.timeline, id, "In and out", ReportFixture.longFlow(20)));

    byte[] html = TaskReport.render(console.timeline, id, "9.9.9-test").orElseThrow();

    String text = new String(html, StandardCharsets.UTF_8);
    assertThat(count(text, "<li class=\"step")).isEqualTo(20);
    Path out = Path.of("target", "reports", "report-20-steps.html");
    Files.createDirectories(out.getParent());
    Files.write(out, html);
    System.out.printf(
        "apex report: 20-step sim report is %d bytes (%.1f KiB), %s%n",
        html.length, html.length / 1024.0, out);
    assertThat(html.length).isLessThan(3 * 1024 * 1024);
  }

  static int count(String text, String part) {
    int n = 0;
    for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + part.length())) {
      n++;
    }
    return n;
  }
}
