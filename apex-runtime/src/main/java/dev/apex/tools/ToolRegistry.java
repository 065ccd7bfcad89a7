package dev.apex.tools;

import dev.apex.core.InvalidInputException;
import dev.apex.core.PlannedStep;
import dev.apex.device.Device;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Tools by name. Immutable: {@link #register} returns a new registry, so a shared default cannot be
 * changed under someone using it. Thread-safe.
 */
public final class ToolRegistry {

  private final Map<String, Tool<?>> tools;

  private ToolRegistry(Map<String, Tool<?>> tools) {
    this.tools = Collections.unmodifiableMap(tools);
  }

  public static ToolRegistry empty() {
    return new ToolRegistry(new TreeMap<>());
  }

  /**
   * The built-in tools (the seeds' {@code default_tool_registry}): {@code describe_screen}, {@code
   * describe_screen_semantic}, {@code launch_app}, {@code terminate_app}, {@code tap}, {@code
   * type_text}, {@code swipe}, {@code press_key}, {@code wait}, {@code assert_visible}, and the
   * gestures {@code long_press}, {@code drag}, {@code hover} and {@code select_option}, and a web
   * page's {@code navigate} (each fails on a device without its {@link dev.apex.device.Gestures}
   * role). {@code describe_screen_semantic} is registered with labelling off (it costs nothing and
   * returns a null semantic scene); {@link #replace} it with one built on a configured {@code
   * Enricher} to label screens.
   */
  public static ToolRegistry defaultRegistry() {
    return of(
        new DescribeScreenTool(),
        new DescribeScreenSemanticTool(),
        new AppTool.Launch(),
        new AppTool.Terminate(),
        new TapTool(),
        new TypeTextTool(),
        new SwipeTool(),
        new PressKeyTool(),
        new WaitTool(),
        new AssertVisibleTool(),
        new LongPressTool(),
        new DragTool(),
        new HoverTool(),
        new SelectOptionTool(),
        new NavigateTool());
  }

  /** A registry with {@code tool} in place of the tool of the same name (added if none). */
  public ToolRegistry replace(Tool<?> tool) {
    Objects.requireNonNull(tool, "tool");
    ToolRegistry without = empty();
    for (Tool<?> t : tools()) {
      if (!t.name().equals(tool.name())) {
        without = without.register(t);
      }
    }
    return without.register(tool);
  }

  public static ToolRegistry of(Tool<?>... tools) {
    ToolRegistry registry = empty();
    for (Tool<?> tool : tools) {
      registry = registry.register(tool);
    }
    return registry;
  }

  /**
   * A registry with {@code tool} added. Throws {@link InvalidInputException} when the name is
   * taken, since silently replacing a tool would change what existing steps do.
   */
  public ToolRegistry register(Tool<?> tool) {
    Objects.requireNonNull(tool, "tool");
    String name = Objects.requireNonNull(tool.name(), "tool.name()");
    if (tools.containsKey(name)) {
      throw new InvalidInputException(
          "a tool named '" + name + "' is already registered; pick another name");
    }
    Map<String, Tool<?>> copy = new TreeMap<>(tools);
    copy.put(name, tool);
    return new ToolRegistry(copy);
  }

  /** The tool, or {@link InvalidInputException} listing the known tools. */
  public Tool<?> get(String name) {
    Tool<?> tool = name == null ? null : tools.get(name);
    if (tool == null) {
      throw new InvalidInputException(
          "unknown tool '" + name + "': use one of " + String.join(", ", names()));
    }
    return tool;
  }

  /**
   * The step's tool with the step's arguments parsed by it ({@link Tool#parse}), once: what the
   * executor runs, and how a flow's steps are checked when it loads.
   *
   * @throws InvalidInputException for an unknown tool (listing the known ones) or bad arguments
   *     (the tool's one-line message)
   */
  public ParsedStep<?> parse(PlannedStep step) {
    Objects.requireNonNull(step, "step");
    return ParsedStep.of(get(step.action()), step);
  }

  public boolean contains(String name) {
    return tools.containsKey(name);
  }

  /** Tool names, sorted. */
  public List<String> names() {
    return List.copyOf(tools.keySet());
  }

  /**
   * What a catalogue offers a model on {@code device}, sorted by name: the tools that {@link
   * Tool#supports} it, each described for it ({@link Tool#descriptionOn}) with the arguments it can
   * honour there ({@link Tool#argsOn}).
   */
  public List<ToolOffer> offeredOn(Device device) {
    Objects.requireNonNull(device, "device");
    List<ToolOffer> offers = new ArrayList<>();
    for (Tool<?> tool : tools.values()) {
      if (tool.supports(device)) {
        offers.add(new ToolOffer(tool.name(), tool.descriptionOn(device), tool.argsOn(device)));
      }
    }
    return List.copyOf(offers);
  }

  /** Every tool with all its arguments, as offered when no device is known. */
  public List<ToolOffer> offered() {
    return tools.values().stream()
        .map(t -> new ToolOffer(t.name(), t.description(), t.args()))
        .toList();
  }

  /** The tools, sorted by name. */
  public Collection<Tool<?>> tools() {
    return tools.values();
  }
}
