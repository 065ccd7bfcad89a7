package dev.apex.device.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.DeviceException;
import dev.apex.core.InvalidInputException;
import dev.apex.core.RawCapture;
import dev.apex.core.ScreenSize;
import dev.apex.core.TreeFormat;
import dev.apex.device.Key;
import dev.apex.testkit.TestData;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * A device over an Appium server: the real Selenium client against a fake that speaks the W3C wire
 * protocol on loopback and replays real page sources from the shared data.
 */
class AppiumDeviceTest {

  static final List<String> ANDROID_APPS =
      List.of(
          "com.google.android.apps.nexuslauncher", "com.android.settings", "com.android.chrome");
  static final List<String> IOS_APPS =
      List.of("com.apple.springboard", "com.apple.Preferences", "com.apple.mobilesafari");

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

  private WebDevice open(Map<String, Object> requested) {
    device = WebDevices.remote(appium.url(), requested, WebConfig.defaults());
    return device;
  }

  @Nested
  class Android {

    static final String SOURCE =
        "android-appium-variant/shirates_appium_uia2_settings_top_1080x2088.xml";

    private WebDevice android() throws IOException {
      appium =
          new FakeAppium(
              ANDROID_APPS,
              Map.of(
                  "platformName", "Android",
                  "automationName", "UiAutomator2",
                  "appPackage", "com.android.settings"),
              new String(TestData.bytes(SOURCE), StandardCharsets.UTF_8),
              1080,
              2088,
              1080,
              2088);
      return open(Map.of("platformName", "Android", "automationName", "UiAutomator2"));
    }

    @Test
    void capturesThePageSourceAndScreenshotInPixels() throws IOException {
      WebDevice device = android();
      RawCapture capture = device.capture();

      assertThat(device.platform()).isEqualTo(WebPlatform.ANDROID);
      assertThat(device.id()).isEqualTo("webdriver:" + appium.url());
      assertThat(capture.format()).isEqualTo(TreeFormat.APPIUM_UIA2_XML);
      assertThat(new String(capture.tree(), StandardCharsets.UTF_8))
          .isEqualTo(new String(TestData.bytes(SOURCE), StandardCharsets.UTF_8));
      assertThat(capture.screen()).isEqualTo(new ScreenSize(1080, 2088, 1.0));
      assertThat(device.screenSize()).isEqualTo(capture.screen());
      assertThat(appium.calls("POST", "/session").get(0).body().toString())
          .as("Appium's own capability got its prefix")
          .contains("\"appium:automationName\":\"UiAutomator2\"");
    }

    @Test
    void tapsAndSwipesAreTouchActionsInPixels() throws IOException {
      WebDevice device = android();
      device.tap(540, 1200);
      device.swipe(540, 1800, 540, 600, Duration.ofMillis(300));

      List<FakeAppium.Call> actions = appium.calls("POST", "/actions");
      JsonNode tap = actions.get(0).body().path("actions").get(0);
      assertThat(tap.path("parameters").path("pointerType").asText()).isEqualTo("touch");
      assertThat(types(tap)).containsExactly("pointerMove", "pointerDown", "pause", "pointerUp");
      assertThat(tap.path("actions").get(0).path("x").asInt()).isEqualTo(540);
      assertThat(tap.path("actions").get(0).path("y").asInt()).isEqualTo(1200);

      JsonNode swipe = actions.get(1).body().path("actions").get(0);
      assertThat(types(swipe))
          .containsExactly("pointerMove", "pointerDown", "pointerMove", "pointerUp");
      assertThat(swipe.path("actions").get(2).path("y").asInt()).isEqualTo(600);
      assertThat(swipe.path("actions").get(2).path("duration").asInt()).isEqualTo(300);
    }

    @Test
    void keysTextAndApps() throws IOException {
      WebDevice device = android();
      device.typeText("hello");
      device.pressKey(Key.HOME);
      device.pressKey(Key.ENTER);
      device.pressKey(Key.BACK);
      device.launchApp("com.android.chrome");
      assertThat(device.currentApp()).contains("com.android.chrome");
      device.terminateApp("com.android.chrome");

      assertThat(appium.calls("GET", "/element/active")).hasSize(1);
      assertThat(appium.calls("POST", "/element/el-1/value").get(0).body().path("text").asText())
          .isEqualTo("hello");
      assertThat(scripts())
          .containsExactly(
              "mobile: pressKey {\"keycode\":3}",
              "mobile: pressKey {\"keycode\":66}",
              "mobile: isAppInstalled {\"appId\":\"com.android.chrome\"}",
              "mobile: activateApp {\"appId\":\"com.android.chrome\"}",
              "mobile: terminateApp {\"appId\":\"com.android.chrome\"}");
      assertThat(appium.calls("POST", "/back")).hasSize(1);
      assertThat(device.currentApp()).contains("com.google.android.apps.nexuslauncher");
    }

