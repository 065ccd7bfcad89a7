package dev.apex.tools;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a tool is to whoever calls it: its name, what it does, its arguments (the one {@link
 * ArgSpec} definition every schema is built from and every call is checked against) and how a
 * call's argument map is read into the typed value {@code A}. A registry {@link Tool} is one, and
 * so is a tool a server runs itself (the MCP server's {@code use_device}, {@code run_flow}):
 * declared the same way, validated the same way, with the same one-line messages.
 *
 * @param <A> the parsed arguments; immutable
 */
public interface ToolSpec<A> {

  /** The name steps use, in snake case, e.g. {@code launch_app}. */
  String name();

  /** One line saying what it does, for people and for an LLM choosing a tool. */
  String description();

  /**
   * The arguments it takes: the one definition of them, from which {@link ArgSpec#jsonSchema}
   * builds every schema and {@link ArgSpec#validate} checks every step.
   */
  List<ArgSpec> args();

  /**
   * The argument a flow's scalar form fills, e.g. {@code text} for {@code type_text: "hello"}, or
   * empty when the tool has no such shorthand.
   */
  default Optional<String> shorthandArg() {
    return Optional.empty();
  }

  /**
   * Reads a call's arguments into the typed value, without touching a device: checks them against
   * {@link #args()} ({@link ArgSpec#validate}: names, types, required ones, allowed values), then
   * any rule across arguments, and resolves defaults. The only place a tool reads its argument map.
   *
   * @return the parsed arguments; never null
   * @throws dev.apex.core.InvalidInputException with one line naming the tool and the argument
   */
  A parse(Map<String, Object> args);

  /** The JSON schema of the arguments ({@code {"type": "object", "properties": …}}). */
  default Map<String, Object> inputSchema() {
    return ArgSpec.jsonSchema(args());
  }
}
