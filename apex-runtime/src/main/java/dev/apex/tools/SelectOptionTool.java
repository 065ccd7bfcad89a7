package dev.apex.tools;

import dev.apex.device.Device;
import dev.apex.device.Gestures;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code select_option}: picks an {@code option} (its visible text or its value) of a drop-down
 * list (a web page's {@code <select>}), found as {@code tap} finds its element (by handle, id or
 * visible text — a list's text is its selected option — or a point). Web pages only ({@link
 * Gestures.SelectOption}); elsewhere it fails with one line naming the device kind. Arguments:
 * {@code element}, {@code text}, {@code x}, {@code y}, {@code option} (required), {@code
 * timeout_ms}.
 */
public final class SelectOptionTool implements Tool<SelectOptionTool.Pick> {

  /** Which list and which option. */
  public record Pick(PointTarget target, String option) implements ElementTargeted {
    @Override
    public ElementQuery query() {
      return target.query() == null ? new ElementQuery(null, null, Map.of()) : target.query();
    }
  }

  private static final List<ArgSpec> ARGS;

  static {
    List<ArgSpec> args = new ArrayList<>(PointTarget.args("", "the drop-down list"));
    args.add(
        ArgSpec.required(
            "option", ArgSpec.Type.STRING, "the option to pick: its visible text or its value"));
    args.add(ElementWait.timeoutArg());
    ARGS = List.copyOf(args);
  }

  @Override
  public String name() {
    return "select_option";
  }

  @Override
  public String description() {
    return "Pick an option of a drop-down list (by handle, id or visible text), by the option's"
        + " visible text or value (web).";
  }

  @Override
  public List<ArgSpec> args() {
    return ARGS;
  }

  @Override
  public boolean supports(Device device) {
    return device.role(Gestures.SelectOption.class).isPresent();
  }

  @Override
  public Pick parse(Map<String, Object> args) {
    ArgSpec.validate(name(), args(), args);
    String option = Args.requireString(name(), args, "option");
    Map<String, Object> target = new LinkedHashMap<>(args);
    target.remove("option");
    target.remove("timeout_ms");
    return new Pick(
        PointTarget.parse(name(), target, "", ElementWait.timeout(name(), args)), option);
  }

  @Override
  public Map<String, Object> execute(Pick pick, ToolContext ctx) {
    Gestures.SelectOption device =
        PointTarget.role(
            ctx.device(), Gestures.SelectOption.class, name(), "pick an option from a list");
    PointTarget.Resolved at = pick.target().resolve(ctx, name());
    String selected = device.selectOption(at.x(), at.y(), pick.option());
    Map<String, Object> out = LongPressTool.output(at, null);
    out.put("selected", selected);
    return out;
  }
}
