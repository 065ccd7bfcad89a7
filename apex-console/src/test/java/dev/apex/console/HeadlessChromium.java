package dev.apex.console;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.logging.Level;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.remote.RemoteWebDriver;

/**
 * Real headless Chromium for the console's browser tests, with the browser's console log and the
 * DevTools performance log (its {@code Network.*} events) kept. Needs {@code /usr/bin/chromium} and
 * {@code /usr/bin/chromedriver}: without them a test is skipped, or failed under {@code CI=true}.
 * chromedriver's path is given explicitly, so Selenium Manager never downloads anything.
 */
final class HeadlessChromium implements AutoCloseable {

  static final Path CHROMIUM = Path.of("/usr/bin/chromium");
  static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
  static final Path SHOTS = Path.of("target", "console-screenshots");
  static final List<String> FLAGS =
      List.of(
          "--headless=new",
          "--no-sandbox",
          "--disable-gpu",
          "--disable-dev-shm-usage",
          "--no-first-run",
          "--disable-background-networking",
          "--disable-component-update",
          "--disable-sync",
          "--window-size=1500,1200");

  final ChromeDriverService service;
  final WebDriver browser;

  private HeadlessChromium(ChromeDriverService service, WebDriver browser) {
    this.service = service;
    this.browser = browser;
  }

  /** Skips (or under CI fails) the test when Chromium or chromedriver is missing. */
  static void assumeInstalled() {
    if (!Files.isExecutable(CHROMIUM) || !Files.isExecutable(CHROMEDRIVER)) {
      String message =
          "the browser test needs "
              + CHROMIUM
              + " and "
              + CHROMEDRIVER
              + " (apt-get install chromium chromium-driver)";
      if ("true".equals(System.getenv("CI"))) {
        fail(message);
      }
      Assumptions.abort(message);
    }
  }

  /** A browser with its own profile folder. */
  static HeadlessChromium start(Path profile) throws IOException {
    assumeInstalled();
    ChromeDriverService service =
        new ChromeDriverService.Builder()
            .usingDriverExecutable(CHROMEDRIVER.toFile())
            .usingAnyFreePort()
            .withLogOutput(OutputStream.nullOutputStream())
            .build();
    service.start();
    ChromeOptions options = new ChromeOptions();
    options.setBinary(CHROMIUM.toFile());
    options.addArguments(FLAGS);
    options.addArguments("--user-data-dir=" + profile);
    LoggingPreferences logging = new LoggingPreferences();
    logging.enable(LogType.BROWSER, Level.ALL);
    logging.enable(LogType.PERFORMANCE, Level.ALL);
    options.setCapability("goog:loggingPrefs", logging);
    Files.createDirectories(SHOTS);
    return new HeadlessChromium(service, new RemoteWebDriver(service.getUrl(), options));
  }

  /** Saves what the window shows as {@code target/console-screenshots/NAME.png}. */
  void shot(String name) throws IOException {
    Path png = ((TakesScreenshot) browser).getScreenshotAs(OutputType.FILE).toPath();
    Files.copy(png, SHOTS.resolve(name + ".png"), StandardCopyOption.REPLACE_EXISTING);
  }

  @Override
  public void close() {
    browser.quit();
    service.stop();
  }
}
