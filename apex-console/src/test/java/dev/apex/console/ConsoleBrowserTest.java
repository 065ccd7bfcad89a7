package dev.apex.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.storage.SqliteTimeline;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The console in real headless Chromium: open it with its token, start the Wi-Fi flow on the
 * simulated phone, watch the steps arrive while the task runs, open a step and see its screenshot
 * with the scene's element boxes. The task is gated (it waits after each step until the test lets
 * it go on), so "live" is observed, not assumed. Screenshots go to {@code
 * target/console-screenshots/} as build artifacts.
 *
 * <p>Needs {@code /usr/bin/chromium} and {@code /usr/bin/chromedriver}: skipped without them,
 * failed without them under {@code CI=true}. chromedriver's path is given explicitly, so Selenium
 * Manager never downloads anything.
 */
@Tag("e2e")
class ConsoleBrowserTest {

  @RegisterExtension final LogCapture logs = new LogCapture();
  @TempDir Path home;
  @TempDir Path profile;
  @TempDir Path otherHome;
  private TestConsole console;
  private SimLauncher launcher;
  private HeadlessChromium chromium;
  private WebDriver browser;
  private WebDriverWait wait;

  @BeforeEach
  void start() throws IOException {
    HeadlessChromium.assumeInstalled();
    launcher = SimLauncher.gated();
    console = TestConsole.start(home, launcher);
    chromium = HeadlessChromium.start(profile);
    browser = chromium.browser;
    wait = new WebDriverWait(browser, Duration.ofSeconds(30));
    // The UI re-renders parts of the page as events arrive; an element read mid-render is stale.
    wait.ignoring(org.openqa.selenium.StaleElementReferenceException.class);
  }

  /** Fails on any error the page logged: a script error, a failed request. */
  private void assertNoBrowserErrors() {
    ConsoleBrowser.assertNoBrowserErrors(browser);
  }

  @AfterEach
  void stop() {
    // Let a task still waiting go on, so stopping the console does not wait for it.
    for (int i = 0; i < 8; i++) {
      launcher.release();
    }
    if (chromium != null) {
      chromium.close();
    }
    if (console != null) {
      console.close();
    }
    assertThat(logs.text()).doesNotContain(TestConsole.CANARY);
  }

