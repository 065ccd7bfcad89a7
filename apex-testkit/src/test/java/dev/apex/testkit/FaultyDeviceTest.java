package dev.apex.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.DeviceException;
import dev.apex.core.RawCapture;
import dev.apex.core.ScreenSize;
import dev.apex.core.TreeFormat;
import dev.apex.device.Device;
import dev.apex.device.Key;
import dev.apex.testkit.FaultyDevice.Call;
import dev.apex.testkit.FaultyDevice.Op;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class FaultyDeviceTest {

  private final CountingDevice healthy = new CountingDevice();
  private final FaultyDevice device = FaultyDevice.wrap(healthy);

  @Test
  void passesCallsThroughAndRecordsEachOne() {
    device.tap(10, 20);
    device.typeText("hi");
    device.pressKey(Key.BACK);

    assertThat(healthy.log).containsExactly("tap 10,20", "type hi", "key BACK");
    assertThat(device.calls())
        .extracting(Call::number, Call::op, Call::args, Call::failed)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(1, Op.TAP, List.of(10, 20), false),
            org.assertj.core.groups.Tuple.tuple(2, Op.TYPE_TEXT, List.of("hi"), false),
            org.assertj.core.groups.Tuple.tuple(3, Op.PRESS_KEY, List.of(Key.BACK), false));
  }

  @Test
  void failsOnlyTheNthCallWithARetriableDeviceException() {
    device.failOnCall(2);

    device.tap(1, 1);
    assertThatThrownBy(() -> device.tap(2, 2))
        .isInstanceOf(DeviceException.class)
        .hasMessageContaining("call 2")
        .satisfies(e -> assertThat(((DeviceException) e).retriable()).isTrue());
    device.tap(3, 3);

    assertThat(healthy.log).containsExactly("tap 1,1", "tap 3,3");
    assertThat(device.calls()).extracting(Call::failed).containsExactly(false, true, false);
  }

  @Test
  void staysDisconnectedFromACallOnUntilReconnected() {
    device.disconnectFromCall(2);

    device.launchApp("a");
    assertThatThrownBy(() -> device.launchApp("b")).isInstanceOf(DeviceException.class);
    assertThatThrownBy(device::capture).hasMessageContaining("disconnected");
    device.reconnect();
    device.launchApp("c");

    assertThat(healthy.log).containsExactly("launch a", "launch c");
  }

  @Test
  void failsTheNextNCallsOfAnOpThenRecovers() {
    device.failNext(2, Op.CAPTURE);

    device.tap(0, 0);
    assertThatThrownBy(device::capture).isInstanceOf(DeviceException.class);
    assertThatThrownBy(device::capture).isInstanceOf(DeviceException.class);
    RawCapture recovered = device.capture();

    assertThat(text(recovered)).isEqualTo("screen 1");
    assertThat(device.calls(Op.CAPTURE))
        .extracting(Call::failed)
        .containsExactly(true, true, false);
  }

  @Test
  void servesAStaleCaptureWhileTheDeviceMovesOn() {
    assertThat(text(device.capture())).isEqualTo("screen 1");
    device.staleCaptures(2);

    device.tap(5, 5);

    assertThat(text(device.capture())).isEqualTo("screen 1");
    assertThat(text(device.capture())).isEqualTo("screen 1");
    assertThat(text(device.capture())).isEqualTo("screen 2");
  }

  @Test
  void answersSlowlyThroughTheInjectedSleeper() {
    RecordingSleeper sleeper = new RecordingSleeper();
    device.delayEachCall(Duration.ofSeconds(2), sleeper);

    device.tap(1, 1);
    device.currentApp();

    assertThat(sleeper.sleeps()).containsExactly(Duration.ofSeconds(2), Duration.ofSeconds(2));
  }

  @Test
  void closeIsRecordedAndNeverFails() {
    device.disconnect();

    device.close();

    assertThat(healthy.closed).isTrue();
    assertThat(device.calls())
        .extracting(Call::op, Call::failed)
        .containsExactly(org.assertj.core.groups.Tuple.tuple(Op.CLOSE, false));
  }

  private static String text(RawCapture capture) {
    return new String(capture.tree(), StandardCharsets.UTF_8);
  }

  /** The smallest healthy device: it logs actions and numbers its captures. */
  private static final class CountingDevice implements Device {
    final List<String> log = new ArrayList<>();
    int captures;
    boolean closed;

    @Override
    public String id() {
      return "counting";
    }

    @Override
    public RawCapture capture() {
      byte[] tree = ("screen " + ++captures).getBytes(StandardCharsets.UTF_8);
      return new RawCapture(id(), TreeFormat.UIAUTOMATOR_XML, tree, null, ScreenSize.pixels(1, 1));
    }

    @Override
    public void tap(int x, int y) {
      log.add("tap " + x + "," + y);
    }

    @Override
    public void swipe(int fromX, int fromY, int toX, int toY, Duration duration) {
      log.add("swipe");
    }

    @Override
    public void typeText(String text) {
      log.add("type " + text);
    }

    @Override
    public void pressKey(Key key) {
      log.add("key " + key);
    }

    @Override
    public void launchApp(String appId) {
      log.add("launch " + appId);
    }

    @Override
    public void terminateApp(String appId) {
      log.add("terminate " + appId);
    }

    @Override
    public Optional<String> currentApp() {
      return Optional.empty();
    }

    @Override
    public ScreenSize screenSize() {
      return ScreenSize.pixels(1, 1);
    }

    @Override
    public void close() {
      closed = true;
    }
  }
}
