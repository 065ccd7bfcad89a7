package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import dev.apex.config.ApexConfigStore;
import dev.apex.console.ConsoleOptions;
import dev.apex.console.ConsoleServer;
import dev.apex.core.TaskRecord;
import dev.apex.storage.SqliteTimeline;
import dev.apex.testkit.RecordingSleeper;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.remote.RemoteWebDriver;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * A suite run as a team sees it: {@code apex test} runs sim flows into a timeline, and the console
 * over that timeline, in real headless Chromium, lists the suite with its counts and host, adds a
 * second run live, and opens the suite's tasks as the task list filtered by it; a task links back
 * to its suite. A flow's name is shown as text, never as markup.
 */
@Tag("e2e")
class ConsoleSuitesBrowserTest {

  private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
  private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
  private static final String HOSTILE = "Missing app <img src=x onerror=alert(1)>";

  @TempDir Path dir;
  private SqliteTimeline timeline;
  private ConsoleServer console;
  private ChromeDriverService service;
  private WebDriver browser;

  @AfterEach
  void stop() {
    if (browser != null) {
      browser.quit();
    }
    if (service != null) {
      service.stop();
    }
    if (console != null) {
      console.stop();
    }
    if (timeline != null) {
      timeline.close();
    }
  }

  /** Runs {@code apex test} on {@code suite} into the test's timeline; returns the suite id. */
  private String apexTest(Path suite, int exit) {
    Cli.Result r =
        Cli.run(
            new Wiring(Devices::open, new RecordingSleeper()),
            Map.of("APEX_HOME", dir.resolve("home").toString()),
            "test",
            suite.toString(),
            "--db",
            dir.resolve("t.db").toString(),
            "--no-ocr");
    assertThat(r.exit()).as(r.out() + r.err()).isEqualTo(exit);
    return r.out().lines().findFirst().orElseThrow().replaceAll("^suite (\\w+): .*", "$1");
  }

  @Test
  void theSuitesViewShowsARunsCountsLiveAndOpensItsTasks() throws Exception {
    assumeChromium();
    Path flows = dir.resolve("flows");
    SuiteFixture.write(
        flows,
        "wifi.yaml",
        """
        name: Open Wi-Fi
        steps:
          - launch_app: com.android.settings
          - tap: { text: "Wi-Fi" }
        """);
    SuiteFixture.write(
        flows,
        "notes.yaml",
        """
        name: Open Notes
        steps:
          - launch_app: com.apex.sim.notes
        """);
    SuiteFixture.write(
        flows,
        "missing.yaml",
        "name: \""
            + HOSTILE
            + "\"\nsteps:\n  - launch_app: com.android.settings\n"
            + "  - launch_app: com.example.missing\n");
    String first = apexTest(flows, 1);

    timeline = SqliteTimeline.open(dir.resolve("t.db"));
    List<String> taskIds =
        timeline.suiteTasks(first, 10).stream().map(t -> t.id().value()).toList();
    assertThat(taskIds).hasSize(3);
    console =
        ConsoleServer.start(
            ConsoleOptions.builder(
                    timeline,
                    ApexConfigStore.open(
                        dir.resolve("config.json"), Map.of("APEX_HOME", dir.toString())))
                .port(0)
                .devices(() -> List.of("sim"))
                .pollInterval(Duration.ofMillis(100))
                .build());
    startChromium();
    WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(60));
    wait.ignoring(StaleElementReferenceException.class);
    browser.get(console.url().toString());
    wait.until(d -> d.getCurrentUrl().equals(console.baseUrl().toString()));

    browser.findElement(By.id("nav-suites")).click();
    String row = "#suites tr[data-suite='" + first + "']";
    wait.until(d -> !d.findElements(By.cssSelector(row)).isEmpty());
    assertThat(count(row, "passed")).isEqualTo("2");
    assertThat(count(row, "failed")).isEqualTo("1");
    assertThat(count(row, "cancelled")).isEqualTo("0");
    assertThat(count(row, "running")).isEqualTo("0");
    String host = timeline.entry(timeline.suiteTasks(first, 1).get(0).id()).orElseThrow().host();
    assertThat(text(row + " td.host")).isEqualTo(host);