  @Test
  void startsTheWifiFlowWatchesItLiveAndShowsAStepWithItsBoxes() throws IOException {
    browser.get(console.server.url().toString());
    wait.until(d -> d.getCurrentUrl().equals(console.server.baseUrl().toString()));
    wait.until(d -> !d.findElements(By.cssSelector("#tasks tbody td")).isEmpty());
    wait.until(d -> text(d, "#live").equals("live"));
    assertThat(browser.getCurrentUrl()).doesNotContain("token");
    shot("01-tasks");

    browser.findElement(By.id("new-task")).click();
    wait.until(d -> !d.findElements(By.cssSelector("#device option")).isEmpty());
    new Select(browser.findElement(By.id("device"))).selectByValue("sim");
    browser.findElement(By.id("mode-flow")).click();
    browser.findElement(By.id("example-wifi")).click();
    assertThat(browser.findElement(By.id("flow")).getAttribute("value")).contains("wifi_switch");
    shot("02-new-task");
    browser.findElement(By.id("start")).click();

    wait.until(d -> d.getCurrentUrl().contains("#/tasks/"));
    wait.until(d -> steps(d) == 1);
    assertThat(status()).isEqualTo("RUNNING");
    assertThat(text(browser, "#task-goal")).isEqualTo("Turn Wi-Fi on");
    js("window.apexNotReloaded = true;");
    shot("03-running");

    for (int step = 2; step <= 4; step++) {
      launcher.release();
      int expected = step;
      wait.until(d -> steps(d) == expected);
      assertThat(status()).isEqualTo("RUNNING");
    }
    launcher.release();
    wait.until(d -> "SUCCEEDED".equals(status()));
    assertThat(js("return window.apexNotReloaded === true;"))
        .as("steps arrived over the event stream, without reloading the page")
        .isEqualTo(true);
    assertThat(browser.findElements(By.cssSelector("#cancel"))).isEmpty();

    wait.until(d -> d.getCurrentUrl().endsWith("/steps/4"));
    browser.findElement(By.cssSelector(".step-item[data-index='2']")).click();
    wait.until(d -> d.getCurrentUrl().endsWith("/steps/2"));
    browser.findElement(By.id("next")).click();
    wait.until(d -> d.getCurrentUrl().endsWith("/steps/3"));
    assertThat(text(browser, ".step-item.selected .act")).isEqualTo("tap");
    wait.until(
        d ->
            Boolean.TRUE.equals(
                js(
                    "const i = document.getElementById('screenshot');"
                        + " return !!i && i.complete && i.naturalWidth > 0;")));
    List<WebElement> boxes = browser.findElements(By.cssSelector("#boxes rect.box"));
    assertThat(boxes).hasSizeGreaterThan(3);
    WebElement target = browser.findElement(By.cssSelector("#boxes rect.box.target"));
    assertThat(target.getAttribute("data-id")).isNotBlank();
    assertThat(text(browser, "#world")).contains("com.android.settings");

    new Actions(browser).moveToElement(target).perform();
    wait.until(d -> d.findElement(By.cssSelector(".tip")).isDisplayed());
    assertThat(text(browser, ".tip .tip-id")).isEqualTo(target.getAttribute("data-id"));
    assertThat(text(browser, ".tip")).contains("target of this step");
    shot("04-step-boxes");

    browser.get(console.server.baseUrl() + "#/config");
    wait.until(d -> !d.findElements(By.id("api-key")).isEmpty());
    assertThat(text(browser, "#api-key")).isEqualTo("set");
    // The page renders every declared setting, from the declarations the console serves.
    assertThat(browser.findElements(By.cssSelector(".field[data-key]")))
        .extracting(e -> e.getAttribute("data-key"))
        .containsExactlyInAnyOrderElementsOf(
            java.util.Arrays.stream(dev.apex.config.ConfigField.values())
                .map(dev.apex.config.ConfigField::key)
                .toList());
    assertThat(browser.getPageSource()).doesNotContain(TestConsole.CANARY);
    shot("05-settings");

    browser.get(console.server.baseUrl().toString());
    wait.until(d -> d.findElements(By.cssSelector("#tasks tbody tr[data-task]")).size() == 1);
    assertThat(text(browser, "#tasks tbody tr[data-task] [data-status]")).isEqualTo("SUCCEEDED");
    shot("06-tasks-after");
    assertNoBrowserErrors();
  }

  @Test
  void aTaskRunInAnotherProcessAppearsLiveAndShowsSemanticPurposesOnHover() throws IOException {
    browser.get(console.server.url().toString());
    wait.until(d -> text(d, "#live").equals("live"));
    wait.until(d -> !d.findElements(By.cssSelector("#tasks tbody td")).isEmpty());

    TaskId id = TaskId.of("cli1");
    try (SqliteTimeline cli = SqliteTimeline.open(home.resolve("timeline.db"))) {
      cli.startTask(id, "android:emulator-5554", "Open the Wi-Fi settings");
      wait.until(d -> !d.findElements(By.cssSelector("#tasks tr[data-task='cli1']")).isEmpty());
      wait.until(d -> !d.findElements(By.cssSelector("#running .running-card")).isEmpty());
      cli.append(TestSteps.tapWifi(id, 1));
      cli.finishTask(id, TaskStatus.SUCCEEDED, "goal reached after 1 step(s)");
    }
    wait.until(d -> "SUCCEEDED".equals(text(d, "#tasks tr[data-task='cli1'] [data-status]")));
    browser.findElement(By.cssSelector("#tasks tr[data-task='cli1']")).click();
    wait.until(d -> steps(d) == 1);
    assertThat(browser.findElements(By.cssSelector("#cancel"))).as("not ours to cancel").isEmpty();
    assertThat(text(browser, "#task-runner"))
        .startsWith("pid " + ProcessHandle.current().pid() + " on ");

    WebElement row = browser.findElement(By.cssSelector("#boxes rect[data-id='n0/wifi_row']"));
    assertThat(row.getAttribute("class")).contains("target");
    new Actions(browser).moveToElement(row).perform();
    wait.until(d -> d.findElement(By.cssSelector(".tip")).isDisplayed());
    assertThat(text(browser, ".tip .tip-id")).isEqualTo("n0/wifi_row");
    assertThat(text(browser, ".tip .tip-text")).isEqualTo("“Wi-Fi”");
    assertThat(text(browser, ".tip .tip-purpose")).isEqualTo("open Wi-Fi settings");
    assertThat(text(browser, "#world")).contains("settings/wifi");
    assertThat(text(browser, "#semantic")).contains("open Wi-Fi settings");
    assertThat(text(browser, ".metrics")).contains("12 ms");
    assertThat(
            browser
                .findElement(By.cssSelector("#boxes rect[data-id='ocr/1']"))
                .getAttribute("class"))
        .contains("OCR");
    assertThat(browser.getPageSource()).contains("1200");
    shot("07-other-process-step");
    assertNoBrowserErrors();
  }

