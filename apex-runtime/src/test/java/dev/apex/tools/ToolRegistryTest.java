package dev.apex.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.InvalidInputException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ToolRegistryTest {

  @Test
  void theDefaultRegistryHoldsTheSeedsTools() {
    assertThat(ToolRegistry.defaultRegistry().names())
        .containsExactly(
            "assert_visible",
            "describe_screen",
            "describe_screen_semantic",
            "drag",
            "hover",
            "launch_app",
            "long_press",
            "navigate",
            "press_key",
            "select_option",
            "swipe",
            "tap",
            "terminate_app",
            "type_text",
            "wait");
  }

  @Test
  void anUnknownNameListsTheKnownTools() {
    assertThatThrownBy(() -> ToolRegistry.defaultRegistry().get("tapp"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage(
            "unknown tool 'tapp': use one of assert_visible, describe_screen, describe_screen_semantic, drag,"
                + " hover, launch_app, long_press, navigate, press_key, select_option, swipe, tap, terminate_app, type_text, wait");
  }

  @Test
  void registeringReturnsANewRegistryAndRefusesDuplicates() {
    ToolRegistry base = ToolRegistry.of(new WaitTool());
    ToolRegistry more = base.register(new DescribeScreenTool());

    assertThat(base.names()).containsExactly("wait");
    assertThat(more.names()).containsExactly("describe_screen", "wait");
    assertThatThrownBy(() -> more.register(new WaitTool()))
        .hasMessage("a tool named 'wait' is already registered; pick another name");
  }

  @Test
  void everyDefaultToolDescribesItselfAndItsArguments() {
    for (Tool<?> tool : ToolRegistry.defaultRegistry().tools()) {
      assertThat(tool.description()).as(tool.name()).isNotBlank().doesNotContain("\n");
      Map<String, Object> schema = tool.inputSchema();
      assertThat(schema).as(tool.name()).containsEntry("type", "object");
      assertThat((Map<?, ?>) schema.get("properties")).hasSize(tool.args().size());
      tool.shorthandArg()
          .ifPresent(
              arg ->
                  assertThat(tool.args().stream().map(ArgSpec::name).toList())
                      .as(tool.name())
                      .contains(arg));
    }
    assertThat(ToolRegistry.defaultRegistry().get("wait").inputSchema().get("required"))
        .isEqualTo(List.of("ms"));
  }
}
