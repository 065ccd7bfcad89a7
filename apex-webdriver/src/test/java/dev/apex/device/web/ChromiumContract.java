package dev.apex.device.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.RawCapture;
import dev.apex.core.TreeFormat;
import dev.apex.device.Device;
import dev.apex.perception.tree.UiTree;
import dev.apex.perception.web.WebTreeParser;
import dev.apex.testkit.DeviceContract;
import dev.apex.testkit.DeviceContractFixture;
import java.io.IOException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The shared Device contract on real headless Chromium, starting each test on one of the test
 * pages. One browser per concrete class (at device pixel ratio 2); each test gets it through a
 * {@link ReusedDevice}. A web app is an origin: the known app is the page server's, the unknown one
 * a package name, which a browser cannot open.
 */
abstract class ChromiumContract extends DeviceContract {

  private static TestPages pages;
  private static WebDevice browser;

  /** The page each test starts on. */
  abstract String startPath();

  @BeforeAll
  static void startBrowser() throws IOException {
    pages = new TestPages();
    pages.add("/big.html", BigPage.generate(5_000).html());
    browser = WebDevices.chromium(pages.url("/"), WebConfig.defaults().withViewport(800, 600, 2.0));
  }

  @AfterAll
  static void stopBrowser() {
    if (browser != null) {
      browser.close();
    }
    pages.close();
  }

  @Override
  protected Device createDevice() {
    return new ReusedDevice(browser, pages.url(startPath()));
  }

  @Override
  protected DeviceContractFixture fixture() {
    return DeviceContractFixture.builder(TreeFormat.WEB_JSON)
        .knownApp(pages.origin())
        .unknownApp("com.example.no.such.app")
        .supports(DeviceContractFixture.ALL_ROLES.toArray(Class<?>[]::new))
        .build();
  }

  @Override
  protected void assertTreeReadable(RawCapture capture) {
    UiTree tree = new WebTreeParser().parse(capture);
    assertThat(tree.width()).isEqualTo(capture.screen().width());
    assertThat(tree.nodes()).as("elements on %s", startPath()).isNotEmpty();
    assertThat(tree.nodes()).anyMatch(n -> n.interactive());
  }
}
