package dev.apex.device.web;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One test page served on loopback and one headless Chromium on it, for a test class: register it
 * as a static {@code @RegisterExtension} field; it opens before the class, reopens the page before
 * each test and closes after the class. Skips the class where Chromium is not installed, except
 * under {@code CI=true}.
 */
final class PageBrowser implements BeforeAllCallback, BeforeEachCallback, AfterAllCallback {

  private final String path;
  private final String html;
  private final WebConfig config;
  private TestPages pages;
  private WebDevice device;

  private PageBrowser(String path, String html, WebConfig config) {
    this.path = path;
    this.html = html;
    this.config = config;
  }

  /** Serves {@code html} at {@code path}, in a viewport of this size and device pixel ratio. */
  static PageBrowser of(String path, String html, int width, int height, double pixelRatio) {
    return new PageBrowser(
        path, html, WebConfig.defaults().withViewport(width, height, pixelRatio));
  }

  /** The browser, open on the page. */
  WebDevice device() {
    return device;
  }

  @Override
  public void beforeAll(ExtensionContext context) throws IOException {
    assumeTrue(
        "true".equals(System.getenv("CI")) || chromiumInstalled(),
        "Chromium is not installed (CI=true makes this a failure)");
    pages = new TestPages();
    pages.add(path, html);
    device = WebDevices.chromium(pages.url(path), config);
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    device.launchApp(pages.url(path));
  }

  @Override
  public void afterAll(ExtensionContext context) {
    try {
      if (device != null) {
        device.close();
      }
    } finally {
      if (pages != null) {
        pages.close();
      }
    }
  }

  private static boolean chromiumInstalled() {
    return Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
        .flatMap(dir -> Stream.of("chromium", "chromium-browser").map(n -> Path.of(dir, n)))
        .anyMatch(Files::isExecutable);
  }
}
