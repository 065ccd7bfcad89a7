package dev.apex.runtime.flow;

import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import java.util.Map;
import java.util.Objects;

/**
 * A step as a task ran it, what a recorded flow is written from: live ({@link
 * dev.apex.runtime.agent.FlowRecording}) or read back from the timeline.
 *
 * @param step the step as recorded (a secret's text already masked)
 * @param before the scene it ran on, or null when none was recorded
 * @param after the scene it left (the next observation), or null
 * @param success whether it did what it was asked
 * @param output the tool's output as a JSON map (a tap's {@code element}, {@code x}, {@code y}), or
 *     empty
 * @param authored whether {@code step} is written back as it is (a person wrote it: a step of the
 *     flow being healed) rather than located anew from {@code before}
 */
public record RecordedStep(
    PlannedStep step,
    Scene before,
    Scene after,
    boolean success,
    Map<String, Object> output,
    boolean authored) {

  public RecordedStep {
    Objects.requireNonNull(step, "step");
    output = output == null ? Map.of() : output;
  }

  /** A step a task ran, located anew when written. */
  public RecordedStep(
      PlannedStep step, Scene before, Scene after, boolean success, Map<String, Object> output) {
    this(step, before, after, success, output, false);
  }

  /** A step of a flow, written back as the flow had it, with the screen it ran on. */
  public static RecordedStep authored(PlannedStep step, Scene before, boolean success) {
    return new RecordedStep(step, before, null, success, Map.of(), true);
  }
}
