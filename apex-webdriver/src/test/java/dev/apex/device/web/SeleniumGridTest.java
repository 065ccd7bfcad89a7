package dev.apex.device.web;

import static dev.apex.device.web.Screens.byId;
import static dev.apex.device.web.Screens.has;
import static dev.apex.device.web.Screens.observe;
import static dev.apex.device.web.Screens.tap;
import static dev.apex.device.web.Screens.text;
import static dev.apex.device.web.Screens.until;
import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two web devices driving two Chromium sessions at the same time through a real Selenium Grid on
 * loopback, opened the way the CLI opens them: {@code webdriver:URL} plus a capabilities file.
 */
@Tag("e2e")
class SeleniumGridTest {

  private static final String TAP_PAGE =
      """
      <!doctype html><html><head><title>Tap</title></head><body>
      <p id="status">Waiting</p>
      <button id="go" onclick="document.getElementById('status').textContent =
        'Tapped by ' + new URLSearchParams(location.search).get('who')">Go</button>
      </body></html>
      """;

  private static TestPages pages;
  private static SeleniumGrid grid;

  @TempDir static Path dir;

  @BeforeAll
  static void start() throws IOException, InterruptedException {
    pages = new TestPages();
    pages.add("/tap.html", TAP_PAGE);
    WebConfig local = WebConfig.defaults();
    grid =
        SeleniumGrid.start(
            Binaries.chromium(local),
            Binaries.chromedriver(local),
            2,
            Path.of("target", "selenium-grid.log"));
  }

  @AfterAll
  static void stop() {
    if (grid != null) {
      grid.close();
    }
    pages.close();
  }

  @Test
  void twoSessionsRunInParallelAndEachSeesItsOwnTap() throws Exception {
    List<String> args = new ArrayList<>(LocalChromium.FLAGS);
    args.add("--window-size=800,600");
    Path capabilities =
        Files.writeString(
            dir.resolve("chromium.json"),
            Json.write(
                Map.of(
                    "browserName",
                    "chrome",
                    "goog:chromeOptions",
                    Map.of(
                        "binary",
                        Binaries.chromium(WebConfig.defaults()).toString(),
                        "args",
                        args))));
    CyclicBarrier bothOpen = new CyclicBarrier(2);
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      Future<String> ann = pool.submit(() -> tapAs("ann", capabilities, bothOpen));
      Future<String> bob = pool.submit(() -> tapAs("bob", capabilities, bothOpen));

      assertThat(ann.get(5, TimeUnit.MINUTES)).isEqualTo("Tapped by ann");
      assertThat(bob.get(5, TimeUnit.MINUTES)).isEqualTo("Tapped by bob");
    } finally {
      pool.shutdownNow();
    }
  }

  /** One device's task: open a session, wait until the other one is open too, then act. */
  private static String tapAs(String who, Path capabilities, CyclicBarrier bothOpen)
      throws Exception {
    try (WebDevice device = WebDevices.open("webdriver:" + grid.url(), Optional.of(capabilities))) {
      assertThat(device.platform()).isEqualTo(WebPlatform.BROWSER);
      assertThat(device.id()).isEqualTo("webdriver:" + grid.url());
      bothOpen.await(3, TimeUnit.MINUTES);

      device.launchApp(pages.url("/tap.html?who=" + who));
      tap(device, byId(observe(device), "go"));
      return byId(until(device, has(text("Tapped by " + who)), "the tap's result"), "status")
          .text();
    }
  }
}
