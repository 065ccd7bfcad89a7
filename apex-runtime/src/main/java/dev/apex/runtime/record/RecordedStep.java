package dev.apex.runtime.record;

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
 */
public record RecordedStep(
    PlannedStep step, Scene before, Scene after, boolean success, Map<String, Object> output) {

  public RecordedStep {
    Objects.requireNonNull(step, "step");
    output = output == null ? Map.of() : output;
  }
}