  @Test
  void aStepLabelledFromTheCacheSaysSoAndTheTaskShowsWhatTheCachesSaved() throws IOException {
    TaskId id = TaskId.of("cache1");
    try (SqliteTimeline cli = SqliteTimeline.open(home.resolve("timeline.db"))) {
      cli.startTask(id, "sim", "Open the Wi-Fi settings twice");
      cli.append(TestSteps.tapWifi(id, 1));
      cli.append(TestSteps.tapWifiLabelledFromTheCache(id, 2));
      cli.finishTask(id, TaskStatus.SUCCEEDED, "goal reached after 2 step(s)");
    }
    browser.get(console.server.url() + "#/tasks/cache1/steps/2");
    wait.until(d -> steps(d) == 2);
    wait.until(d -> !text(d, "#label-cache").isEmpty());

    assertThat(text(browser, "#task-label-cache")).isEqualTo("1 call · 1280 tok");
    assertThat(text(browser, "#label-cache")).contains("task cache").contains("1280");
    assertThat(text(browser, "#steps .step-item[data-index='2']")).contains("labels cached");
    assertThat(text(browser, "#steps .step-item[data-index='1']")).doesNotContain("labels cached");
    shot("08-label-cache-hit");
    assertNoBrowserErrors();
  }

  private int steps(WebDriver driver) {
    return ConsoleBrowser.steps(driver);
  }

  private String status() {
    return ConsoleBrowser.status(browser);
  }