    @Test
    void closingEndsTheSession() throws IOException {
      android().close();
      assertThat(appium.calls("DELETE", "")).hasSize(1);
    }

    @Test
    void anEndpointErrorIsRetriableAndABadArgumentIsNot() throws IOException {
      WebDevice device = android();
      appium.fail("GET", "/source", 500, "unknown error");
      appium.fail("POST", "/actions", 400, "invalid argument");

      assertThatThrownBy(device::capture)
          .isInstanceOf(DeviceException.class)
          .hasMessageStartingWith("webdriver:" + appium.url() + ": capture failed:")
          .hasMessageNotContaining("\n");
      assertThatThrownBy(() -> device.tap(1, 1)).isInstanceOf(InvalidInputException.class);
    }
  }

  @Nested
  class Ios {

    static final String SOURCE = "ios/shirates_settings_top_390x844.xml";

    private WebDevice iphone() throws IOException {
      appium =
          new FakeAppium(
              IOS_APPS,
              Map.of(
                  "platformName", "iOS",
                  "automationName", "XCUITest",
                  "bundleId", "com.apple.Preferences"),
              new String(TestData.bytes(SOURCE), StandardCharsets.UTF_8),
              390,
              844,
              1170,
              2532);
      return open(
          Map.of("platformName", "iOS", "appium:automationName", "XCUITest", "bundleId", "x"));
    }

    @Test
    void capturesTheSourceInPointsWithThePixelScale() throws IOException {
      WebDevice device = iphone();
      RawCapture capture = device.capture();

      assertThat(device.platform()).isEqualTo(WebPlatform.IOS);
      assertThat(capture.format()).isEqualTo(TreeFormat.WDA_XML);
      assertThat(new String(capture.tree(), StandardCharsets.UTF_8)).contains("<AppiumAUT>");
      assertThat(capture.screen()).isEqualTo(new ScreenSize(1170, 2532, 3.0));
      assertThat(device.screenSize()).isEqualTo(capture.screen());
    }

    @Test
    void tapsArePointsAndKeysAreIosButtons() throws IOException {
      WebDevice device = iphone();
      device.tap(300, 600);
      device.pressKey(Key.HOME);
      device.pressKey(Key.ENTER);
      device.launchApp("com.apple.mobilesafari");

      JsonNode tap = appium.calls("POST", "/actions").get(0).body().path("actions").get(0);
      assertThat(tap.path("actions").get(0).path("x").asInt()).isEqualTo(100);
      assertThat(tap.path("actions").get(0).path("y").asInt()).isEqualTo(200);
      assertThat(scripts())
          .containsExactly(
              "mobile: pressButton {\"name\":\"home\"}",
              "mobile: isAppInstalled {\"bundleId\":\"com.apple.mobilesafari\"}",
              "mobile: activateApp {\"bundleId\":\"com.apple.mobilesafari\"}");
      assertThat(appium.calls("POST", "/element/el-1/value").get(0).body().path("text").asText())
          .isEqualTo("\n");
      assertThat(device.currentApp()).contains("com.apple.mobilesafari");
    }
  }

  @Test
  void aServerThatCannotStartTheSessionIsNamed() throws IOException {
    appium = new FakeAppium(List.of(), Map.of(), "", 1, 1, 1, 1);
    appium.fail("POST", "/session", 500, "session not created");

    assertThatThrownBy(() -> WebDevices.open("webdriver:" + appium.url(), Optional.empty()))
        .isInstanceOf(DeviceException.class)
        .hasMessageContaining("WebDriver endpoint " + appium.url() + " did not start a session")
        .hasMessageNotContaining("\n");
  }

  private List<String> scripts() {
    return appium.calls("POST", "/execute/sync").stream()
        .filter(c -> !c.body().path("script").asText().startsWith("mobile: get"))
        .filter(c -> !c.body().path("script").asText().equals("mobile: activeAppInfo"))
        .map(c -> c.body().path("script").asText() + " " + c.body().path("args").get(0))
        .toList();
  }

  private static List<String> types(JsonNode sequence) {
    return java.util.stream.StreamSupport.stream(sequence.path("actions").spliterator(), false)
        .map(a -> a.path("type").asText())
        .toList();
  }
}
