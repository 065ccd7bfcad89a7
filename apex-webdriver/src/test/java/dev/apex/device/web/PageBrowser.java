package dev.apex.device.web;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * One test page served on loopback and one headless Chromium on it, for a test class: opened in
 * {@code @BeforeAll}, {@link #reload reloaded} before each test, closed in {@code @AfterAll}. Skips
 * the class where Chromium is not installed, except under {@code CI=true}.
 */
final class PageBrowser implements AutoCloseable {

  private final TestPages pages;
  private final String path;
  private WebDevice device;

  private PageBrowser(TestPages pages, String path) {
    this.pages = pages;
    this.path = path;
  }

  /** Serves {@code html} at {@code path} and opens Chromium on it with this viewport. */
  static PageBrowser open(String path, String html, int width, int height, double pixelRatio)
      throws IOException {
    assumeTrue(
        "true".equals(System.getenv("CI")) || chromiumInstalled(),
        "Chromium is not installed (CI=true makes this a failure)");
    PageBrowser browser = new PageBrowser(new TestPages(), path);
    browser.pages.add(path, html);
    try {
      browser.device =
          WebDevices.chromium(
              browser.pages.url(path),
              WebConfig.defaults().withViewport(width, height, pixelRatio));
    } catch (RuntimeException e) {
      browser.close();
      throw e;
    }
    return browser;
  }

  WebDevice device() {
    return device;
  }

  /** Opens the page afresh, as a new test expects it. */
  void reload() {
    device.launchApp(pages.url(path));
  }

  @Override
  public void close() {
    try {
      if (device != null) {
        device.close();
      }
    } finally {
      pages.close();
    }
  }

  private static boolean chromiumInstalled() {
    return Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
        .flatMap(dir -> Stream.of("chromium", "chromium-browser").map(n -> Path.of(dir, n)))
        .anyMatch(Files::isExecutable);
  }
}
