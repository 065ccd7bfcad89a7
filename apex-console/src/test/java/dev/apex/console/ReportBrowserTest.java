package dev.apex.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.Json;
import dev.apex.core.TaskId;
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
 * The report in real headless Chromium: the file, opened from {@code file://} with no server, shows
 * every step with its screen and makes no network request (the DevTools network events of the load
 * name only the file itself and its {@code data:} images, and the page's resource timing has no
 * entry); the console's task page offers it as "Download report". Screenshots go to {@code
 * target/console-screenshots/}, the file to {@code target/reports/}.
 */
@Tag("e2e")
class ReportBrowserTest {

  @TempDir Path home;
  @TempDir Path profile;
  private TestConsole console;
  private HeadlessChromium chromium;
  private WebDriverWait wait;

  @BeforeEach
  void start() throws IOException {
    HeadlessChromium.assumeInstalled();
    console = TestConsole.start(home, SimLauncher.free());
    chromium = HeadlessChromium.start(profile);
    wait = new WebDriverWait(chromium.browser, Duration.ofSeconds(30));
  }

  @AfterEach
  void stop() {
    if (chromium != null) {
      chromium.close();
    }
    if (console != null) {
      console.close();
    }
  }

  @Test
  void theFileOpensOfflineShowsEveryStepAndRequestsNothing() throws IOException {
    TaskId id = TaskId.of("wifiB");
    ReportFixture.requireSucceeded(
        ReportFixture.run(console.timeline, id, "Turn Wi-Fi on", ReportFixture.wifiFlow()));
    Path file = Path.of("target", "reports", "wifi-report.html").toAbsolutePath();
    Files.createDirectories(file.getParent());
    Files.write(file, TaskReport.render(console.timeline, id, "9.9.9-test").orElseThrow());
    // The load starts from a blank page and an empty log: the new-tab page's traffic is not ours.
    chromium.browser.get("about:blank");
    chromium.browser.manage().logs().get(LogType.PERFORMANCE);

    chromium.browser.get(file.toUri().toString());
    wait.until(d -> "complete".equals(js("return document.readyState;")));
    wait.until(
        d ->
            Boolean.TRUE.equals(
                js(
                    "return [...document.images].length === 5 && [...document.images]"
                        + ".every(i => i.complete && i.naturalWidth > 0);")));

    List<WebElement> steps = chromium.browser.findElements(By.cssSelector("li.step"));
    assertThat(steps).hasSize(4);
    for (WebElement step : steps) {
      assertThat(step.isDisplayed()).isTrue();
      assertThat(step.findElements(By.cssSelector("svg rect.box"))).hasSizeGreaterThan(3);
    }
    assertThat(steps.get(2).getText()).contains("Step 3").contains("tap").contains("off → on");
    assertThat(chromium.browser.findElement(By.id("final")).isDisplayed()).isTrue();
    // A long unbroken value (a tap's result JSON) wraps: the page never scrolls sideways.
    assertThat(js("return document.scrollingElement.scrollWidth <= innerWidth;"))
        .as("horizontal overflow")
        .isEqualTo(true);
    assertThat(js("return performance.getEntriesByType('resource').length;")).isEqualTo(0L);
    List<String[]> requests = requests();
    String self = file.toUri().toString();
    assertThat(requests).as("the load itself is seen").anyMatch(r -> r[1].startsWith("file:"));
    assertThat(requests)
        .filteredOn(r -> r[0].equals(self) || r[0].startsWith("file:"))
        .allMatch(r -> r[1].startsWith("file:") || r[1].startsWith("data:"));
    assertThat(requests).noneMatch(r -> r[1].matches("(?i)(https?|wss?|ftp):.*"));
    assertThat(severeConsoleEntries()).as("CSP violations or errors").isEmpty();
    chromium.shot("10-report-file");
  }

  @Test
  void theTaskPageOffersTheReportAsADownload() throws IOException {
    TaskId id = TaskId.of("wifiC");
    ReportFixture.requireSucceeded(
        ReportFixture.run(console.timeline, id, "Turn Wi-Fi on", ReportFixture.wifiFlow()));
    chromium.browser.get(console.server.url().toString());
    wait.until(d -> d.getCurrentUrl().equals(console.server.baseUrl().toString()));
    chromium.browser.get(console.server.baseUrl() + "#/tasks/wifiC");
    wait.until(d -> !d.findElements(By.id("download-report")).isEmpty());

    WebElement link = chromium.browser.findElement(By.id("download-report"));
    assertThat(link.getText()).isEqualTo("Download report");
    assertThat(link.getAttribute("href")).endsWith("/api/tasks/wifiC/report");
    assertThat(link.getAttribute("download")).isEqualTo("apex-report-wifiC.html");
    Object disposition =
        ((JavascriptExecutor) chromium.browser)
            .executeAsyncScript(
                "const done = arguments[arguments.length - 1];"
                    + " fetch(arguments[0]).then(r => done(r.status + ' '"
                    + " + r.headers.get('Content-Disposition')));",
                link.getAttribute("href"));
    assertThat(disposition).isEqualTo("200 attachment; filename=\"apex-report-wifiC.html\"");
    chromium.shot("11-task-download-report");
  }

  /**
   * The DevTools {@code Network.requestWillBeSent} events logged since last asked, each as its
   * document's URL and the URL requested.
   */
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
