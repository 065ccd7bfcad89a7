package dev.apex.device;

import java.time.Duration;
import java.util.Optional;
import java.util.Set;

/**
 * The gestures beyond a tap and a swipe, as roles a driver implements when its platform can make
 * them: the {@link Device} port keeps its size, and a tool asks {@link Device#role} for the role it
 * needs. Coordinates are the device's screenshot pixels, as everywhere on the port. Failures as on
 * {@link Device}: {@link dev.apex.core.DeviceException} when the device does not answer, {@link
 * dev.apex.core.InvalidInputException} for input it cannot take.
 */
public final class Gestures {

  private Gestures() {}

  /** The longest a long press or a drag may last. */
  public static final Duration MAX_DURATION = Duration.ofSeconds(30);

  /** Presses and holds one point: a context menu, a selection, an icon's quick actions. */
  public interface LongPress {
    /**
     * @param duration how long to hold, more than zero and at most {@link #MAX_DURATION}
     */
    void longPress(int x, int y, Duration duration);
  }

  /** Presses one point, moves to another while holding, and lets go there: drag and drop. */
  public interface Drag {
    /**
     * @param duration how long the move takes (the press before it included where the platform
     *     needs one to pick the item up), more than zero and at most {@link #MAX_DURATION}
     */
    void drag(int fromX, int fromY, int toX, int toY, Duration duration);
  }

  /** Moves the pointer onto a point without pressing: a hover menu, a tooltip (web). */
  public interface Hover {
    void hover(int x, int y);
  }

  /** A tap (a click) with modifier keys held: a ctrl- or shift-click in a multi-select (web). */
  public interface ModifierTap {
    /**
     * @param modifiers the keys held during the click; empty is a plain tap
     */
    void tap(int x, int y, Set<Modifier> modifiers);
  }

  /**
   * Picks an option of the drop-down list (an HTML {@code <select>}) at a point, the way a user
   * choosing it would: the page sees its {@code input} and {@code change} events (web).
   */
  public interface SelectOption {
    /**
     * @param option the option's visible text (whitespace collapsed; exact, else ignoring case) or
     *     its value
     * @return the visible text of the option now selected
     * @throws dev.apex.core.InvalidInputException when no list is at the point, or it has no such
     *     option (the message lists some that it has), or the list or the option is disabled
     */
    String selectOption(int x, int y, String option);
  }

  /**
   * Moves through the browser's history or opens an address in the current tab (web). What may be
   * opened is the caller's policy; the device opens what it is given.
   */
  public interface Navigate {
    /** Opens {@code url} in the current tab and waits for it to load. */
    void navigate(String url);

    /** Goes back one page in the tab's history; nothing when there is none. */
    void back();

    /** Goes forward one page in the tab's history; nothing when there is none. */
    void forward();

    /** Loads the current page again. */
    void reload();
  }

  /**
   * Presses a key of a full keyboard into the focused element, with modifier keys held: tab, the
   * arrows, page up and down, backspace, a ctrl-a (web).
   */
  public interface Keyboard {
    void press(KeyStroke stroke);
  }

  /**
   * Scrolls an element its scrolling ancestors clip (an option scrolled out of a list box, a row of
   * an {@code overflow: auto} box) into view, so a gesture at its point lands on it (web).
   */
  public interface Reveal {
    /**
     * @param bounds where the last capture placed the element, in pixels (outside its box's visible
     *     part)
     * @return whether an element clipped there was found and scrolled; false leaves the page as it
     *     was
     */
    boolean reveal(dev.apex.core.Bounds bounds);
  }

  /** A modifier key held during a click. */
  public enum Modifier {
    CTRL,
    SHIFT,
    META,
    ALT
  }

  /**
   * {@code device} as {@code role}, or empty when it cannot make that gesture; what tools call
   * (through {@link Device#role}).
   */
  public static <T> Optional<T> of(Device device, Class<T> role) {
    return device.role(role);
  }

  /** {@code duration} when a gesture may last it, else the one-line reason. */
  public static Duration requireDuration(String what, Duration duration) {
    if (duration == null || duration.isNegative() || duration.isZero()) {
      throw new dev.apex.core.InvalidInputException(
          what
              + " must last more than 0 ms, got "
              + (duration == null ? "none" : duration.toMillis() + " ms"));
    }
    if (duration.compareTo(MAX_DURATION) > 0) {
      throw new dev.apex.core.InvalidInputException(
          what
              + " may last at most "
              + MAX_DURATION.toMillis()
              + " ms, got "
              + duration.toMillis()
              + " ms");
    }
    return duration;
  }
}