  /**
   * The text of the first element {@code css} finds, or "". The UI re-renders a list as events
   * arrive, so an element found may be replaced before it is read: then it is found again (a
   * bounded number of times).
   */
  @Test
  void theListShowsHostAndRunnerAndItsFiltersFollowNewTasksLive() throws IOException {
    try (SqliteTimeline cli = SqliteTimeline.open(home.resolve("timeline.db"))) {
      cli.startTask(TaskId.of("simdone"), "sim", "A sim task");
      cli.finishTask(TaskId.of("simdone"), TaskStatus.SUCCEEDED, "ok");
      cli.startTask(TaskId.of("phonefail"), "android:emulator-5554", "A phone task");
      cli.finishTask(TaskId.of("phonefail"), TaskStatus.FAILED, "no switch");
      browser.get(console.server.url().toString());
      wait.until(d -> text(d, "#live").equals("live"));
      wait.until(d -> rows(d).equals(List.of("phonefail", "simdone")));
      String host = text(browser, "#tasks tr[data-task='simdone'] td.host");
      assertThat(host).isNotBlank().isNotEqualTo("—");
      assertThat(text(browser, "#tasks tr[data-task='simdone'] td.runner"))
          .isEqualTo("pid " + ProcessHandle.current().pid());

      new Select(browser.findElement(By.id("filter-status"))).selectByValue("FAILED");
      wait.until(d -> d.getCurrentUrl().endsWith("#/?status=FAILED"));
      wait.until(d -> rows(d).equals(List.of("phonefail")));
      WebElement device = browser.findElement(By.id("filter-device"));
      device.sendKeys("sim");
      device.sendKeys(org.openqa.selenium.Keys.TAB);
      wait.until(d -> d.getCurrentUrl().endsWith("#/?status=FAILED&device=sim"));
      wait.until(d -> text(d, "#tasks td.empty").equals("No task matches these filters."));
      shot("08-filtered-empty");

      browser.get(console.server.baseUrl() + "#/?device=sim&within=1h");
      wait.until(d -> rows(d).equals(List.of("simdone")));
      assertThat(
              new Select(browser.findElement(By.id("filter-within")))
                  .getFirstSelectedOption()
                  .getText())
          .isEqualTo("Last hour");
      js("window.apexNotReloaded = true;");
      cli.startTask(TaskId.of("phonelive"), "android:emulator-5554", "Not shown: another device");
      cli.startTask(TaskId.of("simlive"), "sim", "Shown live");
      wait.until(d -> rows(d).equals(List.of("simlive", "simdone")));
      assertThat(js("return window.apexNotReloaded === true;")).isEqualTo(true);
      cli.finishTask(TaskId.of("phonelive"), TaskStatus.SUCCEEDED, "ok");
      cli.finishTask(TaskId.of("simlive"), TaskStatus.SUCCEEDED, "ok");
      shot("09-filtered-live");

      browser.get(console.server.baseUrl() + "#/?host=" + host + "-elsewhere");
      wait.until(d -> text(d, "#tasks td.empty").equals("No task matches these filters."));
    }
    assertNoBrowserErrors();
  }

  private static List<String> rows(WebDriver driver) {
    return driver.findElements(By.cssSelector("#tasks tbody tr[data-task]")).stream()
        .map(row -> row.getAttribute("data-task"))
        .toList();
  }

  private static String text(WebDriver driver, String css) {
    return ConsoleBrowser.text(driver, css);
  }

  private Object js(String script) {
    return ((JavascriptExecutor) browser).executeScript(script);
  }

  @Test
  void theGoalTabSaysNoModelIsConfiguredAndOnlyAFlowCanStart() throws IOException {
    String refusal = "no model is configured to plan a goal: set ANTHROPIC_API_KEY";
    SimLauncher flows = SimLauncher.free();
    TaskLauncher noModel =
        new TaskLauncher() {
          @Override
          public PreparedTask prepare(TaskRequest request, dev.apex.config.ApexConfig c) {
            return flows.prepare(request, c);
          }

          @Override
          public java.util.Optional<String> goalRefusal(dev.apex.config.ApexConfig c) {
            return java.util.Optional.of(refusal);
          }
        };
    try (TestConsole other = TestConsole.start(otherHome, noModel)) {
      browser.get(other.server.url().toString());
      wait.until(d -> d.getCurrentUrl().equals(other.server.baseUrl().toString()));
      browser.get(other.server.baseUrl() + "#/new");
      wait.until(d -> !d.findElements(By.cssSelector("#device option")).isEmpty());
      browser.findElement(By.id("mode-goal")).click();
      wait.until(d -> d.findElement(By.id("goal-unavailable")).isDisplayed());

      assertThat(text(browser, "#goal-unavailable")).isEqualTo(refusal);
      assertThat(browser.findElement(By.id("start")).isEnabled()).isFalse();
      assertThat(browser.findElement(By.id("goal")).isEnabled()).isFalse();
      shot("07-goal-no-model");
      browser.findElement(By.id("mode-flow")).click();
      assertThat(browser.findElement(By.id("start")).isEnabled()).isTrue();
      assertNoBrowserErrors();
    }
  }

  private void shot(String name) throws IOException {
    chromium.shot(name);
  }
}