    // Another run while the page is open shows up without a reload, newest first.
    Path one = dir.resolve("one");
    Files.createDirectories(one);
    Files.copy(flows.resolve("notes.yaml"), one.resolve("notes.yaml"));
    String second = apexTest(one, 0);
    // The row may first show from the reload its task's start caused; its end's reload follows.
    wait.until(
        d ->
            second.equals(attribute("#suites tbody tr", "data-suite"))
                && "1".equals(count("#suites tr[data-suite='" + second + "']", "passed")));
    assertThat(count("#suites tr[data-suite='" + second + "']", "running")).isEqualTo("0");

    browser.findElement(By.cssSelector(row)).click();
    wait.until(d -> d.findElements(By.cssSelector("#tasks tbody tr[data-task]")).size() == 3);
    assertThat(
            browser.findElements(By.cssSelector("#tasks tbody tr[data-task]")).stream()
                .map(e -> e.getAttribute("data-task"))
                .toList())
        .containsExactlyInAnyOrderElementsOf(taskIds);
    assertThat(text("#filter-suite")).contains(first);
    assertThat(text("#tasks")).contains(HOSTILE);
    assertThat(browser.findElements(By.cssSelector("#tasks img"))).isEmpty();

    TaskRecord failed =
        timeline.suiteTasks(first, 10).stream()
            .filter(t -> t.goal().contains(HOSTILE))
            .findFirst()
            .orElseThrow();
    browser.findElement(By.cssSelector("#tasks tr[data-task='" + failed.id() + "']")).click();
    wait.until(d -> !d.findElements(By.id("task-suite")).isEmpty());
    assertThat(text("#task-suite")).isEqualTo(first);
    browser.findElement(By.id("task-suite")).click();
    wait.until(d -> d.findElements(By.cssSelector("#tasks tbody tr[data-task]")).size() == 3);
    assertThat(browser.getCurrentUrl()).endsWith("#/?suite=" + first);
    assertThat(
            browser.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(e -> e.getLevel().intValue() >= Level.SEVERE.intValue())
                .toList())
        .as("errors in the browser console")
        .isEmpty();
  }

  private String count(String row, String kind) {
    return text(row + " [data-count='" + kind + "']");
  }

  private String text(String css) {
    for (int attempt = 1; ; attempt++) {
      try {
        return browser.findElements(By.cssSelector(css)).stream()
            .findFirst()
            .map(e -> e.getText())
            .orElse("");
      } catch (StaleElementReferenceException e) {
        if (attempt == 5) {
          throw e;
        }
      }
    }
  }

  private String attribute(String css, String name) {
    return browser.findElements(By.cssSelector(css)).stream()
        .findFirst()
        .map(e -> e.getAttribute(name))
        .orElse(null);
  }

  private static void assumeChromium() {
    if (!Files.isExecutable(CHROMIUM) || !Files.isExecutable(CHROMEDRIVER)) {
      String message = "needs " + CHROMIUM + " and " + CHROMEDRIVER;
      if ("true".equals(System.getenv("CI"))) {
        fail(message);
      }
      Assumptions.abort(message);
    }
  }

  private void startChromium() throws Exception {
    service =
        new ChromeDriverService.Builder()
            .usingDriverExecutable(CHROMEDRIVER.toFile())
            .usingAnyFreePort()
            .withLogOutput(OutputStream.nullOutputStream())
            .build();
    service.start();
    ChromeOptions options = new ChromeOptions();
    options.setBinary(CHROMIUM.toFile());
    options.addArguments(
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--no-first-run",
        "--disable-background-networking",
        "--window-size=1400,900",
        "--user-data-dir=" + dir.resolve("profile"));
    LoggingPreferences logging = new LoggingPreferences();
    logging.enable(LogType.BROWSER, Level.ALL);
    options.setCapability("goog:loggingPrefs", logging);
    browser = new RemoteWebDriver(service.getUrl(), options);
  }
}
