package dev.apex.tools;

import dev.apex.device.Device;
import dev.apex.device.Gestures;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code long_press}: presses and holds an element (by handle, id or visible text) or a point for
 * {@code duration_ms} (default {@value #DEFAULT_DURATION_MS}): a context menu, a selection. On a
 * device without the {@link Gestures.LongPress} role it fails with one line naming the device kind.
 */
public final class LongPressTool implements Tool<LongPressTool.Press> {

  static final int DEFAULT_DURATION_MS = 800;

  /** Where to press and for how long. */
  public record Press(PointTarget target, Duration duration) implements ElementTargeted {
    @Override
    public ElementQuery query() {
      return target.query() == null ? new ElementQuery(null, null, Map.of()) : target.query();
    }
  }

  private static final List<ArgSpec> ARGS;

  static {
    List<ArgSpec> args = new ArrayList<>(PointTarget.args("", "the element to press"));
    args.add(
        ArgSpec.optional(
            "duration_ms",
            ArgSpec.Type.INTEGER,
            "how long to hold, in ms (default " + DEFAULT_DURATION_MS + ")"));
    args.add(ElementWait.timeoutArg());
    ARGS = List.copyOf(args);
  }

  @Override
  public String name() {
    return "long_press";
  }

  @Override
  public String description() {
    return "Press and hold an element (by handle, id or visible text) or a point (x, y in"
        + " pixels): a context menu, a selection.";
  }

  @Override
  public List<ArgSpec> args() {
    return ARGS;
  }

  @Override
  public boolean supports(Device device) {
    return device.role(Gestures.LongPress.class).isPresent();
  }

  @Override
  public Optional<String> shorthandArg() {
    return Optional.of("text");
  }

  @Override
  public Press parse(Map<String, Object> args) {
    ArgSpec.validate(name(), args(), args);
    Map<String, Object> target = new LinkedHashMap<>(args);
    target.remove("duration_ms");
    target.remove("timeout_ms");
    return new Press(
        PointTarget.parse(name(), target, "", ElementWait.timeout(name(), args)),
        duration(name(), args, DEFAULT_DURATION_MS));
  }

  @Override
  public Map<String, Object> execute(Press press, ToolContext ctx) {
    Gestures.LongPress device =
        PointTarget.role(ctx.device(), Gestures.LongPress.class, name(), "long-press");
    PointTarget.Resolved at = press.target().resolve(ctx, name());
    device.longPress(at.x(), at.y(), press.duration());
    return output(at, press.duration());
  }

  static Map<String, Object> output(PointTarget.Resolved at, Duration duration) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("x", at.x());
    out.put("y", at.y());
    if (at.element() != null) {
      out.put("element", at.element());
    }
    if (duration != null) {
      out.put("duration_ms", duration.toMillis());
    }
    return out;
  }

  /** A gesture's {@code duration_ms}, or its default; checked against the gestures' bounds. */
  static Duration duration(String tool, Map<String, Object> args, int defaultMs) {
    Integer ms = Args.integer(tool, args, "duration_ms");
    return Gestures.requireDuration(
        tool + ": 'duration_ms'", Duration.ofMillis(ms == null ? defaultMs : ms));
  }
}
