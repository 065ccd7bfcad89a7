package dev.apex.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.apex.core.InvalidInputException;
import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.core.StepResult;
import dev.apex.core.retry.RetryPolicy;
import dev.apex.runtime.flow.Flow;
import dev.apex.testkit.FakeClock;
import dev.apex.testkit.FakeDevice;
import dev.apex.testkit.RecordingSleeper;
import dev.apex.tools.ToolContext;
import dev.apex.tools.ToolRegistry;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A bad argument is rejected with one and the same message whether a flow file loads it or the
 * executor is handed it (by a planner, the console, a test): both go through the tool's one parse.
 * The messages are pinned here word for word, since users and tests read them.
 */
class ArgumentMessagesTest {

  private static final ToolRegistry TOOLS = ToolRegistry.defaultRegistry();

  static Stream<Arguments> badSteps() {
    String neither =
        "tap: give 'element' or 'text' (an element), or 'x' and 'y' (a point), not both";
    String point = "tap: a point needs both 'x' and 'y' and nothing else";
    String oneApp = "launch_app: give exactly one of 'app_id' or 'bundle_id'";
    String swipeForm = "swipe: give either 'direction' or all of from_x, from_y, to_x, to_y";
    return Stream.of(
        bad(step("tap"), neither),
        bad(step("tap", "text", "OK", "x", 1, "y", 2), neither),
        bad(step("tap", "x", 1), point),
        bad(step("tap", "x", 1, "y", 2, "timeout_ms", 5), point),
        bad(step("tap", "x", -1, "y", 2), "tap: 'x' and 'y' must be >= 0 pixels"),
        bad(step("tap", "x", 1.5, "y", 2), "tap: argument 'x' must be an integer, got 1.5"),
        bad(
            step("tap", "text", "OK", "checked", "yes"),
            "tap: argument 'checked' must be a boolean, got \"yes\""),
        bad(step("tap", "text", " "), "tap: 'element' and 'text' must not be empty when given"),
        bad(
            step("tap", "text", "OK", "settle_ms", 70_000),
            "tap: 'settle_ms' must be in [0, 60000] ms, got 70000"),
        bad(
            step("tap", "text", "OK", "remember", 3),
            "tap: 'remember' must be a map of names to values"),
        bad(step("wait"), "wait: missing argument 'ms' (milliseconds to wait)"),
        bad(step("wait", "ms", "soon"), "wait: argument 'ms' must be an integer, got \"soon\""),
        bad(step("wait", "ms", -1), "wait: 'ms' must be 0..600000, got -1"),
        bad(step("wait", "ms", 5, "speed", 3), "wait: unknown argument 'speed'; use ms"),
        bad(step("type_text", "text", ""), "type_text: argument 'text' must not be empty"),
        bad(
            step("type_text", "text", "hi", "secret", "yes"),
            "type_text: argument 'secret' must be a boolean, got \"yes\""),
        bad(step("launch_app"), oneApp),
        bad(step("launch_app", "app_id", "a", "bundle_id", "b"), oneApp),
        bad(
            step("terminate_app", "app_id", " "),
            "terminate_app: argument 'app_id' must not be empty"),
        bad(step("swipe", "direction", "up", "from_x", 1), swipeForm),
        bad(step("swipe", "from_x", 1, "from_y", 1), swipeForm),
        bad(
            step("swipe", "direction", "sideways"),
            "swipe: argument 'direction' must be one of up, down, left, right, got 'sideways'"),
        bad(
            step("swipe", "direction", "up", "duration_ms", 70_000),
            "swipe: 'duration_ms' must be 0..60000, got 70000"),
        bad(
            step("press_key", "key", "menu"),
            "press_key: unknown key 'menu': use back, home or enter; on a web page also tab, escape,"
                + " up, page_down, backspace, … or one character, held modifiers as in ctrl+a"),
        bad(
            step("assert_visible", "checked", true),
            "assert_visible: give 'element' and/or 'text'"),
        bad(
            step("assert_visible", "id", "", "text", "OK"),
            "assert_visible: 'id' and 'text' must not be empty when given"),
        bad(
            step("describe_screen", "full", true),
            "describe_screen: unknown argument 'full'; use format"),
        bad(
            step("describe_screen", "format", "xml"),
            "describe_screen: argument 'format' must be one of compact, json, got 'xml'"),
        bad(
            step("describe_screen", "format", true),
            "describe_screen: argument 'format' must be one of compact, json, got 'true'"));
  }

  private static PlannedStep step(String action, Object... keysAndValues) {
    Map<String, Object> args = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      args.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return PlannedStep.of(action, args);
  }

  private static Arguments bad(PlannedStep step, String message) {
    return Arguments.of(step, message);
  }

  /** The step as a flow file writes it. */
  private static String flow(PlannedStep step) throws Exception {
    Object written = step.args().isEmpty() ? step.action() : Map.of(step.action(), step.args());
    return new YAMLMapper().writeValueAsString(Map.of("steps", List.of(written)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badSteps")
  void aFlowIsRejectedAtLoadWithTheToolsMessage(PlannedStep step, String message) throws Exception {
    String yaml = flow(step);
    assertThatThrownBy(() -> Flow.parse(yaml, "bad.yaml", TOOLS))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("bad.yaml step 1: " + message);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badSteps")
  void theExecutorFailsTheStepWithTheSameMessageAndNeverRunsIt(PlannedStep step, String message) {
    FakeDevice device = new FakeDevice().install("com.android.settings");
    FakeClock clock = new FakeClock();
    RecordingSleeper sleeper = new RecordingSleeper(clock);
    ToolContext ctx =
        new ToolContext(
            device,
            () -> null,
            () -> new Scene(100, 100, List.of()),
            clock,
            sleeper,
            Duration.ZERO);
    Executor executor =
        new Executor(
            TOOLS, ctx, new Retrier(RetryPolicy.DEFAULT, sleeper, new FixedRandom(0.0), e -> {}));

    StepResult result = executor.execute(step);

    assertThat(result.success()).isFalse();
    assertThat(result.attempts()).isZero();
    assertThat(result.error()).isEqualTo(message);
    assertThat(device.events()).isEmpty();
    assertThat(sleeper.sleeps()).isEmpty();
  }
}
