package dev.apex.device.android;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.CaptureTooLargeException;
import dev.apex.core.DeviceException;
import dev.apex.testkit.adb.AdbFault;
import dev.apex.testkit.adb.FakeAdbServer;
import dev.apex.testkit.adb.FakePhone;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The bounds of device I/O over adb: one deadline per whole command (a trickling device fails at
 * it), a cap on what one answer may carry (a flooding device fails at it), the request that was
 * refused named, and device garbage escaped before it becomes a message. The JUnit timeouts only
 * keep a regression from hanging the build; no test asserts a duration.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class AndroidDeadlineTest {

  private static final String SERIAL = "emulator-5554";
  private static final Duration DEADLINE = Duration.ofMillis(1000);

  /** Far below the deadline, so every single read is quick and only the whole command is slow. */
  private static final Duration TRICKLE = Duration.ofMillis(20);

  /**
   * What loopback socket buffers may hold beyond what the client read (the fake's send buffer, 4
   * MiB at most here, and the client's receive buffer, which autotunes up to 32 MiB): the flood's
   * writes return until both are full. A client that read 1,000 times its cap is far past it.
   */
  private static final long SOCKET_BUFFERS = 40L * 1024 * 1024;

  private FakeAdbServer adb;
  private FakePhone phone;

  @BeforeEach
  void start() {
    adb = FakeAdbServer.start();
    phone = adb.addDevice(SERIAL).screenSize(720, 1600);
  }

  @AfterEach
  void stop() {
    adb.close();
  }

  private AndroidDevice device(AndroidOptions options) {
    return AndroidDevice.connect(AdbAddress.parse(adb.address()), SERIAL, options);
  }

  @Test
  void aTricklingScreenshotFailsAtTheWholeCommandsDeadlineNamingTheCommand() {
    phone.failNext("screencap", AdbFault.trickle(TRICKLE));
    AndroidDevice device = device(AndroidOptions.DEFAULTS.withCommandTimeout(DEADLINE));

    assertThatThrownBy(device::capture)
        .isInstanceOfSatisfying(DeviceException.class, e -> assertThat(e.retriable()).isTrue())
        .hasMessageContaining("android:" + SERIAL)
        .hasMessageContaining("'screencap -p' did not finish within its deadline of 1 s")
        .hasMessageContaining("device.timeout_ms");
  }

  @Test
  void aTricklingDumpFailsAtTheDeadlineToo() {
    phone.failNext("uiautomator", AdbFault.trickle(TRICKLE));
    AndroidDevice device = device(AndroidOptions.DEFAULTS.withCommandTimeout(DEADLINE));

    assertThatThrownBy(device::capture)
        .isInstanceOf(DeviceException.class)
        .hasMessageContaining("uiautomator dump")
        .hasMessageContaining("deadline of 1 s");
  }

  @Test
  void theNextCommandAfterADeadlineHasItsOwnDeadline() {
    phone.failNext("screencap", AdbFault.trickle(TRICKLE));
    AndroidDevice device = device(AndroidOptions.DEFAULTS.withCommandTimeout(DEADLINE));
    assertThatThrownBy(device::capture).isInstanceOf(DeviceException.class);

    assertThat(device.capture().screenshot()).isEqualTo(phone.screenshot());
  }

  @Test
  void aFloodingScreenshotStopsAtTheCaptureCapWithOneLine() {
    phone.failNext("screencap", AdbFault.flood());
    AndroidDevice device = device(AndroidOptions.DEFAULTS.withMaxCaptureBytes(1024 * 1024));

    assertThatThrownBy(device::capture)
        .isInstanceOfSatisfying(
            CaptureTooLargeException.class, e -> assertThat(e.retriable()).isFalse())
        .hasMessageContaining("android:" + SERIAL)
        .hasMessageContaining("'screencap -p' sent more than 1048576 bytes")
        .hasMessageContaining("device.max_capture_bytes")
        .message()
        .doesNotContain("\n");
    assertThat(adb.floodedBytes())
        .as("bytes the flood got through before the client stopped reading")
        .isLessThan(1024 * 1024 + SOCKET_BUFFERS);
  }

  @Test
  void aFloodingDumpStopsAtTheCapToo() {
    phone.failNext("cat ", AdbFault.flood());
    AndroidDevice device = device(AndroidOptions.DEFAULTS.withMaxCaptureBytes(256 * 1024));

    assertThatThrownBy(device::capture)
        .isInstanceOf(CaptureTooLargeException.class)
        .hasMessageContaining("'cat /data/local/tmp/apex-uidump.xml' sent more than 262144 bytes");
    assertThat(adb.floodedBytes()).isLessThan(256 * 1024 + SOCKET_BUFFERS);
  }

  @Test
  void aRefusedSwitchToTheDeviceNamesTheTransportRequestNotTheCommand() {
    AndroidDevice device = device(AndroidOptions.DEFAULTS);
    adb.removeDevice(SERIAL);

    assertThatThrownBy(() -> device.tap(1, 2))
        .isInstanceOf(DeviceException.class)
        .hasMessageContaining("refused 'host:transport:" + SERIAL + "'")
        .hasMessageContaining("before 'input tap 1 2' ran")
        .hasMessageContaining("device '" + SERIAL + "' not found");
  }

  @Test
  void aRefusedCommandNamesTheCommandsRequest() {
    phone.failNext("input tap", AdbFault.fail("closed"));
    AndroidDevice device = device(AndroidOptions.DEFAULTS);

    assertThatThrownBy(() -> device.tap(1, 2))
        .isInstanceOf(DeviceException.class)
        .hasMessageContaining("refused 'exec:input tap 1 2': closed")
        .message()
        .doesNotContain("host:transport");
  }

  @Test
  void controlBytesFromTheDeviceAreEscapedInTheMessage() {
    phone.failNext(
        "input tap",
        AdbFault.output("java.lang.Exception: \u001b[2J\u001b[31mboom\u0007\t\u009b1m é ✓\n"));
    AndroidDevice device = device(AndroidOptions.DEFAULTS);

    assertThatThrownBy(() -> device.tap(1, 2))
        .isInstanceOf(DeviceException.class)
        .hasMessageContaining("\\x1b[2J\\x1b[31mboom\\x07\\t\\u009b1m é ✓")
        .satisfies(e -> assertThat(e.getMessage().chars().noneMatch(c -> c < 0x20)).isTrue());
  }

  @Test
  void aServerMessageWithEscapesIsEscapedToo() {
    phone.failNext("input tap", AdbFault.fail("gone\u001b]0;pwned\u0007"));
    AndroidDevice device = device(AndroidOptions.DEFAULTS);

    assertThatThrownBy(() -> device.tap(1, 2))
        .isInstanceOf(DeviceException.class)
        .hasMessageContaining("gone\\x1b]0;pwned\\x07");
  }
}
