package dev.apex.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The one line a step reads as, wherever a step is shown. */
class PlannedStepTest {

  @Test
  void aStepReadsAsItsActionAndItsArgumentsStringsQuotedTheRestAsJson() {
    Map<String, Object> args = new LinkedHashMap<>();
    args.put("text", "Wi-Fi");
    args.put("timeout_ms", 0);
    args.put("checkable", true);
    assertThat(PlannedStep.of("tap", args).describe())
        .isEqualTo("tap text=\"Wi-Fi\" timeout_ms=0 checkable=true");
    assertThat(PlannedStep.of("describe_screen").describe()).isEqualTo("describe_screen");
  }

  @Test
  void aLongValueIsCutAfterItIsRedactedAndNewlinesBecomeSpaces() {
    String secret = "sk-ant-" + "x".repeat(60);
    Secrets.register(secret);
    String line =
        PlannedStep.of("type_text", Map.of("text", "key " + secret + "\nnext")).describe();
    assertThat(line)
        .startsWith("type_text text=\"key " + Secrets.MASK)
        .doesNotContain("xxxxxxxxxxxx");
    assertThat(line).doesNotContain("\n");
    String long80 = "a".repeat(80);
    assertThat(PlannedStep.of("type_text", Map.of("text", long80)).describe())
        .isEqualTo("type_text text=\"" + "a".repeat(39) + Text.ELLIPSIS + "\"");
  }
}
