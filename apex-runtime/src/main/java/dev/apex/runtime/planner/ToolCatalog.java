package dev.apex.runtime.planner;

import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.llm.ToolCall;
import dev.apex.llm.ToolDefinition;
import dev.apex.llm.ToolUseRequest;
import dev.apex.perception.CompactEncoder;
import dev.apex.perception.Handles;
import dev.apex.tools.ArgSpec;
import dev.apex.tools.ElementQuery;
import dev.apex.tools.ToolOffer;
import dev.apex.tools.ToolRegistry;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The tools the model is offered, as strict tools, and the way back from a call to a {@link
 * PlannedStep}.
 *
 * <p>What is offered is what the task's device supports ({@link ToolRegistry#offeredOn}: no {@code
 * hover} on a phone, no {@code tap} modifiers off the web), but the hidden tools, each with its own
 * name, description and arguments ({@link ArgSpec#jsonSchema}), less those a model has no use for:
 * the strict-schema grammar has a ceiling on optional parameters across all tools of a request
 * ({@value #MAX_OPTIONAL_PARAMETERS}), and a model planning one step on the screen it sees needs
 * fewer knobs than a flow. Left out for the model:
 *
 * <ul>
 *   <li>the element-flag filters ({@code checked}, {@code clickable} …): a model picks an element
 *       by its handle, which needs no filter;
 *   <li>the timing arguments ({@code timeout_ms}, {@code settle_ms}, {@code duration_ms}): the
 *       defaults hold, and the model waits with {@code wait} when a screen is not ready;
 *   <li>the text and point locators of the gestures ({@code long_press}, {@code hover}, {@code
 *       drag}'s source, {@code select_option}), which take a handle; {@code drag} keeps its drop
 *       point ({@code to_x}, {@code to_y}), since a slider is dropped where no element is, and
 *       leaves out its offsets from the drop element (a drop point says the same);
 *   <li>{@code assert_visible}'s {@code id}, the older name of its {@code element}, and {@code
 *       press_key}'s {@code modifiers}, which its key says as {@code ctrl+a}.
 * </ul>
 *
 * <p>Element references ({@code element} of {@code tap} and the gestures, {@code id} of {@code
 * assert_visible}, {@code from_element}/{@code to_element} of {@code drag}) are described as
 * handles of the screen listing and turned back into element ids on the way out, so a recorded step
 * names the element, not a per-screen number. Two tools of the planner's own close the list:
 * {@value #DONE}{@code (summary)} and {@value #GIVE_UP}{@code (reason)}. Immutable and thread-safe.
 */
final class ToolCatalog {

  static final String DONE = "done";
  static final String GIVE_UP = "give_up";

  /** The API's ceiling on optional parameters summed over the strict tools of one request. */
  static final int MAX_OPTIONAL_PARAMETERS = 24;

  /** Arguments holding an element reference, by tool. */
  private static final Map<String, Set<String>> REF_ARGS =
      Map.of(
          "tap", Set.of("element"),
          "assert_visible", Set.of("element", "id"),
          "long_press", Set.of("element"),
          "hover", Set.of("element"),
          "drag", Set.of("from_element", "to_element"),
          "select_option", Set.of("element"));

  /** Arguments of any tool a model is not offered (beside the element flags). */
  private static final Set<String> TIMING_ARGS = Set.of("timeout_ms", "settle_ms", "duration_ms");

  /** Locators a model is not offered, by tool: it names those elements by handle. */
  private static final Map<String, Set<String>> FLOW_ONLY_ARGS =
      Map.of(
          "long_press",
          Set.of("text", "x", "y"),
          "hover",
          Set.of("text", "x", "y"),
          "drag",
          Set.of("from_text", "from_x", "from_y", "to_text", "to_offset_x", "to_offset_y"),
          "select_option",
          Set.of("text", "x", "y"),
          "assert_visible",
          Set.of("id"),
          "press_key",
          Set.of("modifiers"));

  private static final String REF_DESCRIPTION =
      "the element's handle: the number that starts its line in the screen listing, e.g. \"7\"";

  private final List<ToolDefinition> definitions;
  private final Set<String> offered;

  private ToolCatalog(List<ToolDefinition> definitions) {
    this.definitions = List.copyOf(definitions);
    this.offered = definitions.stream().map(ToolDefinition::name).collect(Collectors.toSet());
  }

  /** The catalog of every tool of {@code registry} less {@code hidden}, as if on any device. */
  static ToolCatalog of(ToolRegistry registry, Set<String> hidden) {
    return of(registry.offered(), hidden);
  }

  /**
   * The catalog of {@code offers} (a registry's {@link ToolRegistry#offeredOn} a device) less
   * {@code hidden}.
   *
   * @throws IllegalArgumentException when the result would break the API's strict-tool limits
   *     ({@value ToolUseRequest#MAX_TOOLS} tools, {@value #MAX_OPTIONAL_PARAMETERS} optional
   *     parameters) or a tool is named {@value #DONE} or {@value #GIVE_UP}
   */
  static ToolCatalog of(List<ToolOffer> offers, Set<String> hidden) {
    Set<String> flagArgs =
        ElementQuery.flagArgs().stream().map(ArgSpec::name).collect(Collectors.toSet());
    List<ToolDefinition> definitions = new ArrayList<>();
    int optional = 0;
    for (ToolOffer tool : offers) {
      if (hidden.contains(tool.name())) {
        continue;
      }
      if (tool.name().equals(DONE) || tool.name().equals(GIVE_UP)) {
        throw new IllegalArgumentException(
            "registry tool '" + tool.name() + "' clashes with the planner's own; rename it");
      }
      Set<String> flowOnly = FLOW_ONLY_ARGS.getOrDefault(tool.name(), Set.of());
      List<ArgSpec> args = new ArrayList<>();
      for (ArgSpec arg : tool.args()) {
        boolean leftOut =
            flagArgs.contains(arg.name())
                || TIMING_ARGS.contains(arg.name())
                || flowOnly.contains(arg.name());
        if (arg.required() || !leftOut) {
          args.add(refArg(tool.name(), arg));
        }
      }
      optional += (int) args.stream().filter(a -> !a.required()).count();
      definitions.add(
          new ToolDefinition(tool.name(), tool.description(), ArgSpec.jsonSchema(args)));
    }
    definitions.add(
        own(
            DONE,
            "The goal is reached and the screen shows it: stop. Call it only after checking the"
                + " screen.",
            "summary",
            "one sentence: what was done and what the screen now shows"));
    definitions.add(
        own(
            GIVE_UP,
            "The goal cannot be reached from here (the app lacks it, you are stuck, or a needed"
                + " action was refused): stop.",
            "reason",
            "one sentence: why the goal cannot be reached"));
    if (definitions.size() > ToolUseRequest.MAX_TOOLS) {
      throw new IllegalArgumentException(
          "the registry offers "
              + definitions.size()
              + " tools with done and give_up; strict tool use allows "
              + ToolUseRequest.MAX_TOOLS
              + ": hide some in PlannerConfig.hiddenTools");
    }
    if (optional > MAX_OPTIONAL_PARAMETERS) {
      throw new IllegalArgumentException(
          "the offered tools have "
              + optional
              + " optional arguments; strict tool use allows "
              + MAX_OPTIONAL_PARAMETERS
              + ": hide some tools in PlannerConfig.hiddenTools");
    }
    return new ToolCatalog(definitions);
  }

  List<ToolDefinition> definitions() {
    return definitions;
  }

  boolean offers(String name) {
    return offered.contains(name);
  }

  /**
   * The step for a call: the tool's name and input, with a handle in an element reference turned
   * into the element's id on {@code scene} (a reference that names no element is left as it is, so
   * the tool reports it), and null values dropped.
   */
  static PlannedStep toStep(ToolCall call, Scene scene) {
    return toStep(call, scene, null);
  }

  /**
   * As {@link #toStep(ToolCall, Scene)}, with handles read against the task's {@code handles}
   * (null: the scene's own numbering, as a fresh table gives it).
   */
  static PlannedStep toStep(ToolCall call, Scene scene, Handles handles) {
    Map<String, Object> args = new LinkedHashMap<>();
    call.input()
        .forEach(
            (name, value) -> {
              if (value != null) {
                args.put(name, value);
              }
            });
    for (String refArg : REF_ARGS.getOrDefault(call.name(), Set.of())) {
      if (args.get(refArg) instanceof String ref) {
        Optional<SceneElement> named =
            handles == null
                ? CompactEncoder.resolve(scene, ref)
                : handles
                    .lookup(scene, ref)
                    .filter(Handles.Lookup.Found.class::isInstance)
                    .map(found -> ((Handles.Lookup.Found) found).element());
        named.ifPresent(e -> args.put(refArg, e.id()));
      }
    }
    return PlannedStep.of(call.name(), args);
  }

  private static ArgSpec refArg(String tool, ArgSpec arg) {
    return REF_ARGS.getOrDefault(tool, Set.of()).contains(arg.name())
        ? new ArgSpec(arg.name(), arg.type(), arg.required(), REF_DESCRIPTION, arg.allowed())
        : arg;
  }

  private static ToolDefinition own(
      String name, String description, String arg, String argDescription) {
    return new ToolDefinition(
        name,
        description,
        ArgSpec.jsonSchema(List.of(ArgSpec.required(arg, ArgSpec.Type.STRING, argDescription))));
  }
}
