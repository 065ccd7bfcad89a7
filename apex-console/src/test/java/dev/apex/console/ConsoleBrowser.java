package dev.apex.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * A console with its launcher and real headless Chromium signed in to it, in a 1400 x 900 window,
 * with the readings the browser tests make of the task page. Close it at the end (browser first).
 */
final class ConsoleBrowser implements AutoCloseable {

  final TestConsole console;
  final HeadlessChromium chromium;
  final WebDriver browser;
  final WebDriverWait wait;

  private ConsoleBrowser(TestConsole console, HeadlessChromium chromium, Duration patience) {
    this.console = console;
    this.chromium = chromium;
    this.browser = chromium.browser;
    this.wait = new WebDriverWait(browser, patience);
    // The UI re-renders parts of the page as events arrive; an element read mid-render is stale.
    wait.ignoring(StaleElementReferenceException.class);
  }

  /** Skips (or under CI fails) without Chromium; otherwise a console and a browser signed in. */
  static ConsoleBrowser open(Path home, Path profile, TaskLauncher launcher, Duration patience)
      throws IOException {
    HeadlessChromium.assumeInstalled();
    TestConsole console = TestConsole.start(home, launcher);
    HeadlessChromium chromium;
    try {
      chromium = HeadlessChromium.start(profile);
    } catch (IOException | RuntimeException e) {
      console.close();
      throw e;
    }
    ConsoleBrowser page = new ConsoleBrowser(console, chromium, patience);
    page.browser.manage().window().setSize(new Dimension(1400, 900));
    page.browser.get(console.server.url().toString());
    page.wait.until(d -> d.getCurrentUrl().equals(console.server.baseUrl().toString()));
    return page;
  }

  /** Opens the console's page at {@code hash} ({@code #/tasks/ID}, …). */
  void go(String hash) {
    browser.get(console.server.baseUrl() + hash);
  }

  void shot(String name) throws IOException {
    chromium.shot(name);
  }

  int steps() {
    return steps(browser);
  }

  String status() {
    return status(browser);
  }

  String text(String css) {
    return text(browser, css);
  }

  Object js(String script, Object... args) {
    return ((JavascriptExecutor) browser).executeScript(script, args);
  }

  /** Whether the image {@code id} is in the page and loaded. */
  boolean loaded(String id) {
    return Boolean.TRUE.equals(
        js(
            "const i = document.getElementById(arguments[0]);"
                + " return !!i && i.complete && i.naturalWidth > 0;",
            id));
  }

  /** Element {@code id}'s client rect, with the window's inner size and the page's scroll width. */
  @SuppressWarnings("unchecked")
  Map<String, Object> rect(String id) {
    return (Map<String, Object>)
        js(
            "const r = document.getElementById(arguments[0]).getBoundingClientRect();"
                + " return {left: r.left, right: r.right, width: r.width, height: r.height,"
                + " innerWidth: window.innerWidth, innerHeight: window.innerHeight,"
                + " scrollWidth: document.scrollingElement.scrollWidth};",
            id);
  }

  void assertNoErrors() {
    assertNoBrowserErrors(browser);
  }

  /** How many steps the task page lists. */
  static int steps(WebDriver driver) {
    return driver.findElements(By.cssSelector("#steps .step-item")).size();
  }

  /** The task's status badge on its page, or "". */
  static String status(WebDriver driver) {
    List<WebElement> badge = driver.findElements(By.cssSelector("#task-status [data-status]"));
    return badge.isEmpty() ? "" : badge.get(0).getAttribute("data-status");
  }

  /**
   * The text of the first element {@code css} finds, or "". The UI re-renders a list as events
   * arrive, so an element found may be replaced before it is read: then it is found again (a
   * bounded number of times).
   */
  static String text(WebDriver driver, String css) {
    for (int attempt = 1; ; attempt++) {
      try {
        List<WebElement> found = driver.findElements(By.cssSelector(css));
        return found.isEmpty() ? "" : found.get(0).getText();
      } catch (StaleElementReferenceException e) {
        if (attempt == 5) {
          throw e;
        }
      }
    }
  }

  /** Fails on any error the page logged: a script error, a failed request, a CSP refusal. */
  static void assertNoBrowserErrors(WebDriver driver) {
    List<LogEntry> errors =
        driver.manage().logs().get(LogType.BROWSER).getAll().stream()
            .filter(e -> e.getLevel().intValue() >= Level.SEVERE.intValue())
            .toList();
    assertThat(errors).as("errors in the browser console").isEmpty();
  }

  @Override
  public void close() {
    try {
      chromium.close();
    } finally {
      console.close();
    }
  }
}
