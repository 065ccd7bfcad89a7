package dev.apex.runtime.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.InvalidInputException;
import dev.apex.tools.ToolRegistry;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A flow's {@code tags:} and {@code timeout:}, read strictly. */
class FlowMetadataTest {

  private static final ToolRegistry TOOLS = ToolRegistry.defaultRegistry();

  private static Flow parse(String head) {
    return Flow.parse(head + "steps:\n  - back\n", "f.yaml", TOOLS);
  }

  @Test
  void tagsAndTimeoutAreRead() {
    Flow flow = parse("name: n\ntags: [smoke, wifi, smoke]\ntimeout: 1m30s\n");

    assertThat(flow.tags()).containsExactly("smoke", "wifi");
    assertThat(flow.hasTag("wifi")).isTrue();
    assertThat(flow.timeout()).isEqualTo(Duration.ofSeconds(90));
  }

  @Test
  void aSingleTagAndEachUnitAreAccepted() {
    assertThat(parse("tags: smoke\n").tags()).containsExactly("smoke");
    Map.of(
            "500ms",
            Duration.ofMillis(500),
            "45s",
            Duration.ofSeconds(45),
            "2m",
            Duration.ofMinutes(2),
            "1h",
            Duration.ofHours(1))
        .forEach((text, d) -> assertThat(parse("timeout: " + text + "\n").timeout()).isEqualTo(d));
  }

  @Test
  void withoutMetadataAFlowHasNoTagsAndNoTimeout() {
    Flow flow = parse("");

    assertThat(flow.tags()).isEmpty();
    assertThat(flow.timeout()).isNull();
  }

  @Test
  void variablesKeepTheMetadata() {
    Flow flow =
        Flow.parse("tags: [a]\ntimeout: 2m\nsteps:\n  - type_text: \"${X}\"\n", "f.yaml", TOOLS)
            .withVariables(Map.of("X", "x"));

    assertThat(flow.tags()).containsExactly("a");
    assertThat(flow.timeout()).isEqualTo(Duration.ofMinutes(2));
  }

  @Test
  void badMetadataIsOneLineNamingTheFileAndWhatToWrite() {
    assertThatThrownBy(() -> parse("timeout: soon\n"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage(
            "f.yaml: 'timeout' must be a duration such as 2m, 90s, 1m30s or 500ms; got 'soon'");
    assertThatThrownBy(() -> parse("timeout: 0s\n"))
        .hasMessage("f.yaml: 'timeout' must be above 0 and at most 24h; got '0s'");
    assertThatThrownBy(() -> parse("timeout: 25h\n")).hasMessageContaining("at most 24h");
    assertThatThrownBy(() -> parse("tags: [\"has space\"]\n"))
        .hasMessageStartingWith("f.yaml: 'tags' must be a list of words")
        .hasMessageEndingWith("got 'has space'");
    assertThatThrownBy(() -> parse("tags: [{a: b}]\n")).hasMessageEndingWith("a nested value");
    assertThatThrownBy(() -> parse("owner: me\n"))
        .hasMessage(
            "f.yaml: unknown key 'owner'; a flow has only 'name', 'tags', 'timeout' and 'steps'");
  }
}
