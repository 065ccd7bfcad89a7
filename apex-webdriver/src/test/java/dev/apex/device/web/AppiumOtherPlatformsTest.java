package dev.apex.device.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.ApexException;
import dev.apex.core.DeviceException;
import dev.apex.core.InvalidInputException;
import dev.apex.core.RawCapture;
import dev.apex.core.TreeFormat;
import dev.apex.device.Key;
import dev.apex.perception.tree.UiNode;
import dev.apex.perception.tree.UiTree;
import dev.apex.testkit.PlatformSources;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Appium sessions on platforms that are neither Android nor iOS (Windows, Mac2, Tizen, a test
 * driver) are read from their page source as a generic tree and acted on with W3C pointer actions:
 * the real Selenium client against {@link FakeAppium} serving synthetic sources in each driver's
 * documented format ({@link PlatformSources}).
 */
class AppiumOtherPlatformsTest {

  private FakeAppium appium;
  private WebDevice device;

  @AfterEach
  void stop() {
    if (device != null) {
      device.close();
    }
    if (appium != null) {
      appium.close();
    }
  }

  private WebDevice open(
      String platform, String automation, String source, int window, int screenshot)
      throws IOException {
    appium =
        new FakeAppium(
            List.of("app.home"),
            Map.of("platformName", platform, "automationName", automation),
            source,
            window,
            window * 3 / 4,
            screenshot,
            screenshot * 3 / 4);
    device =
        WebDevices.remote(
            appium.url(),
            Map.of("platformName", platform, "automationName", automation, "app", "app.home"),
            WebConfig.defaults());
    return device;
  }

  private List<String> scripts() {
    return appium.calls("POST", "/execute/sync").stream()
        .map(c -> c.body().path("script").asText())
        .toList();
  }

  private JsonNode firstTap() {
    return appium.calls("POST", "/actions").get(0).body().path("actions").get(0);
  }

  @Test
  void aWindowsSessionIsReadFromItsPageSourceAndClickedWithAMouse() throws IOException {
    WebDevice device = open("Windows", "Windows", PlatformSources.WINDOWS, 800, 800);

    RawCapture capture = device.capture();
    assertThat(device.platform()).isEqualTo(WebPlatform.OTHER);
    assertThat(capture.format()).isEqualTo(TreeFormat.GENERIC_XML);
    assertThat(scripts()).as("never the DOM script").isEmpty();
    UiTree tree = Screens.observe(device);
    UiNode submit = Screens.byId(tree, "submit");
    assertThat(submit.text()).isEqualTo("Submit");

    Screens.tap(device, submit);
    JsonNode tap = firstTap();
    assertThat(tap.path("parameters").path("pointerType").asText()).isEqualTo("mouse");
    assertThat(tap.path("actions").get(0).path("x").asInt()).isEqualTo(140);
    assertThat(tap.path("actions").get(0).path("y").asInt()).isEqualTo(285);
    assertThat(appium.calls("POST", "/session").get(0).body().toString())
        .as("Appium's own capability gets its prefix")
        .contains("\"appium:app\":\"app.home\"");
  }

  @Test
  void aMac2SessionSpeaksPointsAndTapsAtTheScaledPoint() throws IOException {
    WebDevice device = open("mac", "Mac2", PlatformSources.MAC2, 1440, 2880);

    UiNode submit = Screens.byId(Screens.observe(device), "submit");
    assertThat(device.capture().screen().scale()).isEqualTo(2.0);
    Screens.tap(device, submit);

    // x=120 y=600 width=100 height=30 points: its centre is (170, 615) points.
    JsonNode tap = firstTap();
    assertThat(tap.path("actions").get(0).path("x").asInt()).isEqualTo(170);
    assertThat(tap.path("actions").get(0).path("y").asInt()).isEqualTo(615);
  }

  @Test
  void aTizenOrTestDriverSessionIsTouchedWithAFinger() throws IOException {
    WebDevice device = open("Tizen", "Tizen", PlatformSources.TIZEN, 1920, 1920);

    Screens.tap(device, Screens.byId(Screens.observe(device), "submit"));

    assertThat(firstTap().path("parameters").path("pointerType").asText()).isEqualTo("touch");
    assertThat(scripts()).isEmpty();
  }

  @Test
  void aSourceThatCannotBeReadFailsInOneLineNamingThePlatform() throws IOException {
    WebDevice device = open("Tizen", "Tizen", PlatformSources.TIZEN, 1920, 1920);
    appium.fail("GET", "/source", 500, "unknown error");

    assertThatThrownBy(device::capture)
        .isInstanceOf(DeviceException.class)
        .hasMessageContaining("the Tizen session's page source cannot be read")
        .hasMessageNotContaining("\n");
  }

  @Test
  void aSourceThatIsNotXmlFailsInOneLineNamingThePlatform() throws IOException {
    WebDevice device = open("Roku", "Roku", "{\"tree\": [\u0007]}", 1280, 1280);

    assertThatThrownBy(device::capture)
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining(
            "the Roku session's page source is not XML (it starts with '{\"tree\": [?]}')")
        .satisfies(e -> assertThat(((ApexException) e).retriable()).isFalse());
  }

  @Test
  void homeIsRefusedAndTheOtherKeysAndAppsGoThroughAppium() throws IOException {
    WebDevice device = open("Windows", "Windows", PlatformSources.WINDOWS, 800, 800);

    assertThatThrownBy(() -> device.pressKey(Key.HOME))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("HOME has no meaning on a Windows session");
    device.pressKey(Key.BACK);
    device.launchApp("app.home");

    assertThat(appium.calls("POST", "/back")).hasSize(1);
    assertThat(scripts()).containsExactly("mobile: activateApp");
    assertThat(device.currentApp()).isEmpty();
  }

  @Test
  void aDriverWithoutAWindowRectIsReadInScreenshotPixels() throws IOException {
    WebDevice device = open("Tizen", "Tizen", PlatformSources.TIZEN, 1920, 1920);
    appium.fail("GET", "/window/rect", 404, "unknown command");

    UiNode submit = Screens.byId(Screens.observe(device), "submit");
    assertThat(device.screenSize().width()).isEqualTo(1920);
    Screens.tap(device, submit);

    assertThat(firstTap().path("actions").get(0).path("x").asInt()).isEqualTo(250);
    assertThat(firstTap().path("actions").get(0).path("y").asInt()).isEqualTo(950);
  }

  @Test
  void aBrowserSessionOnWindowsStaysABrowser() {
    assertThat(GenericSurface.desktop("Windows")).isTrue();
    assertThat(
            RemoteSessions.prefixed(
                Map.of("platformName", "windows", "browserName", "chrome", "x", 1)))
        .as("a Grid browser request keeps its names")
        .containsOnlyKeys("platformName", "browserName", "x");
  }
}
