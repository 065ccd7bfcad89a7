package dev.apex.device.web;

import dev.apex.core.DeviceException;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.UnexpectedAlertBehaviour;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Starts headless Chromium through the installed chromedriver, with a fresh profile in a temporary
 * folder that is deleted on close.
 *
 * <p>Selenium Manager is never consulted: the service is given chromedriver's path, and {@code
 * DriverFinder} (Selenium 4.40) only asks the manager when the service has no executable, no {@code
 * SE_CHROMEDRIVER} variable and no {@code webdriver.chrome.driver} property. (Were it consulted,
 * its own switches are environment variables — {@code SE_OFFLINE}, {@code
 * SE_AVOID_BROWSER_DOWNLOAD} — which {@code SeleniumManager} also takes from JVM system properties
 * of those names.) The session is a plain {@link WebSession} against the service rather than a
 * {@code ChromeDriver}, so no DevTools connection is opened either.
 */
final class LocalChromium {

  /** The flags a root user in a container needs, and nothing that phones home. */
  static final List<String> FLAGS =
      List.of(
          "--headless=new",
          "--no-sandbox",
          "--disable-gpu",
          "--disable-dev-shm-usage",
          "--no-first-run",
          "--disable-background-networking",
          "--disable-component-update",
          "--disable-sync");

  private LocalChromium() {}

  /** Starts a browser and opens {@code url}; the id names it in errors. */
  static WebDevice open(String id, String url, WebConfig config) {
    Path chromium = Binaries.chromium(config);
    Path chromedriver = Binaries.chromedriver(config);
    Path profile = createProfile();
    ChromeDriverService service =
        new ChromeDriverService.Builder()
            .usingDriverExecutable(chromedriver.toFile())
            .usingAnyFreePort()
            .withLogOutput(OutputStream.nullOutputStream())
            .build();
    Runnable cleanup =
        () -> {
          service.stop();
          deleteQuietly(profile);
        };
    try {
      service.start();
      WebSession driver =
          WebSession.start(service.getUrl(), options(chromium, profile, config), config);
      fitViewport(driver, config);
      ActListeners.install(driver);
      BrowserSurface surface = new BrowserSurface(driver, id, url);
      // Measured on the blank page, before the first page can hide its viewport behind a dialog.
      surface.screenSize();
      WebDevice device = new WebDevice(id, driver, surface, cleanup);
      try {
        device.navigate(url);
      } catch (RuntimeException e) {
        device.close();
        throw e;
      }
      return device;
    } catch (IOException | WebDriverException e) {
      cleanup.run();
      throw new DeviceException(
          id,
          "cannot start Chromium "
              + chromium
              + " through "
              + chromedriver
              + ": "
              + Failures.firstLine(e),
          e);
    }
  }

  /**
   * Resizes the window so the viewport (what screenshots show) has the configured size: headless
   * Chromium still reserves room for a toolbar inside {@code --window-size}.
   */
  private static void fitViewport(WebSession driver, WebConfig config) {
    List<?> v =
        (List<?>) driver.executeScript("return [innerWidth, innerHeight, outerWidth, outerHeight]");
    int innerWidth = ((Number) v.get(0)).intValue();
    int innerHeight = ((Number) v.get(1)).intValue();
    if (innerWidth != config.viewportWidth() || innerHeight != config.viewportHeight()) {
      driver
          .manage()
          .window()
          .setSize(
              new Dimension(
                  ((Number) v.get(2)).intValue() + config.viewportWidth() - innerWidth,
                  ((Number) v.get(3)).intValue() + config.viewportHeight() - innerHeight));
    }
  }

  static ChromeOptions options(Path chromium, Path profile, WebConfig config) {
    ChromeOptions options = new ChromeOptions();
    options.setBinary(chromium.toFile());
    options.addArguments(FLAGS);
    options.addArguments(
        "--user-data-dir=" + profile,
        "--window-size=" + config.viewportWidth() + "," + config.viewportHeight(),
        String.format(Locale.ROOT, "--force-device-scale-factor=%s", config.deviceScaleFactor()));
    options.setPageLoadTimeout(config.pageLoadTimeout());
    // Dialogs stay open until apex answers them, and Chromium's Page events say which kind each is.
    options.setUnhandledPromptBehaviour(UnexpectedAlertBehaviour.IGNORE);
    options.setCapability("goog:loggingPrefs", Map.of(PageDialogs.LOG, "ALL"));
    options.setExperimentalOption(
        "perfLoggingPrefs", Map.of("enableNetwork", false, "enablePage", true));
    options.setScriptTimeout(config.commandTimeout());
    return options;
  }

  private static Path createProfile() {
    try {
      return Files.createTempDirectory("apex-chromium-");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create a temporary Chromium profile folder", e);
    }
  }

  private static void deleteQuietly(Path dir) {
    try (Stream<Path> files = Files.walk(dir)) {
      files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException | UncheckedIOException e) {
      // A leftover temp folder is harmless; the OS cleans temp eventually.
    }
  }
}
