package dev.apex.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.ElementFlag;
import dev.apex.core.InvalidInputException;
import dev.apex.core.PlannedStep;
import dev.apex.device.Key;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What each built-in tool's one parse makes of a step: its typed value, with defaults resolved, so
 * {@code execute} reads no argument map.
 */
class ToolParseTest {

  private static final Duration FIVE_S = Duration.ofSeconds(5);

  @Test
  void aTapIsAPointOrAnElementWithItsWaitAndSettleBounds() {
    TapTool tap = new TapTool();

    assertThat(tap.parse(Map.of("x", 10, "y", 20L))).isEqualTo(new TapTool.AtPoint(10, 20));
    assertThat(tap.parse(Map.of("text", "Wi-Fi")))
        .isEqualTo(new TapTool.OnElement(ElementQuery.byText("Wi-Fi"), FIVE_S, Optional.empty()));
    assertThat(
            tap.parse(
                Map.of("element", "e3", "checkable", true, "timeout_ms", 800, "settle_ms", 0.0)))
        .isEqualTo(
            new TapTool.OnElement(
                ElementQuery.byRef("e3").with(ElementFlag.CHECKABLE, true),
                Duration.ofMillis(800),
                Optional.of(Duration.ZERO)));
  }

  @Test
  void aSwipeIsADirectionOrTwoPointsWithItsDuration() {
    SwipeTool swipe = new SwipeTool();

    assertThat(swipe.parse(Map.of("direction", " Up ")))
        .isEqualTo(new SwipeTool.Towards(SwipeTool.Direction.UP, Duration.ofMillis(300)));
    assertThat(
            swipe.parse(Map.of("from_x", 1, "from_y", 2, "to_x", 3, "to_y", 4, "duration_ms", 50)))
        .isEqualTo(new SwipeTool.Between(1, 2, 3, 4, Duration.ofMillis(50)));
  }

  @Test
  void theOtherToolsParseIntoTheirValues() {
    assertThat(new AppTool.Launch().parse(Map.of("bundle_id", " com.apple.Preferences ")))
        .isEqualTo(new AppTool.App("com.apple.Preferences"));
    assertThat(new TypeTextTool().parse(Map.of("text", "hi")))
        .isEqualTo(new TypeTextTool.Text("hi", false));
    assertThat(new TypeTextTool().parse(Map.of("text", "pw", "secret", true)).secret()).isTrue();
    assertThat(new PressKeyTool().parse(Map.of("key", "HOME")))
        .isEqualTo(new PressKeyTool.Plain(Key.HOME));
    assertThat(new WaitTool().parse(Map.of("ms", 250))).isEqualTo(Duration.ofMillis(250));
    assertThat(new AssertVisibleTool().parse(Map.of("id", "wifi", "checked", false)))
        .isEqualTo(
            new AssertVisibleTool.Expected(
                ElementQuery.byRef("wifi").with(ElementFlag.CHECKED, false), FIVE_S));
    DescribeScreenTool describe = new DescribeScreenTool();
    assertThat(describe.parse(Map.of())).isEqualTo(DescribeScreenTool.Format.COMPACT);
    assertThat(describe.parse(Map.of("format", "compact")))
        .isEqualTo(DescribeScreenTool.Format.COMPACT);
    assertThat(describe.parse(Map.of("format", " JSON ")))
        .isEqualTo(DescribeScreenTool.Format.JSON);
    assertThatThrownBy(() -> describe.parse(Map.of("format", "yaml")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("describe_screen: argument 'format' must be one of compact, json, got 'yaml'");
  }

  @Test
  void theWorldStatesRememberArgumentIsAcceptedAndIgnored() {
    assertThat(new WaitTool().parse(Map.of("ms", 1, ArgSpec.REMEMBER, Map.of("a", 1))))
        .isEqualTo(Duration.ofMillis(1));
  }

  @Test
  void aTypedTextDoesNotShowItselfWhenPrinted() {
    TypeTextTool.Text text = new TypeTextTool().parse(Map.of("text", "hunter2"));

    assertThat(text.toString()).doesNotContain("hunter2");
    assertThat(
            ToolRegistry.defaultRegistry()
                .parse(PlannedStep.of("type_text", Map.of("text", "hunter2")))
                .toString())
        .doesNotContain("hunter2");
  }

  @Test
  void aParsedStepKeepsTheStepAsPlannedAndBelongsToItsTool() {
    PlannedStep step = PlannedStep.of("wait", Map.of("ms", 5));
    ParsedStep<?> parsed = ToolRegistry.defaultRegistry().parse(step);

    assertThat(parsed.step()).isSameAs(step);
    assertThat(parsed.tool().name()).isEqualTo("wait");
    assertThat(parsed.args()).isEqualTo(Duration.ofMillis(5));
    assertThatThrownBy(() -> ParsedStep.of(new WaitTool(), PlannedStep.of("tap", Map.of("ms", 5))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("step 'tap' given to tool 'wait'");
    assertThatThrownBy(() -> ToolRegistry.defaultRegistry().parse(PlannedStep.of("tapp")))
        .hasMessageStartingWith("unknown tool 'tapp': use one of assert_visible,");
  }
}
