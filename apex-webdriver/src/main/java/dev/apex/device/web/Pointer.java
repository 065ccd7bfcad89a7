package dev.apex.device.web;

import dev.apex.device.Gestures.Modifier;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.openqa.selenium.Keys;
import org.openqa.selenium.interactions.Interactive;
import org.openqa.selenium.interactions.KeyInput;
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

  /**
   * How long a drag holds still after the press before it moves: long enough for a page or a
   * platform to take the press as a pick-up rather than a click, short next to the move.
   */
  static final Duration PICK_UP = Duration.ofMillis(100);

  private Pointer() {}

  /** A mouse moved onto a point without pressing: {@code mouseover}, {@code :hover}. */
  static void hover(Interactive driver, int x, int y) {
    PointerInput mouse = new PointerInput(Kind.MOUSE, "mouse");
    Sequence move =
        new Sequence(mouse, 0)
            .addAction(mouse.createPointerMove(Duration.ZERO, Origin.viewport(), x, y));
    performAndRelease(driver, List.of(move));
  }

  /** A press held {@code hold} at one point, then let go. */
  static void longPress(Interactive driver, Kind kind, int x, int y, Duration hold) {
    PointerInput pointer = new PointerInput(kind, name(kind));
    Sequence press =
        new Sequence(pointer, 0)
            .addAction(pointer.createPointerMove(Duration.ZERO, Origin.viewport(), x, y))
            .addAction(pointer.createPointerDown(MouseButton.LEFT.asArg()))
            .addAction(new Pause(pointer, hold))
            .addAction(pointer.createPointerUp(MouseButton.LEFT.asArg()));
    performAndRelease(driver, List.of(press));
  }

  /** The most intermediate points a drag passes through (one every {@link #STEP} or so). */
  static final int MAX_STEPS = 60;

  /** About how long the pointer takes from one intermediate point of a drag to the next. */
  static final Duration STEP = Duration.ofMillis(16);

  /**
   * A press at one point, {@link #PICK_UP}, then moves through evenly spaced points on the straight
   * line to the other, one about every {@link #STEP} (at least 2, at most {@link #MAX_STEPS}), the
   * whole move lasting {@code duration}, and a release there. The endpoint is not trusted to
   * interpolate a single long move (chromedriver jumps to its end and waits there), so a page that
   * follows the pointer (a sortable list, a signature pad, a slider) sees the path.
   */
  static void dragAndDrop(
      Interactive driver, Kind kind, int fromX, int fromY, int toX, int toY, Duration duration) {
    PointerInput pointer = new PointerInput(kind, name(kind));
    Sequence drag =
        new Sequence(pointer, 0)
            .addAction(pointer.createPointerMove(Duration.ZERO, Origin.viewport(), fromX, fromY))
            .addAction(pointer.createPointerDown(MouseButton.LEFT.asArg()))
            .addAction(new Pause(pointer, PICK_UP));
    for (int[] p : path(fromX, fromY, toX, toY, duration)) {
      drag.addAction(
          pointer.createPointerMove(Duration.ofMillis(p[2]), Origin.viewport(), p[0], p[1]));
    }
    drag.addAction(pointer.createPointerUp(MouseButton.LEFT.asArg()));
    performAndRelease(driver, List.of(drag));
  }

  /**
   * The points a move from one point to another passes through, the last being the end: each {@code
   * {x, y, ms}}, the milliseconds that step lasts; the steps' times add up to {@code duration}.
   */
  static List<int[]> path(int fromX, int fromY, int toX, int toY, Duration duration) {
    long ms = Math.max(0, duration.toMillis());
    int steps = (int) Math.max(2, Math.min(MAX_STEPS, ms / STEP.toMillis()));
    List<int[]> out = new ArrayList<>(steps);
    long spent = 0;
    for (int i = 1; i <= steps; i++) {
      long until = ms * i / steps;
      out.add(
          new int[] {
            fromX + (int) Math.round((toX - fromX) * (double) i / steps),
            fromY + (int) Math.round((toY - fromY) * (double) i / steps),
            (int) (until - spent)
          });
      spent = until;
    }
    return out;
  }

  /**
   * One key pressed with {@code modifiers} held, through the keyboard of W3C actions (so it reaches
   * whatever has focus, the page itself when nothing does): the modifiers go down in order, the key
   * goes down and up, the modifiers go up in reverse order.
   */
  static void keyStroke(Interactive driver, CharSequence key, Set<Modifier> modifiers) {
    List<Keys> keys = modifiers.stream().sorted().map(Pointer::key).toList();
    KeyInput keyboard = new KeyInput("keyboard");
    Sequence strokes = new Sequence(keyboard, 0);
    for (Keys k : keys) {
      strokes.addAction(keyboard.createKeyDown(k.getCodePoint()));
    }
    int code = Character.codePointAt(key, 0);
    strokes.addAction(keyboard.createKeyDown(code)).addAction(keyboard.createKeyUp(code));
    for (int i = keys.size() - 1; i >= 0; i--) {
      strokes.addAction(keyboard.createKeyUp(keys.get(i).getCodePoint()));
    }
    performAndRelease(driver, List.of(strokes));
  }

  /**
   * A mouse click with {@code modifiers} held: a key source presses each key, the mouse clicks, the
   * keys go up in reverse order. W3C actions run tick by tick, one action of every source per tick,
   * so each source pauses while the other acts.
   */
  static void modifierClick(Interactive driver, int x, int y, Set<Modifier> modifiers) {
    List<Keys> keys = modifiers.stream().sorted().map(Pointer::key).toList();
    KeyInput keyboard = new KeyInput("keyboard");
    PointerInput mouse = new PointerInput(Kind.MOUSE, "mouse");
    Sequence keySequence = new Sequence(keyboard, 0);
    Sequence mouseSequence = new Sequence(mouse, 0);
    for (Keys key : keys) {
      keySequence.addAction(keyboard.createKeyDown(key.getCodePoint()));
      mouseSequence.addAction(new Pause(mouse, Duration.ZERO));
    }
    mouseSequence
        .addAction(mouse.createPointerMove(Duration.ZERO, Origin.viewport(), x, y))
        .addAction(mouse.createPointerDown(MouseButton.LEFT.asArg()))
        .addAction(mouse.createPointerUp(MouseButton.LEFT.asArg()));
    for (int i = 0; i < 3; i++) {
      keySequence.addAction(new Pause(keyboard, Duration.ZERO));
    }
    for (int i = keys.size() - 1; i >= 0; i--) {
      keySequence.addAction(keyboard.createKeyUp(keys.get(i).getCodePoint()));
      mouseSequence.addAction(new Pause(mouse, Duration.ZERO));
    }
    performAndRelease(driver, List.of(keySequence, mouseSequence));
  }

  /**
   * WebDriver's code for a modifier key (Control U+E009, Shift U+E008, Alt U+E00A, Meta U+E03D).
   */
  static Keys key(Modifier modifier) {
    return switch (modifier) {
      case CTRL -> Keys.CONTROL;
      case SHIFT -> Keys.SHIFT;
      case ALT -> Keys.ALT;
      case META -> Keys.META;
    };
  }

  /**
   * Performs the actions, then releases the input state ({@code DELETE /actions}) so no key or
   * button stays down for the next action, also when the actions failed half way.
   */
  private static void performAndRelease(Interactive driver, List<Sequence> sequences) {
    try {
      driver.perform(new ArrayList<>(sequences));
    } catch (RuntimeException e) {
      try {
        driver.resetInputState();
      } catch (RuntimeException release) {
        e.addSuppressed(release);
      }
      throw e;
    }
    driver.resetInputState();
  }

  private static String name(Kind kind) {
    return kind == Kind.MOUSE ? "mouse" : "finger";
  }

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
