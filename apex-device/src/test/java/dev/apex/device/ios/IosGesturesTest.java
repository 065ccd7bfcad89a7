package dev.apex.device.ios;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.DeviceException;
import dev.apex.core.InvalidInputException;
import dev.apex.device.Gestures;
import dev.apex.testkit.wda.FakeWda;
import dev.apex.testkit.wda.WdaRequest;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Long press and drag through WebDriverAgent: the routes, the bodies in points and seconds. */
class IosGesturesTest {

  private FakeWda wda;
  private IosDevice device;

  @BeforeEach
  void start() {
    wda = FakeWda.start().screen(375, 667, 2);
    device = IosDevice.connect(wda.url(), IosOptions.DEFAULTS);
  }

  @AfterEach
  void stop() {
    device.close();
    wda.close();
  }

  @Test
  void theDeviceAnswersForBothRoles() {
    assertThat(device.role(Gestures.LongPress.class)).containsSame(device);
    assertThat(device.role(Gestures.Drag.class)).containsSame(device);
    assertThat(device.role(Gestures.Hover.class)).isEmpty();
  }

  @Test
  void aLongPressIsTouchAndHoldInPointsForSeconds() {
    device.longPress(301, 600, Duration.ofMillis(1250));

    assertThat(wda.requests().stream().filter(r -> r.is("POST", "/wda/touchAndHold")))
        .map(WdaRequest::path)
        .singleElement()
        .satisfies(path -> assertThat(path).matches("/session/[^/]+/wda/touchAndHold"));
    JsonNode body = wda.bodies("POST", "/wda/touchAndHold").get(0);
    assertThat(body.path("x").asDouble()).isEqualTo(150.5);
    assertThat(body.path("y").asDouble()).isEqualTo(300.0);
    assertThat(body.path("duration").asDouble()).isEqualTo(1.25);
    assertThat(body.size()).isEqualTo(3);
  }

  @Test
  void aDragIsDragFromToForDurationInPointsForSeconds() {
    device.drag(100, 1200, 601, 200, Duration.ofMillis(800));

    assertThat(wda.requests().stream().filter(r -> r.is("POST", "/wda/dragfromtoforduration")))
        .map(WdaRequest::path)
        .singleElement()
        .satisfies(path -> assertThat(path).matches("/session/[^/]+/wda/dragfromtoforduration"));
    JsonNode body = wda.bodies("POST", "/wda/dragfromtoforduration").get(0);
    assertThat(body.path("fromX").asDouble()).isEqualTo(50.0);
    assertThat(body.path("fromY").asDouble()).isEqualTo(600.0);
    assertThat(body.path("toX").asDouble()).isEqualTo(300.5);
    assertThat(body.path("toY").asDouble()).isEqualTo(100.0);
    assertThat(body.path("duration").asDouble()).isEqualTo(0.8);
  }

  @Test
  void aBadDurationOrPointIsRefusedInOneLineAndNothingIsSent() {
    int before = wda.requests().size();

    assertThatThrownBy(() -> device.longPress(10, 10, Duration.ofMillis(-5)))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("long press must last more than 0 ms, got -5 ms");
    assertThatThrownBy(() -> device.drag(10, 10, 20, 20, Duration.ofMinutes(1)))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("drag may last at most 30000 ms, got 60000 ms");
    assertThatThrownBy(() -> device.drag(10, 10, 20, -3, Duration.ofMillis(500)))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("toY");
    assertThat(wda.requests()).hasSize(before);
  }

  @Test
  void aWdaErrorIsADeviceErrorWithWdasMessage() {
    wda.failNext("/wda/touchAndHold", 500, "unknown error", "Failed to synthesize event");
    wda.failNext("/wda/dragfromtoforduration", 500, "unknown error", "Failed to synthesize drag");

    assertThatThrownBy(() -> device.longPress(10, 10, Duration.ofMillis(500)))
        .isInstanceOf(DeviceException.class)
        .hasMessageContaining("/wda/touchAndHold")
        .hasMessageContaining("Failed to synthesize event");
    assertThatThrownBy(() -> device.drag(10, 10, 20, 20, Duration.ofMillis(500)))
        .isInstanceOf(DeviceException.class)
        .hasMessageContaining("/wda/dragfromtoforduration")
        .hasMessageContaining("Failed to synthesize drag");
  }
}
