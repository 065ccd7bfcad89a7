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
 * {@code right} likewise across the width. {@code duration_ms} defaults to 300.
 */
public final class SwipeTool implements Tool {

  static final int DEFAULT_DURATION_MS = 300;

  private static final List<String> COORDS = List.of("from_x", "from_y", "to_x", "to_y");

  @Override
  public String name() {
    return "swipe";
  }

  @Override
  public String description() {
    return "Swipe between two points (pixels) or in a direction the finger moves (up, down, ...).";
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
  public void validate(Map<String, Object> args) {
    Tool.super.validate(args);
    long coords = COORDS.stream().filter(c -> args.get(c) != null).count();
    boolean direction = args.get("direction") != null;
    if (direction ? coords != 0 : coords != COORDS.size()) {
      throw new InvalidInputException(
          "swipe: give either 'direction' or all of from_x, from_y, to_x, to_y");
    }
    Integer duration = Args.integer(name(), args, "duration_ms");
    if (duration != null && (duration < 0 || duration > 60_000)) {
      throw new InvalidInputException("swipe: 'duration_ms' must be 0..60000, got " + duration);
    }
  }

  @Override
  public Map<String, Object> execute(Map<String, Object> args, ToolContext ctx) {
    int[] c;
    String direction = Args.string(args, "direction");
    if (direction != null) {
      c = byDirection(direction.strip().toLowerCase(Locale.ROOT), ctx.device().screenSize());
    } else {
      c = COORDS.stream().mapToInt(name -> Args.integer(name(), args, name)).toArray();
    }
    Integer durationArg = Args.integer(name(), args, "duration_ms");
    int durationMs = durationArg == null ? DEFAULT_DURATION_MS : durationArg;
    ctx.device().swipe(c[0], c[1], c[2], c[3], Duration.ofMillis(durationMs));
    Map<String, Object> out = new LinkedHashMap<>();
    for (int i = 0; i < COORDS.size(); i++) {
      out.put(COORDS.get(i), c[i]);
    }
    out.put("duration_ms", durationMs);
    return out;
  }

  private static int[] byDirection(String direction, ScreenSize screen) {
    int w = screen.width();
    int h = screen.height();
    int cx = w / 2;
    int cy = h / 2;
    return switch (direction) {
      case "up" -> new int[] {cx, h * 3 / 4, cx, h / 4};
      case "down" -> new int[] {cx, h / 4, cx, h * 3 / 4};
      case "left" -> new int[] {w * 3 / 4, cy, w / 4, cy};
      case "right" -> new int[] {w / 4, cy, w * 3 / 4, cy};
      default ->
          throw new InvalidInputException(
              "swipe: unknown direction '" + direction + "'; use up, down, left or right");
    };
  }
}
