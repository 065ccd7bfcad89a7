package dev.apex.tools;

import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.testkit.FakeClock;
import dev.apex.testkit.FakeDevice;
import dev.apex.testkit.RecordingSleeper;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;

/**
 * A FakeDevice, fake time and a scripted observer for tool tests. The latest scene is set by the
 * test; observations play {@link #observed} in order, repeating the last, and are counted.
 */
final class ToolFixture {

  final FakeDevice device = new FakeDevice().install("com.android.settings");
  final FakeClock clock = new FakeClock();
  final RecordingSleeper sleeper = new RecordingSleeper(clock);
  final Deque<Scene> observed = new ArrayDeque<>();
  Scene latest;
  int observations;

  /** Taps do not wait for their element to hold still here: {@link TapSettleTest} covers that. */
  final ToolContext ctx =
      new ToolContext(device, () -> latest, this::observe, clock, sleeper, java.time.Duration.ZERO);

  ToolFixture latest(Scene scene) {
    this.latest = scene;
    return this;
  }

  ToolFixture observes(Scene... scenes) {
    observed.addAll(List.of(scenes));
    return this;
  }

  /** Parses then executes, as the executor does. */
  Object run(Tool<?> tool, Map<String, Object> args) {
    return ParsedStep.of(tool, PlannedStep.of(tool.name(), args)).execute(ctx);
  }

  private Scene observe() {
    observations++;
    if (observed.isEmpty()) {
      throw new AssertionError("the test observed more often than it scripted");
    }
    return observed.size() > 1 ? observed.poll() : observed.peek();
  }
}
