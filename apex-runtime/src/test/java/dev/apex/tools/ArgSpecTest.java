package dev.apex.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.InvalidInputException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ArgSpecTest {

  private static final List<ArgSpec> SPECS =
      List.of(
          ArgSpec.required("ms", ArgSpec.Type.INTEGER, "milliseconds"),
          ArgSpec.optional("mode", ArgSpec.Type.STRING, "how").oneOf("fast", "slow"),
          ArgSpec.optional("loud", ArgSpec.Type.BOOLEAN, "whether loud"));

  @Test
  void acceptsWellTypedArguments() {
    ArgSpec.validate("t", SPECS, Map.of("ms", 5L, "mode", "FAST", "loud", true));
    ArgSpec.validate("t", SPECS, Map.of("ms", 5.0));
  }

  @Test
  void eachProblemHasItsOwnMessage() {
    assertThatThrownBy(() -> ArgSpec.validate("t", SPECS, Map.of("ms", 1, "volume", 3)))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("t: unknown argument 'volume'; use ms, mode, loud");
    assertThatThrownBy(() -> ArgSpec.validate("t", SPECS, Map.of()))
        .hasMessage("t: missing argument 'ms' (milliseconds)");
    assertThatThrownBy(() -> ArgSpec.validate("t", SPECS, Map.of("ms", "soon")))
        .hasMessage("t: argument 'ms' must be an integer, got \"soon\"");
    assertThatThrownBy(() -> ArgSpec.validate("t", SPECS, Map.of("ms", 1.5)))
        .hasMessage("t: argument 'ms' must be an integer, got 1.5");
    assertThatThrownBy(() -> ArgSpec.validate("t", SPECS, Map.of("ms", 1, "loud", "yes")))
        .hasMessage("t: argument 'loud' must be a boolean, got \"yes\"");
    assertThatThrownBy(() -> ArgSpec.validate("t", SPECS, Map.of("ms", 1, "mode", "odd")))
        .hasMessage("t: argument 'mode' must be one of fast, slow, got 'odd'");
    assertThatThrownBy(() -> ArgSpec.validate("t", SPECS, Map.of("ms", List.of(1))))
        .hasMessage("t: argument 'ms' must be an integer, got a list");
  }

  @Test
  void describesArgumentsAsAJsonSchema() {
    assertThat(ArgSpec.jsonSchema(SPECS))
        .containsEntry("type", "object")
        .containsEntry("required", List.of("ms"))
        .containsEntry("additionalProperties", false);
    @SuppressWarnings("unchecked")
    Map<String, Object> props = (Map<String, Object>) ArgSpec.jsonSchema(SPECS).get("properties");
    assertThat(props)
        .containsEntry("ms", Map.of("type", "integer", "description", "milliseconds"))
        .containsEntry(
            "mode",
            Map.of("type", "string", "description", "how", "enum", List.of("fast", "slow")));
  }

  @Test
  @SuppressWarnings("unchecked")
  void anArgumentWithoutADescriptionHasNoneInTheSchemaAndTheToolSaysWhatFlagsDoOnce() {
    Map<String, Object> tap = new TapTool().inputSchema();
    Map<String, Map<String, Object>> properties =
        (Map<String, Map<String, Object>>) tap.get("properties");
    assertThat(properties.get("clickable")).isEqualTo(Map.of("type", "boolean"));
    assertThat(properties.get("text")).containsKey("description");
    assertThat(new TapTool().description()).endsWith(ElementQuery.FLAGS_NOTE);
    assertThat(new AssertVisibleTool().description()).endsWith(ElementQuery.FLAGS_NOTE);
    assertThatThrownBy(
            () ->
                ArgSpec.validate(
                    "t", List.of(ArgSpec.required("x", ArgSpec.Type.STRING, "")), Map.of()))
        .hasMessage("t: missing argument 'x'");
  }

  private static final List<ArgSpec> LISTED =
      List.of(
          ArgSpec.optional("modifiers", ArgSpec.Type.STRING_LIST, "keys held")
              .oneOf("ctrl", "shift", "meta", "alt"));

  @Test
  void aStringListTakesItemsFromItsChoicesAndIsAnArrayOfEnumInTheSchema() {
    ArgSpec.validate("t", LISTED, Map.of("modifiers", List.of("CTRL", "shift")));
    assertThat(
            Args.strings("t", Map.of("modifiers", List.of("CTRL", " shift", "ctrl")), "modifiers"))
        .containsExactly("ctrl", "shift");
    assertThat(Args.strings("t", Map.of(), "modifiers")).isEmpty();
    assertThatThrownBy(() -> ArgSpec.validate("t", LISTED, Map.of("modifiers", "ctrl")))
        .hasMessage("t: argument 'modifiers' must be a list of strings, got \"ctrl\"");
    assertThatThrownBy(() -> ArgSpec.validate("t", LISTED, Map.of("modifiers", List.of(1))))
        .hasMessage("t: argument 'modifiers' must be a list of strings, got a list");
    assertThatThrownBy(
            () -> ArgSpec.validate("t", LISTED, Map.of("modifiers", List.of("ctrl", "hyper"))))
        .hasMessage("t: argument 'modifiers' takes items from ctrl, shift, meta, alt, got 'hyper'");
    assertThat(ArgSpec.jsonSchema(LISTED))
        .extracting("properties")
        .isEqualTo(
            Map.of(
                "modifiers",
                Map.of(
                    "type",
                    "array",
                    "description",
                    "keys held",
                    "items",
                    Map.of("type", "string", "enum", List.of("ctrl", "shift", "meta", "alt")))));
  }
}
