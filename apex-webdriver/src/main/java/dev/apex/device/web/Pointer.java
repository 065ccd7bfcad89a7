package dev.apex.device.web;

import java.time.Duration;
import java.util.List;
import org.openqa.selenium.interactions.Interactive;
import org.openqa.selenium.interactions.Pause;
import org.openqa.selenium.interactions.PointerInput;
import org.openqa.selenium.interactions.PointerInput.Kind;
import org.openqa.selenium.interactions.PointerInput.MouseButton;
import org.openqa.selenium.interactions.PointerInput.Origin;
import org.openqa.selenium.interactions.Sequence;
import org.openqa.selenium.interactions.WheelInput;
import org.openqa.selenium.interactions.WheelInput.ScrollOrigin;

/**
 * W3C actions at viewport coordinates, in the endpoint's own unit (CSS pixels on the web, points on
 * iOS, pixels on Android): callers divide screenshot pixels by the scale first.
 */
final class Pointer {

  /** How long a finger rests on the glass for a tap; a mouse click needs no pause. */
  private static final Duration TOUCH_PRESS = Duration.ofMillis(60);

  private Pointer() {}

  static void tap(Interactive driver, Kind kind, int x, int y) {
    PointerInput pointer = new PointerInput(kind, kind == Kind.MOUSE ? "mouse" : "finger");
    Sequence tap =
        new Sequence(pointer, 0)
            .addAction(pointer.createPointerMove(Duration.ZERO, Origin.viewport(), x, y))
            .addAction(pointer.createPointerDown(MouseButton.LEFT.asArg()));
    if (kind == Kind.TOUCH) {
      tap.addAction(new Pause(pointer, TOUCH_PRESS));
    }
    tap.addAction(pointer.createPointerUp(MouseButton.LEFT.asArg()));
    driver.perform(List.of(tap));
  }

  /** A finger drag from one point to another over {@code duration}. */
  static void drag(Interactive driver, int fromX, int fromY, int toX, int toY, Duration duration) {
    PointerInput finger = new PointerInput(Kind.TOUCH, "finger");
    Sequence drag =
        new Sequence(finger, 0)
            .addAction(finger.createPointerMove(Duration.ZERO, Origin.viewport(), fromX, fromY))
            .addAction(finger.createPointerDown(MouseButton.LEFT.asArg()))
            .addAction(finger.createPointerMove(duration, Origin.viewport(), toX, toY))
            .addAction(finger.createPointerUp(MouseButton.LEFT.asArg()));
    driver.perform(List.of(drag));
  }

  /**
   * A mouse wheel turned at a point: the content under it scrolls by {@code (deltaX, deltaY)}
   * (positive = towards the end of the page), the innermost scrollable element first.
   */
  static void wheel(Interactive driver, int x, int y, int deltaX, int deltaY, Duration duration) {
    WheelInput wheel = new WheelInput("wheel");
    Sequence scroll =
        new Sequence(wheel, 0)
            .addAction(
                wheel.createScroll(x, y, deltaX, deltaY, duration, ScrollOrigin.fromViewport()));
    driver.perform(List.of(scroll));
  }
}
