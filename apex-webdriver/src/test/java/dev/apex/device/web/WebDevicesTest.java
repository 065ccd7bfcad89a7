package dev.apex.device.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.DeviceException;
import dev.apex.core.InvalidInputException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WebDevicesTest {

  @TempDir Path dir;

  @Test
  void recognisesItsSelectors() {
    assertThat(WebDevices.handles("web")).isTrue();
    assertThat(WebDevices.handles("web:https://example.com")).isTrue();
    assertThat(WebDevices.handles("webdriver:http://127.0.0.1:4444")).isTrue();
    assertThat(WebDevices.handles("website")).isFalse();
    assertThat(WebDevices.handles("android:emulator-5554")).isFalse();
    assertThat(WebDevices.handles(null)).isFalse();
  }

  @Test
  void badSelectorsSayWhatToUse() {
    assertThatThrownBy(() -> WebDevices.open("browser", Optional.empty()))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("unknown web device 'browser': use web, web:URL or webdriver:ENDPOINT");
    assertThatThrownBy(() -> WebDevices.open("web:example.com", Optional.empty()))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("'example.com' is not a URL");
    assertThatThrownBy(() -> WebDevices.open("webdriver:localhost:4444", Optional.empty()))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("is not a WebDriver endpoint URL");
    assertThatThrownBy(() -> WebDevices.open("web", Optional.of(dir.resolve("caps.json"))))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("--capabilities applies to webdriver:ENDPOINT devices only");
  }

  @Test
  void aMissingChromedriverNamesThePathAndThePackages() {
    Path missing = dir.resolve("chromedriver");
    WebConfig config = WebConfig.defaults().withChromedriver(missing);

    assertThatThrownBy(() -> WebDevices.open("web", Optional.empty(), config))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("chromedriver not found at " + missing)
        .hasMessageContaining("apt-get install chromium chromium-driver")
        .hasMessageNotContaining("\n");
  }

  @Test
  void aBinaryMissingFromThePathNamesThePathSearched() throws IOException {
    Path bin = Files.createDirectory(dir.resolve("bin"));
    assertThatThrownBy(
            () ->
                Binaries.find(
                    "chromium",
                    null,
                    List.of("chromium", "chromium-browser"),
                    bin.toString(),
                    "apex.web.chromium"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining(
            "chromium not found on the PATH (chromium or chromium-browser in " + bin)
        .hasMessageContaining("apt-get install chromium chromium-driver")
        .hasMessageContaining("apex.web.chromium");
  }

  @Test
  void findsABinaryOnThePath() throws IOException {
    Path bin = Files.createDirectory(dir.resolve("bin"));
    Path exe = Files.createFile(bin.resolve("chromium-browser"));
    exe.toFile().setExecutable(true);
    assertThat(
            Binaries.find(
                "chromium",
                null,
                List.of("chromium", "chromium-browser"),
                "/nonexistent:" + bin,
                "apex.web.chromium"))
        .isEqualTo(exe);
  }

  @Test
  void anEndpointThatDoesNotAnswerIsNamedWithoutItsPassword() throws IOException {
    int port;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = socket.getLocalPort();
    }
    String endpoint = "http://grid-user:s3cret@127.0.0.1:" + port + "/wd/hub";

    assertThatThrownBy(() -> WebDevices.open("webdriver:" + endpoint, Optional.empty()))
        .isInstanceOf(DeviceException.class)
        .hasMessageContaining("WebDriver endpoint http://127.0.0.1:" + port + "/wd/hub")
        .hasMessageContaining("did not answer")
        .hasMessageNotContaining("s3cret")
        .satisfies(e -> assertThat(((DeviceException) e).retriable()).isTrue());
  }

  @Test
  void readsPlainAndW3cCapabilityFiles() throws IOException {
    Path plain = Files.writeString(dir.resolve("plain.json"), "{\"browserName\":\"chrome\"}");
    Path w3c =
        Files.writeString(
            dir.resolve("w3c.json"),
            "{\"capabilities\":{\"alwaysMatch\":{\"platformName\":\"Android\"}}}");
    Path bare =
        Files.writeString(dir.resolve("bare.json"), "{\"alwaysMatch\":{\"browserName\":\"x\"}}");

    assertThat(WebDevices.readCapabilities(plain))
        .containsExactly(Map.entry("browserName", "chrome"));
    assertThat(WebDevices.readCapabilities(w3c))
        .containsExactly(Map.entry("platformName", "Android"));
    assertThat(WebDevices.readCapabilities(bare)).containsExactly(Map.entry("browserName", "x"));
  }

  @Test
  void badCapabilityFilesSayWhatIsWrong() throws IOException {
    Path broken = Files.writeString(dir.resolve("broken.json"), "{\n\"browserName\": }");
    Path firstMatch =
        Files.writeString(
            dir.resolve("first.json"),
            "{\"capabilities\":{\"firstMatch\":[{}],\"alwaysMatch\":{}}}");

    assertThatThrownBy(() -> WebDevices.readCapabilities(broken))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("capabilities file " + broken + " is not a JSON object")
        .hasMessageContaining("line 2");
    assertThatThrownBy(() -> WebDevices.readCapabilities(firstMatch))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("merge the set you want into alwaysMatch");
    assertThatThrownBy(() -> WebDevices.readCapabilities(dir.resolve("none.json")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("cannot read capabilities file");
  }

  @Test
  void appiumCapabilitiesGetTheirPrefixOnMobileOnly() {
    assertThat(
            RemoteSessions.prefixed(
                Map.of("platformName", "iOS", "bundleId", "com.apple.Preferences", "x:y", 1)))
        .containsOnlyKeys("platformName", "appium:bundleId", "x:y");
    assertThat(RemoteSessions.prefixed(Map.of("browserName", "chrome", "goog:chromeOptions", 1)))
        .containsOnlyKeys("browserName", "goog:chromeOptions");
  }

  @Test
  void aLocalBrowserStartsBlankAndClosesOnce() {
    WebDevice device = WebDevices.open("web", Optional.empty());
    try {
      assertThat(device.id()).isEqualTo("web");
      assertThat(device.currentUrl()).isEqualTo("about:blank");
      assertThat(device.currentApp()).isEmpty();
      assertThat(device.screenSize().width()).isEqualTo(1280);
      assertThat(device.screenSize().height()).isEqualTo(800);
    } finally {
      device.close();
      device.close();
    }
    assertThatThrownBy(device::capture)
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("web is closed: open a new device to capture");
  }
}
