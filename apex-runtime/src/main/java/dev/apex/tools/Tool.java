package dev.apex.tools;

import dev.apex.core.PlannedStep;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One action a step can name. Implementations are stateless and thread-safe; everything they act on
 * comes through the {@link ToolContext}.
 *
 * <p>Failure: {@link #execute} throws an {@link dev.apex.core.ApexException} subclass — {@link
 * dev.apex.core.DeviceException} (retriable) when the device did not answer, {@link
 * dev.apex.core.InvalidInputException} for bad arguments, {@link
 * dev.apex.core.ElementNotFoundException} when the screen lacks what the step asked for. A tool
 * never retries; the executor decides.
 */
public interface Tool {

  /** The name steps use, in snake case, e.g. {@code launch_app}. */
  String name();

  /** One line saying what it does, for people and for an LLM choosing a tool. */
  String description();

  /** The arguments it takes; {@link ArgSpec#jsonSchema} turns them into an input schema. */
  List<ArgSpec> args();

  /**
   * The argument a flow's scalar form fills, e.g. {@code text} for {@code type_text: "hello"}, or
   * empty when the tool has no such shorthand.
   */
  default Optional<String> shorthandArg() {
    return Optional.empty();
  }

  /**
   * Checks arguments without touching a device: names, types, required ones, allowed values, and
   * any rule across arguments. Throws {@link dev.apex.core.InvalidInputException} naming the tool
   * and the argument. Flow files are checked with this when they load.
   */
  default void validate(Map<String, Object> args) {
    ArgSpec.validate(name(), args(), args);
  }

  /** The JSON schema of the arguments ({@code {"type": "object", "properties": …}}). */
  default Map<String, Object> inputSchema() {
    return ArgSpec.jsonSchema(args());
  }

  /**
   * Does it. Arguments have passed {@link #validate}.
   *
   * @return a JSON-writable result (a record, a map, a string) or null
   */
  Object execute(Map<String, Object> args, ToolContext ctx);

  /**
   * The step as it may be recorded and shown once it ran — in the timeline, progress lines, the
   * console and the planner's history: {@code step} itself, unless an argument must not be kept
   * (text typed into a password field). Only what is recorded changes: {@link #execute} always gets
   * the real arguments. Must not throw or touch the device.
   */
  default PlannedStep recorded(PlannedStep step, ToolContext ctx) {
    return step;
  }
}
