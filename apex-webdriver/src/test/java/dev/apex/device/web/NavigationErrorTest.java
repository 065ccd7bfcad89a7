package dev.apex.device.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.ApexException;
import dev.apex.device.Key;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A navigation that ends on Chromium's own error page ("This site can't be reached") fails with the
 * network error code, on real headless Chromium against a loopback port nothing listens on.
 */
@Tag("e2e")
class NavigationErrorTest {

  private static TestPages pages;
  private static WebDevice device;

  @BeforeAll
  static void start() throws IOException {
    pages = new TestPages();
    device = WebDevices.open("web:" + pages.url("/form.html"), Optional.empty(), config());
  }

  @AfterAll
  static void stop() {
    if (device != null) {
      device.close();
    }
    pages.close();
  }

  private static WebConfig config() {
    return WebConfig.defaults().withViewport(800, 600, 1.0);
  }

  /** A loopback port that was free a moment ago: nothing accepts connections on it. */
  static int closedPort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }

  @Test
  void openingADeviceOnAClosedPortFailsNamingTheNetError() throws IOException {
    String url = "http://127.0.0.1:" + closedPort() + "/";

    assertThatThrownBy(() -> WebDevices.open("web:" + url, Optional.empty(), config()))
        .isInstanceOf(NavigationFailedException.class)
        .hasMessageContaining("navigation to " + url + " failed: net::ERR_CONNECTION_REFUSED")
        .hasMessageNotContaining("\n")
        .satisfies(e -> assertThat(((ApexException) e).retriable()).isFalse())
        .extracting(e -> ((NavigationFailedException) e).errorCode())
        .isEqualTo("net::ERR_CONNECTION_REFUSED");
  }

  @Test
  void launchingAnUnreachablePageFailsAndTheDeviceStaysUsable() throws IOException {
    String url = "http://127.0.0.1:" + closedPort() + "/app";

    assertThatThrownBy(() -> device.launchApp(url))
        .isInstanceOf(NavigationFailedException.class)
        .hasMessageContaining("net::ERR_CONNECTION_REFUSED");
    assertThatThrownBy(() -> device.navigate(url)).isInstanceOf(NavigationFailedException.class);

    device.launchApp(pages.url("/list.html"));
    assertThat(device.currentUrl()).isEqualTo(pages.url("/list.html"));
    device.pressKey(Key.HOME);
    assertThat(device.currentUrl()).isEqualTo(pages.url("/form.html"));
  }

  @Test
  void aSitesOwnErrorPageIsAPageNotAFailedNavigation() {
    // The test server answers 404 with a body: the site's page, which a flow may well assert on.
    device.launchApp(pages.url("/missing.html"));

    assertThat(device.currentUrl()).isEqualTo(pages.url("/missing.html"));
    assertThat(Screens.find(Screens.observe(device), Screens.text("Not found"))).isPresent();
  }

  @Test
  void credentialsInTheUrlStayOutOfTheMessage() throws IOException {
    String url = "http://ann:s3cret@127.0.0.1:" + closedPort() + "/";

    assertThatThrownBy(() -> device.navigate(url))
        .isInstanceOf(NavigationFailedException.class)
        .hasMessageNotContaining("s3cret")
        .hasMessageNotContaining("ann:")
        .hasMessageContaining("@127.0.0.1");
  }
}
