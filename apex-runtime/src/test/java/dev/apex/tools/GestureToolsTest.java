package dev.apex.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.InvalidInputException;
import dev.apex.device.ForwardingDevice;
import dev.apex.device.Gestures;
import dev.apex.testkit.FakeDevice;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** long_press, drag, hover and a tap's modifiers: resolved as a tap resolves, sent to the role. */
class GestureToolsTest {

  /** A device with every gesture role, recording what it was asked. */
  static final class Gesturing extends ForwardingDevice
      implements Gestures.LongPress, Gestures.Drag, Gestures.Hover, Gestures.ModifierTap {
    final List<String> calls = new CopyOnWriteArrayList<>();

    Gesturing() {
      super(new FakeDevice());
    }

    @Override
    public <T> java.util.Optional<T> role(Class<T> role) {
      return role.isInstance(this) ? java.util.Optional.of(role.cast(this)) : super.role(role);
    }

    @Override
    public void longPress(int x, int y, Duration d) {
      calls.add("longPress " + x + "," + y + " " + d.toMillis());
    }

    @Override
    public void drag(int fx, int fy, int tx, int ty, Duration d) {
      calls.add("drag " + fx + "," + fy + " -> " + tx + "," + ty + " " + d.toMillis());
    }

    @Override
    public void hover(int x, int y) {
      calls.add("hover " + x + "," + y);
    }

    @Override
    public void tap(int x, int y, Set<Gestures.Modifier> modifiers) {
      calls.add("tap " + x + "," + y + " " + modifiers);
    }
  }

  private final Gesturing gesturing = new Gesturing();

  private Object run(dev.apex.device.Device device, Tool<?> tool, Map<String, Object> args) {
    return TestScenes.runOnSettings(device, tool, args);
  }

  @Test
  void eachGestureLandsWhereATapWouldOnTheElementOrThePoint() {
    Object pressed = run(gesturing, new LongPressTool(), Map.of("element", "settings/bt"));
    run(gesturing, new LongPressTool(), Map.of("x", 10, "y", 20, "duration_ms", 1500));
    run(gesturing, new HoverTool(), Map.of("element", "settings/bt"));
    Object dragged =
        run(
            gesturing,
            new DragTool(),
            Map.of("from_element", "settings/bt", "to_x", 540, "to_y", 1800));

    assertThat(gesturing.calls)
        .containsExactly(
            "longPress 540,470 800",
            "longPress 10,20 1500",
            "hover 540,470",
            "drag 540,470 -> 540,1800 600");
    assertThat(pressed)
        .isEqualTo(Map.of("x", 540, "y", 470, "element", "settings/bt", "duration_ms", 800L));
    assertThat(dragged).asString().contains("to_y=1800").contains("element=settings/bt");
  }

  @Test
  void aTapWithModifiersHoldsThemAndAPlainTapStaysPlain() {
    run(gesturing, new TapTool(), Map.of("x", 5, "y", 6, "modifiers", List.of("ctrl", "SHIFT")));
    assertThat(gesturing.calls).containsExactly("tap 5,6 [CTRL, SHIFT]");
  }

  @Test
  void aDeviceWithoutTheRoleRefusesInOneLineNamingItsKind() {
    FakeDevice plain = new FakeDevice();
    String kind =
        plain.id().contains(":") ? plain.id().substring(0, plain.id().indexOf(':')) : plain.id();
    assertThatThrownBy(() -> run(plain, new LongPressTool(), Map.of("x", 1, "y", 2)))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("long_press: the " + kind + " device cannot long-press");
    assertThatThrownBy(() -> run(plain, new HoverTool(), Map.of("text", "Bluetooth")))
        .hasMessageStartingWith("hover: the " + kind + " device cannot hover");
    assertThatThrownBy(
            () -> run(plain, new TapTool(), Map.of("x", 1, "y", 2, "modifiers", List.of("ctrl"))))
        .hasMessageStartingWith("tap: the " + kind + " device cannot click with modifier keys");
    assertThat(plain.events()).isEmpty();
  }

  @Test
  void badArgumentsAreRefusedWhenTheStepIsRead() {
    assertThatThrownBy(() -> new DragTool().parse(Map.of("from_x", 1, "from_y", 2)))
        .hasMessage(
            "drag: give 'to_element' or 'to_text' (an element), or 'to_x' and 'to_y' (a point),"
                + " not both");
    assertThatThrownBy(() -> new LongPressTool().parse(Map.of("text", "Wi-Fi", "duration_ms", 0)))
        .hasMessage("long_press: 'duration_ms' must last more than 0 ms, got 0 ms");
    assertThatThrownBy(
            () -> new LongPressTool().parse(Map.of("text", "Wi-Fi", "duration_ms", 60_000)))
        .hasMessage("long_press: 'duration_ms' may last at most 30000 ms, got 60000 ms");
    assertThatThrownBy(() -> new HoverTool().parse(Map.of("x", 3)))
        .hasMessage("hover: a point needs both 'x' and 'y'");
    assertThatThrownBy(
            () -> new TapTool().parse(Map.of("text", "Wi-Fi", "modifiers", List.of("hyper"))))
        .hasMessage(
            "tap: argument 'modifiers' takes items from ctrl, shift, meta, alt, got 'hyper'");
  }
}
