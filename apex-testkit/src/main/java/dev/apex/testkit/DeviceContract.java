package dev.apex.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.apex.core.InvalidInputException;
import dev.apex.core.RawCapture;
import dev.apex.core.ScreenSize;
import dev.apex.device.Device;
import dev.apex.device.Gestures;
import dev.apex.device.Key;
import java.time.Duration;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The {@link Device} contract, written once and run against every driver: a driver's test extends
 * it, supplies a fresh device per test and a {@link DeviceContractFixture} describing it, and
 * inherits every test. Optional abilities the fixture switches off are skipped, not failed. The
 * gesture roles ({@link Gestures}) the fixture declares with {@code supports(…)} must be offered by
 * {@link Device#role} and work; those it does not declare must not be offered.
 *
 * <pre>{@code
 * class SimDeviceContractTest extends DeviceContract {
 *   protected Device createDevice() { return SimDevice.create(new FakeClock()); }
 *   protected DeviceContractFixture fixture() {
 *     return DeviceContractFixture.builder(TreeFormat.UIAUTOMATOR_XML)
 *         .knownApp("com.android.settings").build();
 *   }
 * }
 * }</pre>
 *
 * <p>Parsing the tree needs perception, which the test kit must not depend on, so the suite checks
 * only that the tree is non-empty and hands it to {@link #assertTreeReadable(RawCapture)}, which a
 * subclass overrides to parse it with the real parser.
 */
public abstract class DeviceContract {

  private static final byte[] PNG_MAGIC = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};

  private Device device;

  /** A fresh, healthy device; the suite closes it after each test. */
  protected abstract Device createDevice();

  protected abstract DeviceContractFixture fixture();

  /** Parses the capture's tree with the format's real parser and fails if it cannot. */
  protected void assertTreeReadable(RawCapture capture) {}

  protected final Device device() {
    return device;
  }

  @BeforeEach
  protected final void openDevice() {
    device = createDevice();
  }

  @AfterEach
  protected final void closeDevice() {
    if (device != null) {
      device.close();
    }
  }

  @Test
  public void hasAnId() {
    assertThat(device.id()).isNotBlank();
  }

  @Test
  public void captureGivesANonEmptyTreeInTheStatedFormat() {
    RawCapture capture = device.capture();

    assertThat(capture.format()).isEqualTo(fixture().treeFormat());
    assertThat(capture.deviceId()).isEqualTo(device.id());
    assertThat(capture.tree()).isNotEmpty();
    assertTreeReadable(capture);
  }

  @Test
  public void captureGivesAPngOfTheStatedSize() {
    assumeTrue(fixture().screenshots(), "the device gives no screenshots");
    RawCapture capture = device.capture();

    assertThat(capture.hasScreenshot()).as("capture has a screenshot").isTrue();
    byte[] png = capture.screenshot();
    assertThat(Arrays.copyOf(png, PNG_MAGIC.length)).as("PNG signature").isEqualTo(PNG_MAGIC);
    assertThat(pngSize(png))
        .as("PNG width and height from IHDR")
        .containsExactly(capture.screen().width(), capture.screen().height());
  }

  @Test
  public void screenSizeIsPositiveAndAgreesWithTheCapture() {
    ScreenSize size = device.screenSize();

    assertThat(size.width()).isPositive();
    assertThat(size.height()).isPositive();
    ScreenSize captured = device.capture().screen();
    assertThat(new int[] {captured.width(), captured.height()})
        .containsExactly(size.width(), size.height());
  }

  @Test
  public void tapOnASafePointDoesNotThrow() {
    DeviceContractFixture.Point p = safeTap();

    assertThatCode(() -> device.tap(p.x(), p.y())).doesNotThrowAnyException();
    assertThat(device.capture().tree()).isNotEmpty();
  }

  @Test
  public void swipeDoesNotThrow() {
    ScreenSize size = device.screenSize();
    int x = size.width() / 2;

    assertThatCode(
            () ->
                device.swipe(
                    x, size.height() * 3 / 4, x, size.height() / 4, Duration.ofMillis(300)))
        .doesNotThrowAnyException();
    assertThat(device.capture().tree()).isNotEmpty();
  }

  @Test
  public void typeTextDoesNotThrow() {
    assumeTrue(fixture().textEntry(), "the device does not type text");

    assertThatCode(() -> device.typeText("hello apex")).doesNotThrowAnyException();
  }

  @ParameterizedTest
  @EnumSource(Key.class)
  public void everyKeyCanBePressed(Key key) {
    assertThatCode(() -> device.pressKey(key)).doesNotThrowAnyException();
    assertThat(device.capture().tree()).isNotEmpty();
  }

  @Test
  public void currentAppIsReportedWhenTheDeviceCanTell() {
    Optional<String> current = device.currentApp();

    if (fixture().reportsCurrentApp()) {
      assertThat(current).hasValueSatisfying(app -> assertThat(app).isNotBlank());
    }
  }

  @Test
  public void launchingAKnownAppBringsItToTheForeground() {
    assumeTrue(fixture().launchesApps(), "the device does not launch apps");

    device.launchApp(fixture().knownAppId());

    if (fixture().reportsCurrentApp()) {
      assertThat(device.currentApp()).contains(fixture().knownAppId());
    }
  }

  @Test
  public void launchingAnUnknownAppFailsNamingIt() {
    assumeTrue(fixture().launchesApps(), "the device does not launch apps");
    String unknown = fixture().unknownAppId();

    assertThatThrownBy(() -> device.launchApp(unknown))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining(unknown);
  }

  @Test
  public void terminatingALaunchedAppTakesItOutOfTheForeground() {
    assumeTrue(fixture().launchesApps(), "the device does not launch or terminate apps");
    String app = fixture().knownAppId();
    device.launchApp(app);

    device.terminateApp(app);

    if (fixture().reportsCurrentApp()) {
      assertThat(device.currentApp()).isNotEqualTo(Optional.of(app));
    }
  }

  @Test
  public void exactlyTheDeclaredGestureRolesAreOffered() {
    for (Class<?> role : DeviceContractFixture.ALL_ROLES) {
      Optional<?> offered = device.role(role);
      if (fixture().supports(role)) {
        assertThat(offered).as(role.getSimpleName() + " declared").isPresent();
        assertThat(offered.get()).isInstanceOf(role);
      } else {
        assertThat(offered).as(role.getSimpleName() + " not declared").isEmpty();
      }
    }
  }

  @Test
  public void longPressOnASafePointDoesNotThrow() {
    assumeTrue(fixture().supports(Gestures.LongPress.class), "the device makes no long press");
    DeviceContractFixture.Point p = safeTap();
    Gestures.LongPress gesture = device.role(Gestures.LongPress.class).orElseThrow();

    assertThatCode(() -> gesture.longPress(p.x(), p.y(), Duration.ofMillis(600)))
        .doesNotThrowAnyException();
    assertThat(device.capture().tree()).isNotEmpty();
  }

  @Test
  public void dragDoesNotThrow() {
    assumeTrue(fixture().supports(Gestures.Drag.class), "the device makes no drag");
    ScreenSize size = device.screenSize();
    int x = size.width() / 2;
    Gestures.Drag gesture = device.role(Gestures.Drag.class).orElseThrow();

    assertThatCode(
            () ->
                gesture.drag(
                    x, size.height() / 2, x, size.height() * 2 / 3, Duration.ofMillis(500)))
        .doesNotThrowAnyException();
    assertThat(device.capture().tree()).isNotEmpty();
  }

  @Test
  public void aGestureThatLastsNoTimeIsRefusedAsBadInput() {
    DeviceContractFixture.Point p = safeTap();
    device
        .role(Gestures.LongPress.class)
        .ifPresent(
            g ->
                assertThatThrownBy(() -> g.longPress(p.x(), p.y(), Duration.ZERO))
                    .isInstanceOf(InvalidInputException.class));
    device
        .role(Gestures.Drag.class)
        .ifPresent(
            g ->
                assertThatThrownBy(() -> g.drag(p.x(), p.y(), p.x(), p.y(), Duration.ZERO))
                    .isInstanceOf(InvalidInputException.class));
  }

  @Test
  public void hoverAndModifierTapOnASafePointDoNotThrow() {
    DeviceContractFixture.Point p = safeTap();
    if (fixture().supports(Gestures.Hover.class)) {
      Gestures.Hover hover = device.role(Gestures.Hover.class).orElseThrow();
      assertThatCode(() -> hover.hover(p.x(), p.y())).doesNotThrowAnyException();
    }
    if (fixture().supports(Gestures.ModifierTap.class)) {
      Gestures.ModifierTap tap = device.role(Gestures.ModifierTap.class).orElseThrow();
      assertThatCode(() -> tap.tap(p.x(), p.y(), EnumSet.noneOf(Gestures.Modifier.class)))
          .doesNotThrowAnyException();
    }
  }

  @Test
  public void closeIsIdempotent() {
    device.close();

    assertThatCode(device::close).doesNotThrowAnyException();
  }

  private DeviceContractFixture.Point safeTap() {
    DeviceContractFixture.Point p = fixture().safeTap();
    if (p != null) {
      return p;
    }
    ScreenSize size = device.screenSize();
    return new DeviceContractFixture.Point(size.width() / 2, size.height() / 2);
  }

  /** Width and height from the IHDR chunk, which PNG requires first (bytes 16–23, big-endian). */
  private static int[] pngSize(byte[] png) {
    assertThat(png.length).as("PNG long enough for IHDR").isGreaterThanOrEqualTo(24);
    assertThat(new String(png, 12, 4, java.nio.charset.StandardCharsets.US_ASCII))
        .as("first chunk")
        .isEqualTo("IHDR");
    return new int[] {readInt(png, 16), readInt(png, 20)};
  }

  private static int readInt(byte[] b, int at) {
    return (b[at] & 0xFF) << 24
        | (b[at + 1] & 0xFF) << 16
        | (b[at + 2] & 0xFF) << 8
        | (b[at + 3] & 0xFF);
  }
}
