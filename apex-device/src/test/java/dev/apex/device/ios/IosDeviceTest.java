package dev.apex.device.ios;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.DeviceException;
import dev.apex.core.InvalidInputException;
import dev.apex.core.RawCapture;
import dev.apex.core.ScreenSize;
import dev.apex.core.TreeFormat;
import dev.apex.device.Key;
import dev.apex.testkit.TestData;
import dev.apex.testkit.wda.FakeWda;
import dev.apex.testkit.wda.WdaRequest;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class IosDeviceTest {

  private static final String SETTINGS = "ios/shirates_settings_top_390x844.xml";

  private FakeWda wda;
  private IosDevice device;

  @BeforeEach
  void start() {
    wda = FakeWda.start().screen(390, 844, 3);
    device = IosDevice.connect(wda.url(), IosOptions.DEFAULTS);
  }

  @AfterEach
  void stop() {
    device.close();
    wda.close();
  }

  @Test
  void captureKeepsTheTreeInPointsAndStatesPixelsAndScale() {
    byte[] xml = TestData.bytes(SETTINGS);
    wda.source(xml);

    RawCapture capture = device.capture();

    assertThat(capture.deviceId()).isEqualTo("ios:" + wda.url());
    assertThat(capture.format()).isEqualTo(TreeFormat.WDA_XML);
    assertThat(capture.tree()).isEqualTo(xml);
    assertThat(capture.screenshot()).isEqualTo(wda.screenshotBytes());
    assertThat(capture.screen()).isEqualTo(new ScreenSize(1170, 2532, 3.0));
    assertThat(wda.requests())
        .anySatisfy(r -> assertThat(r.path() + "?" + r.query()).isEqualTo("/source?format=xml"));
  }

  @Test
  void screenSizeIsReadOnce() {
    device.screenSize();
    device.screenSize();
    device.tap(30, 60);

    assertThat(wda.requests().stream().filter(r -> r.is("GET", "/wda/screen"))).hasSize(1);
  }

  @Test
  void tapsAreSentInPoints() {
    device.tap(300, 600);

    assertThat(wda.bodies("POST", "/wda/tap")).hasSize(1);
    assertThat(wda.bodies("POST", "/wda/tap").get(0).path("x").asDouble()).isEqualTo(100.0);
    assertThat(wda.bodies("POST", "/wda/tap").get(0).path("y").asDouble()).isEqualTo(200.0);
    assertThat(wda.requests().stream().filter(r -> r.is("POST", "/wda/tap")).map(WdaRequest::path))
        .allMatch(p -> p.matches("/session/[^/]+/wda/tap"));
  }

  @Test
  void anOddPixelOnAScale2ScreenIsAFractionalPoint() {
    wda.screen(375, 667, 2);
    IosDevice scale2 = IosDevice.connect(wda.url(), IosOptions.DEFAULTS);

    scale2.tap(101, 3);

    assertThat(scale2.screenSize()).isEqualTo(new ScreenSize(750, 1334, 2.0));
    assertThat(wda.bodies("POST", "/wda/tap").get(0).path("x").asDouble()).isEqualTo(50.5);
    assertThat(wda.bodies("POST", "/wda/tap").get(0).path("y").asDouble()).isEqualTo(1.5);
  }

  @Test
  void swipeIsADragInPointsWithTheDurationInSeconds() {
    device.swipe(600, 2100, 600, 300, Duration.ofMillis(500));

    var body = wda.bodies("POST", "/wda/dragfromtoforduration").get(0);
    assertThat(body.path("fromX").asDouble()).isEqualTo(200.0);
    assertThat(body.path("fromY").asDouble()).isEqualTo(700.0);
    assertThat(body.path("toX").asDouble()).isEqualTo(200.0);
    assertThat(body.path("toY").asDouble()).isEqualTo(100.0);
    assertThat(body.path("duration").asDouble()).isEqualTo(0.5);
  }

  @Test
  void textGoesToWdaKeysOneCharacterPerElementUnicodeIncluded() {
    device.typeText("héllo 👋");

    assertThat(wda.typedText()).isEqualTo("héllo 👋");
    assertThat(wda.bodies("POST", "/wda/keys").get(0).path("value"))
        .extracting(n -> n.asText())
        .containsExactly("h", "é", "l", "l", "o", " ", "👋");
  }

  @Test
  void homeAndEnterHaveTheirRoutes() {
    device.launchApp("com.apple.Preferences");
    device.pressKey(Key.HOME);
    device.pressKey(Key.ENTER);

    assertThat(wda.foregroundApp()).isEqualTo(FakeWda.SPRINGBOARD);
    assertThat(wda.requests())
        .anySatisfy(r -> assertThat(r.is("POST", "/wda/homescreen")).isTrue());
    assertThat(wda.typedText()).isEqualTo("\n");
  }

  @Test
  void backIsTheEdgeSwipeGestureInPoints() {
    device.pressKey(Key.BACK);

    var body = wda.bodies("POST", "/wda/dragfromtoforduration").get(0);
    assertThat(body.path("fromX").asDouble()).isEqualTo(2.0);
    assertThat(body.path("fromY").asDouble()).isEqualTo(422.0);
    assertThat(body.path("toX").asDouble()).isEqualTo(292.5);
    assertThat(body.path("toY").asDouble()).isEqualTo(422.0);
  }

  @Test
  void appsLaunchTerminateAndReportTheirState() {
    device.launchApp("com.apple.Preferences");
    assertThat(device.appState("com.apple.Preferences")).isEqualTo(4);
    assertThat(device.currentApp()).contains("com.apple.Preferences");
    assertThat(wda.bodies("POST", "/wda/apps/launch").get(0).path("bundleId").asText())
        .isEqualTo("com.apple.Preferences");

    device.terminateApp("com.apple.Preferences");
    assertThat(device.appState("com.apple.Preferences")).isEqualTo(1);
    assertThat(device.currentApp()).contains(FakeWda.SPRINGBOARD);
  }

  @Test
  void anAppThatIsNotInstalledIsAnInvalidInputNamingIt() {
    assertThatThrownBy(() -> device.launchApp("com.example.missing"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("'com.example.missing'")
        .hasMessageContaining("not installed");
    assertThatThrownBy(() -> device.launchApp("not a bundle id"))
        .isInstanceOf(InvalidInputException.class);
  }

  @Test
  void aForgottenSessionIsCreatedAgainOnce() {
    device.tap(3, 3);
    wda.forgetSessions();
    device.tap(6, 6);

    List<WdaRequest> sessions =
        wda.requests().stream()
            .filter(r -> r.method().equals("POST") && r.path().equals("/session"))
            .toList();
    assertThat(sessions).hasSize(2);
    List<String> taps =
        wda.requests().stream()
            .filter(r -> r.is("POST", "/wda/tap"))
            .map(r -> r.path().split("/")[2])
            .toList();
    // The first session's id, refused once after the restart, then the new session's id.
    assertThat(taps).hasSize(3);
    assertThat(taps.get(1)).isEqualTo(taps.get(0));
    assertThat(taps.get(2)).isNotEqualTo(taps.get(0));
    assertThat(wda.bodies("POST", "/wda/tap").get(2).path("x").asDouble()).isEqualTo(2.0);
  }

  @Test
  void aWdaErrorBecomesARetriableDeviceErrorWithWdasMessage() {
    wda.failNext("/source", 500, "unknown error", "Cannot take the snapshot of the application");

    assertThatThrownBy(device::capture)
        .isInstanceOfSatisfying(DeviceException.class, e -> assertThat(e.retriable()).isTrue())
        .hasMessageContaining("GET /source")
        .hasMessageContaining("Cannot take the snapshot");
  }

  @Test
  void aWdaThatDoesNotAnswerNamesTheUrlAndHowToStartIt() {
    URI url = wda.url();
    wda.close();

    assertThatThrownBy(() -> IosDevice.connect(url, IosOptions.DEFAULTS))
        .isInstanceOfSatisfying(DeviceException.class, e -> assertThat(e.retriable()).isTrue())
        .hasMessageContaining("no WebDriverAgent answering at " + url)
        .hasMessageContaining("xcodebuild")
        .hasMessageContaining("WebDriverAgentRunner")
        .hasMessageContaining("Appium");
  }

  @Test
  void closeDeletesTheSessionAndNeverThrows() {
    device.tap(3, 3);
    device.close();
    wda.close();
    device.close();

    assertThat(wda.requests()).anySatisfy(r -> assertThat(r.method()).isEqualTo("DELETE"));
  }

  @Test
  void rejectsAUrlThatIsNotHttp() {
    assertThatThrownBy(() -> IosDevice.connect("ftp://127.0.0.1:8100"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("http://127.0.0.1:8100");
    assertThatThrownBy(() -> IosDevice.connect("http://bad host:8100"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("'http://bad host:8100'");
  }
}
