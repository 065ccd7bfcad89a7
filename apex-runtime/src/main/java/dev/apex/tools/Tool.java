package dev.apex.tools;

import dev.apex.core.PlannedStep;
import dev.apex.device.Device;
import java.util.List;

/**
 * One action a step can name. Implementations are stateless and thread-safe; everything they act on
 * comes through the {@link ToolContext}.
 *
 * <p>Its declaration (name, arguments, {@link #parse}) is a {@link ToolSpec}. A step's arguments
 * are a map ({@link PlannedStep#args()}: what flows, planners, the timeline and listeners speak). A
 * tool reads that map once, in {@link #parse}, into its typed value {@code A} (a record, or a
 * sealed family of them), and {@link #execute} works on that value only: so a rule about the
 * arguments lives in one place, a flow is rejected at load time with the message the executor would
 * give, and a retried step is not read again. {@link ToolRegistry#parse} pairs a step with its
 * parsed value as a {@link ParsedStep}, which is what the executor runs.
 *
 * <p>Failure: {@link #execute} throws an {@link dev.apex.core.ApexException} subclass — {@link
 * dev.apex.core.DeviceException} (retriable) when the device did not answer, {@link
 * dev.apex.core.InvalidInputException} when the device refuses an argument (an app it does not
 * know), {@link dev.apex.core.ElementNotFoundException} when the screen lacks what the step asked
 * for. A tool never retries; the executor decides.
 *
 * @param <A> the tool's parsed arguments; immutable
 */
public interface Tool<A> extends ToolSpec<A> {

  /**
   * Does it, with arguments {@link #parse} returned. Called once per attempt; every attempt of a
   * step gets the same value.
   *
   * @return a JSON-writable result (a record, a map, a string) or null
   */
  Object execute(A args, ToolContext ctx);

  /**
   * The step as it may be recorded and shown once it ran — in the timeline, progress lines, the
   * console and the planner's history: {@code step} itself, unless an argument must not be kept
   * (text typed into a password field). Only what is recorded changes: {@link #execute} always gets
   * the real arguments. Must not throw or touch the device.
   *
   * @param args what {@link #parse} made of {@code step}'s arguments
   */
  default PlannedStep recorded(PlannedStep step, A args, ToolContext ctx) {
    return step;
  }

  /**
   * Whether this tool can act on {@code device}: false for a gesture whose {@link
   * dev.apex.device.Gestures} role the device lacks. What a catalogue offers a model (the
   * planner's, the MCP server's) holds only the tools the device supports; a step naming another
   * still fails at run time with one line naming the device kind. Must not touch the device (it
   * only asks for roles).
   */
  default boolean supports(Device device) {
    return true;
  }

  /**
   * What a catalogue says this tool does on {@code device}: {@link #description()} by default; a
   * tool whose use differs by device kind (keys a browser has and a phone has not) says it for that
   * kind. Must not touch the device (it only asks for roles).
   */
  default String descriptionOn(Device device) {
    return description();
  }

  /**
   * The arguments a catalogue offers for this tool on {@code device}: {@link #args()} by default,
   * less an option the device cannot honour ({@code tap}'s {@code modifiers} on a device without
   * modifier taps). Parsing still accepts every argument of {@link #args()}.
   */
  default List<ArgSpec> argsOn(Device device) {
    return args();
  }
}
