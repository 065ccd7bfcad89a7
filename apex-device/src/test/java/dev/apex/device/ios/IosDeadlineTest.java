package dev.apex.device.ios;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.CaptureTooLargeException;
import dev.apex.core.DeviceException;
import dev.apex.device.DeviceLimits;
import dev.apex.testkit.wda.FakeWda;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * WebDriverAgent calls held to the device bounds: a body that trickles fails at the whole call's
 * deadline (the JDK client's own timeout stops at the headers), a body that never ends fails at the
 * capture cap, and WDA's text is escaped. The JUnit timeout only keeps a regression from hanging
 * the build.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class IosDeadlineTest {

  private static final Duration DEADLINE = Duration.ofMillis(1000);

  private FakeWda wda;
  private IosDevice device;

  @BeforeEach
  void start() {
    wda = FakeWda.start().screen(390, 844, 3);
  }

  @AfterEach
  void stop() {
    if (device != null) {
      device.close();
    }
    wda.close();
  }

  @Test
  void aTricklingScreenshotFailsAtTheDeadlineNamingTheCall() {
    device =
        IosDevice.connect(wda.url(), IosOptions.of(DeviceLimits.DEFAULTS.withTimeout(DEADLINE)));
    wda.trickleNext("/screenshot", Duration.ofMillis(20));

    assertThatThrownBy(device::capture)
        .isInstanceOfSatisfying(DeviceException.class, e -> assertThat(e.retriable()).isTrue())
        .hasMessageContaining("did not finish GET /screenshot within its deadline of 1 s")
        .hasMessageContaining("device.timeout_ms");
  }

  @Test
  void anEndlessScreenshotStopsAtTheCaptureCap() {
    device =
        IosDevice.connect(
            wda.url(), IosOptions.of(DeviceLimits.DEFAULTS.withMaxCaptureBytes(1024 * 1024)));
    wda.floodNext("/screenshot");

    assertThatThrownBy(device::capture)
        .isInstanceOf(CaptureTooLargeException.class)
        .hasMessageContaining("GET /screenshot sent more than 1048576 bytes")
        .hasMessageContaining("device.max_capture_bytes");
  }

  @Test
  void anEndlessSourceStopsAtTheCaptureCapToo() {
    device =
        IosDevice.connect(
            wda.url(), IosOptions.of(DeviceLimits.DEFAULTS.withMaxCaptureBytes(256 * 1024)));
    wda.floodNext("/source");

    assertThatThrownBy(device::capture)
        .isInstanceOf(CaptureTooLargeException.class)
        .hasMessageContaining("GET /source?format=xml sent more than 262144 bytes");
  }

  @Test
  void theSourceGetsThreeTimesTheDeadline() {
    IosOptions options = IosOptions.of(DeviceLimits.DEFAULTS.withTimeout(Duration.ofSeconds(2)));

    assertThat(options.requestTimeout()).isEqualTo(Duration.ofSeconds(2));
    assertThat(options.sourceTimeout()).isEqualTo(Duration.ofSeconds(6));
    assertThat(options.connectTimeout()).isEqualTo(Duration.ofSeconds(2));
  }

  @Test
  void escapeSequencesInWdasMessageAreEscaped() {
    device = IosDevice.connect(wda.url(), IosOptions.DEFAULTS);
    wda.failNext("/wda/tap", 500, "unknown error", "boom\u001b[2J\u001b]0;owned\u0007");

    assertThatThrownBy(() -> device.tap(10, 10))
        .isInstanceOf(DeviceException.class)
        .hasMessageContaining("boom\\x1b[2J\\x1b]0;owned\\x07")
        .satisfies(e -> assertThat(e.getMessage().chars().noneMatch(c -> c < 0x20)).isTrue());
  }
}
