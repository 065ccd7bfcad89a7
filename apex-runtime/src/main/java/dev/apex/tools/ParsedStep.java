package dev.apex.tools;

import dev.apex.core.InvalidInputException;
import dev.apex.core.PlannedStep;
import java.util.Objects;

/**
 * A planned step together with its tool and the arguments that tool parsed from it: what the
 * executor runs. Made only by {@link ToolRegistry#parse} (or {@link #of}), so holding one means the
 * step's arguments passed its tool's {@link Tool#parse}; every attempt of the step executes the
 * same parsed value. The step stays the generic form that is recorded and shown. Immutable; as
 * thread-safe as its tool.
 *
 * @param <A> the tool's parsed arguments
 */
public final class ParsedStep<A> {

  private final PlannedStep step;
  private final Tool<A> tool;
  private final A args;

  private ParsedStep(PlannedStep step, Tool<A> tool, A args) {
    this.step = step;
    this.tool = tool;
    this.args = args;
  }

  /**
   * Parses {@code step}'s arguments with {@code tool}, once.
   *
   * @throws InvalidInputException with the tool's message when the arguments are bad
   */
  public static <A> ParsedStep<A> of(Tool<A> tool, PlannedStep step) {
    Objects.requireNonNull(tool, "tool");
    Objects.requireNonNull(step, "step");
    if (!tool.name().equals(step.action())) {
      throw new IllegalArgumentException(
          "step '" + step.action() + "' given to tool '" + tool.name() + "'");
    }
    A args = Objects.requireNonNull(tool.parse(step.args()), () -> tool.name() + ".parse: null");
    return new ParsedStep<>(step, tool, args);
  }

  /** The step as planned: the generic form flows, planners and the timeline speak. */
  public PlannedStep step() {
    return step;
  }

  public Tool<A> tool() {
    return tool;
  }

  /** The parsed arguments. */
  public A args() {
    return args;
  }

  /** Runs the tool once on the parsed arguments; failures as {@link Tool#execute} throws them. */
  public Object execute(ToolContext ctx) {
    return tool.execute(args, ctx);
  }

  /**
   * The step as its tool lets it be recorded ({@link Tool#recorded}); may throw if the tool does.
   */
  public PlannedStep recorded(ToolContext ctx) {
    return tool.recorded(step, args, ctx);
  }

  @Override
  public String toString() {
    // Not the arguments: they may hold a secret the step is recorded without.
    return "ParsedStep[" + step.action() + "]";
  }
}
