package dev.apex.tools;

import dev.apex.core.InvalidInputException;
import dev.apex.device.Device;
import dev.apex.device.Gestures;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code drag}: presses an element or point ({@code from_element}, {@code from_text} or {@code
 * from_x}/{@code from_y}), moves it while holding onto another ({@code to_…}) over {@code
 * duration_ms} (default {@value #DEFAULT_DURATION_MS}), and lets go: drag and drop, a slider. A
 * drop on an element may be placed relative to its centre ({@code to_offset_x}, {@code
 * to_offset_y}, in pixels), since a sortable list decides before or after by the half it is dropped
 * on. On a device without the {@link Gestures.Drag} role it fails with one line naming the device
 * kind. Unlike {@code swipe}, the press holds before it moves, so the platform picks the item up.
 */
public final class DragTool implements Tool<DragTool.Move> {

  static final int DEFAULT_DURATION_MS = 600;

  /**
   * What to drag, where to, and how long the move takes.
   *
   * @param offsetX pixels right of the drop target's centre to let go at (negative: left); 0 for a
   *     point target
   * @param offsetY pixels below the drop target's centre to let go at (negative: above)
   */
  public record Move(PointTarget from, PointTarget to, Duration duration, int offsetX, int offsetY)
      implements ElementTargeted {

    public Move(PointTarget from, PointTarget to, Duration duration) {
      this(from, to, duration, 0, 0);
    }

    /** The element picked up (the one a replay checks for), or none for a point. */
    @Override
    public ElementQuery query() {
      return from.query() == null ? new ElementQuery(null, null, Map.of()) : from.query();
    }
  }

  private static final List<ArgSpec> ARGS;

  static {
    List<ArgSpec> args = new ArrayList<>(PointTarget.args("from_", "what to drag"));
    args.addAll(PointTarget.args("to_", "where to drop it"));
    args.add(
        ArgSpec.optional(
            "to_offset_x", ArgSpec.Type.INTEGER, "drop this many px right of to_element's centre"));
    args.add(
        ArgSpec.optional(
            "to_offset_y",
            ArgSpec.Type.INTEGER,
            "drop this many px below to_element's centre (negative: above)"));
    args.add(
        ArgSpec.optional(
            "duration_ms",
            ArgSpec.Type.INTEGER,
            "how long the move takes, in ms (default " + DEFAULT_DURATION_MS + ")"));
    args.add(ElementWait.timeoutArg());
    ARGS = List.copyOf(args);
  }

  @Override
  public String name() {
    return "drag";
  }

  @Override
  public String description() {
    return "Drag an element or point (from_…) onto another (to_…), holding it while it moves:"
        + " drag and drop, a slider.";
  }

  @Override
  public List<ArgSpec> args() {
    return ARGS;
  }

  @Override
  public boolean supports(Device device) {
    return device.role(Gestures.Drag.class).isPresent();
  }

  @Override
  public Move parse(Map<String, Object> args) {
    ArgSpec.validate(name(), args(), args);
    Duration timeout = ElementWait.timeout(name(), args);
    PointTarget to = PointTarget.parse(name(), ends(args, "to_"), "to_", timeout);
    Integer dx = Args.integer(name(), args, "to_offset_x");
    Integer dy = Args.integer(name(), args, "to_offset_y");
    if ((dx != null || dy != null) && to.query() == null) {
      throw new InvalidInputException(
          "drag: 'to_offset_x'/'to_offset_y' place the drop relative to an element: give"
              + " 'to_element' or 'to_text', or put the offset into 'to_x'/'to_y'");
    }
    return new Move(
        PointTarget.parse(name(), ends(args, "from_"), "from_", timeout),
        to,
        LongPressTool.duration(name(), args, DEFAULT_DURATION_MS),
        dx == null ? 0 : dx,
        dy == null ? 0 : dy);
  }

  private static Map<String, Object> ends(Map<String, Object> args, String prefix) {
    Map<String, Object> out = new LinkedHashMap<>();
    args.forEach(
        (k, v) -> {
          if (k.startsWith(prefix) && !k.startsWith("to_offset_")) {
            out.put(k, v);
          }
        });
    return out;
  }

  @Override
  public Map<String, Object> execute(Move move, ToolContext ctx) {
    Gestures.Drag device = PointTarget.role(ctx.device(), Gestures.Drag.class, name(), "drag");
    PointTarget.Resolved from = move.from().resolve(ctx, name());
    PointTarget.Resolved to = move.to().resolve(ctx, name());
    int toX = Math.max(0, to.x() + move.offsetX());
    int toY = Math.max(0, to.y() + move.offsetY());
    device.drag(from.x(), from.y(), toX, toY, move.duration());
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("from_x", from.x());
    out.put("from_y", from.y());
    out.put("to_x", toX);
    out.put("to_y", toY);
    if (from.element() != null) {
      out.put("element", from.element());
    }
    if (to.element() != null) {
      out.put("to_element", to.element());
    }
    out.put("duration_ms", move.duration().toMillis());
    return out;
  }
}
