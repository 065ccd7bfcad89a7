package dev.apex.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.Json;
import dev.apex.storage.SqliteTimeline;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The suite report in real headless Chromium, opened from {@code file://} with no server: every
 * flow is shown, the failed flow's screens load from the file itself, and nothing is requested over
 * the network (the DevTools network events name only the file and its {@code data:} images; the
 * resource timing has no entry; no CSP violation). The file goes to {@code target/reports/}.
 */
@Tag("e2e")
class SuiteReportBrowserTest {

  @TempDir Path dir;
  @TempDir Path profile;
  private HeadlessChromium chromium;
  private WebDriverWait wait;

  @BeforeEach
  void start() throws IOException {
    HeadlessChromium.assumeInstalled();
    chromium = HeadlessChromium.start(profile);
    wait = new WebDriverWait(chromium.browser, Duration.ofSeconds(30));
  }

  @AfterEach
  void stop() {
    if (chromium != null) {
      chromium.close();
    }
  }

  @Test
  void theFileShowsEveryFlowAndTheFailedOnesScreensAndRequestsNothing() throws IOException {
    Path file = Path.of("target", "reports", "suite-report.html").toAbsolutePath();
    Files.createDirectories(file.getParent());
    try (SqliteTimeline timeline = SqliteTimeline.open(dir.resolve("t.db"))) {
      Files.write(
          file, SuiteReport.render(timeline, SuiteReportFixture.run(timeline, "b"), "9.9.9"));
    }
    chromium.browser.get("about:blank");
    chromium.browser.manage().logs().get(LogType.PERFORMANCE);

    chromium.browser.get(file.toUri().toString());
    wait.until(d -> "complete".equals(js("return document.readyState;")));
    // The failed flow's two steps and its last screen, each an inlined image that decoded.
    wait.until(
        d ->
            Boolean.TRUE.equals(
                js(
                    "return [...document.images].length === 3 && [...document.images]"
                        + ".every(i => i.complete && i.naturalWidth > 0);")));

    List<WebElement> rows = chromium.browser.findElements(By.cssSelector("tr.flow"));
    assertThat(rows).hasSize(3).allMatch(WebElement::isDisplayed);
    assertThat(rows.get(0).getText()).contains("SUCCEEDED", "Turn Wi-Fi on", "sim#1");
    assertThat(rows.get(1).getText())
        .contains("FAILED", "<script>alert(1)</script>", "step 2 (launch_app) failed");
    assertThat(rows.get(2).getText()).contains("SKIPPED", "not run: cancelled: SIGINT");
    WebElement failed = chromium.browser.findElement(By.id("failed-2"));
    assertThat(failed.isDisplayed()).isTrue();
    assertThat(failed.findElements(By.cssSelector("li.step"))).hasSize(2);
    assertThat(failed.findElements(By.cssSelector("svg rect.box"))).hasSizeGreaterThan(3);
    assertThat(js("return performance.getEntriesByType('resource').length;")).isEqualTo(0L);
    List<String[]> requests = requests();
    assertThat(requests).as("the load itself is seen").anyMatch(r -> r[1].startsWith("file:"));
    assertThat(requests).allMatch(r -> r[1].startsWith("file:") || r[1].startsWith("data:"));
    assertThat(severeConsoleEntries()).as("CSP violations or errors").isEmpty();
    chromium.shot("20-suite-report-file");
  }

  /** The DevTools {@code Network.requestWillBeSent} events since last asked: document, URL. */
  private List<String[]> requests() {
    List<String[]> urls = new ArrayList<>();
    for (LogEntry entry : chromium.browser.manage().logs().get(LogType.PERFORMANCE)) {
      JsonNode message = Json.mapper().valueToTree(Json.read(entry.getMessage(), Object.class));
      JsonNode inner = message.path("message");
      if (inner.path("method").asText().equals("Network.requestWillBeSent")) {
        JsonNode params = inner.path("params");
        urls.add(
            new String[] {
              params.path("documentURL").asText(), params.path("request").path("url").asText()
            });
      }
    }
    return urls;
  }

  private List<LogEntry> severeConsoleEntries() {
    return chromium.browser.manage().logs().get(LogType.BROWSER).getAll().stream()
        .filter(e -> e.getLevel().intValue() >= Level.SEVERE.intValue())
        .toList();
  }

  private Object js(String script) {
    return ((JavascriptExecutor) chromium.browser).executeScript(script);
  }
}
