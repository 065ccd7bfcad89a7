package dev.apex.tools;

import dev.apex.device.Device;
import dev.apex.device.Gestures;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code hover}: moves the pointer onto an element (by handle, id or visible text) or a point
 * without pressing: a hover menu, a tooltip. Web devices only ({@link Gestures.Hover}); elsewhere
 * it fails with one line naming the device kind.
 */
public final class HoverTool implements Tool<HoverTool.Over> {

  /** Where to move the pointer. */
  public record Over(PointTarget target) implements ElementTargeted {
    @Override
    public ElementQuery query() {
      return target.query() == null ? new ElementQuery(null, null, Map.of()) : target.query();
    }
  }

  private static final List<ArgSpec> ARGS;

  static {
    List<ArgSpec> args = new ArrayList<>(PointTarget.args("", "the element to hover"));
    args.add(ElementWait.timeoutArg());
    ARGS = List.copyOf(args);
  }

  @Override
  public String name() {
    return "hover";
  }

  @Override
  public String description() {
    return "Move the pointer onto an element (by handle, id or visible text) or a point without"
        + " clicking: opens a hover menu or a tooltip (web).";
  }

  @Override
  public List<ArgSpec> args() {
    return ARGS;
  }

  @Override
  public boolean supports(Device device) {
    return device.role(Gestures.Hover.class).isPresent();
  }

  @Override
  public Optional<String> shorthandArg() {
    return Optional.of("text");
  }

  @Override
  public Over parse(Map<String, Object> args) {
    ArgSpec.validate(name(), args(), args);
    Map<String, Object> target = new LinkedHashMap<>(args);
    target.remove("timeout_ms");
    return new Over(PointTarget.parse(name(), target, "", ElementWait.timeout(name(), args)));
  }

  @Override
  public Map<String, Object> execute(Over over, ToolContext ctx) {
    Gestures.Hover device = PointTarget.role(ctx.device(), Gestures.Hover.class, name(), "hover");
    PointTarget.Resolved at = over.target().resolve(ctx, name());
    device.hover(at.x(), at.y());
    return LongPressTool.output(at, null);
  }
}
