package dev.apex.tools;

import dev.apex.core.InvalidInputException;
import dev.apex.core.ScreenSize;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * {@code swipe}: drags from ({@code from_x}, {@code from_y}) to ({@code to_x}, {@code to_y}) in
 * screen pixels, or in a {@code direction} the finger moves: {@code up} drags from 75% to 25% of
 * the height along the middle (revealing what is below), {@code down} the reverse, {@code left} and
 * {@code right} likewise across the width. {@code duration_ms} defaults to 300. Parsed into a
 * {@link Swipe}: {@link Towards} a direction or {@link Between} two points.
 */
public final class SwipeTool implements Tool<SwipeTool.Swipe> {

  static final int DEFAULT_DURATION_MS = 300;

  private static final List<String> COORDS = List.of("from_x", "from_y", "to_x", "to_y");

  /** The way the finger moves. */
  public enum Direction {
    UP,
    DOWN,
    LEFT,
    RIGHT
  }

  /** A parsed swipe; {@link #duration()} is how long the drag takes. */
  public sealed interface Swipe permits Towards, Between {
    Duration duration();
  }

  /** A swipe across the middle of the screen, its ends placed when the screen's size is known. */
  public record Towards(Direction direction, Duration duration) implements Swipe {}

  /** A swipe between two points, in screen pixels. */
  public record Between(int fromX, int fromY, int toX, int toY, Duration duration)
      implements Swipe {}

  @Override
  public String name() {
    return "swipe";
  }

  @Override
  public String description() {
    return "Swipe between two points (pixels) or in a direction the finger moves (up, down, ...).";
  }

  /**
   * On a web page (a device with {@link dev.apex.device.Gestures.Navigate}) a swipe turns the mouse
   * wheel over its start point, which scrolls the page or the box under it.
   */
  @Override
  public String descriptionOn(dev.apex.device.Device device) {
    return device.role(dev.apex.device.Gestures.Navigate.class).isPresent()
        ? "Scroll the page, or the box under from_x/from_y: direction up shows what is below (as a"
            + " finger would move); the screen listing says how much of the page lies beyond."
        : description();
  }

  @Override
  public List<ArgSpec> args() {
    return List.of(
        ArgSpec.optional("direction", ArgSpec.Type.STRING, "the way the finger moves")
            .oneOf("up", "down", "left", "right"),
        ArgSpec.optional("from_x", ArgSpec.Type.INTEGER, "start x in pixels"),
        ArgSpec.optional("from_y", ArgSpec.Type.INTEGER, "start y in pixels"),
        ArgSpec.optional("to_x", ArgSpec.Type.INTEGER, "end x in pixels"),
        ArgSpec.optional("to_y", ArgSpec.Type.INTEGER, "end y in pixels"),
        ArgSpec.optional(
            "duration_ms", ArgSpec.Type.INTEGER, "how long the drag takes, in milliseconds"));
  }

  @Override
  public Optional<String> shorthandArg() {
    return Optional.of("direction");
  }

  @Override
  public Swipe parse(Map<String, Object> args) {
    ArgSpec.validate(name(), args(), args);
    long coords = COORDS.stream().filter(c -> args.get(c) != null).count();
    String direction = Args.string(args, "direction");
    if (direction != null ? coords != 0 : coords != COORDS.size()) {
      throw new InvalidInputException(
          "swipe: give either 'direction' or all of from_x, from_y, to_x, to_y");
    }
    Integer durationArg = Args.integer(name(), args, "duration_ms");
    if (durationArg != null && (durationArg < 0 || durationArg > 60_000)) {
      throw new InvalidInputException("swipe: 'duration_ms' must be 0..60000, got " + durationArg);
    }
    Duration duration = Duration.ofMillis(durationArg == null ? DEFAULT_DURATION_MS : durationArg);
    if (direction != null) {
      // ArgSpec allowed only the four directions, in any case and with spaces around.
      return new Towards(Direction.valueOf(direction.strip().toUpperCase(Locale.ROOT)), duration);
    }
    int[] c = COORDS.stream().mapToInt(name -> Args.integer(name(), args, name)).toArray();
    return new Between(c[0], c[1], c[2], c[3], duration);
  }

  @Override
  public Map<String, Object> execute(Swipe swipe, ToolContext ctx) {
    int[] c =
        swipe instanceof Towards t
            ? byDirection(t.direction(), ctx.device().screenSize())
            : ends((Between) swipe);
    ctx.device().swipe(c[0], c[1], c[2], c[3], swipe.duration());
    Map<String, Object> out = new LinkedHashMap<>();
    for (int i = 0; i < COORDS.size(); i++) {
      out.put(COORDS.get(i), c[i]);
    }
    out.put("duration_ms", (int) swipe.duration().toMillis());
    return out;
  }

  private static int[] ends(Between b) {
    return new int[] {b.fromX(), b.fromY(), b.toX(), b.toY()};
  }

  private static int[] byDirection(Direction direction, ScreenSize screen) {
    int w = screen.width();
    int h = screen.height();
    int cx = w / 2;
    int cy = h / 2;
    return switch (direction) {
      case UP -> new int[] {cx, h * 3 / 4, cx, h / 4};
      case DOWN -> new int[] {cx, h / 4, cx, h * 3 / 4};
      case LEFT -> new int[] {w * 3 / 4, cy, w / 4, cy};
      case RIGHT -> new int[] {w / 4, cy, w * 3 / 4, cy};
    };
  }
}
