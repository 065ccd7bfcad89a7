package dev.apex.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The prompt version a label cache keys on follows the prompt texts by itself. */
class PromptsVersionTest {

  private static final String TEMPLATE = Prompts.user("\u0001", "\u0002");

  @Test
  void theVersionIsTheFormatAndAShortHashOfThePrompts() {
    assertThat(Prompts.VERSION).matches(Prompts.FORMAT + "-[0-9a-f]{12}");
    assertThat(Enricher.promptVersion()).isEqualTo(Prompts.VERSION);
    assertThat(Prompts.version(Prompts.SYSTEM, TEMPLATE)).isEqualTo(Prompts.VERSION);
  }

  @Test
  void editingTheSystemPromptChangesTheVersion() {
    assertThat(Prompts.version(Prompts.SYSTEM + " ", TEMPLATE)).isNotEqualTo(Prompts.VERSION);
  }

  @Test
  void editingTheUserTemplateChangesTheVersion() {
    assertThat(Prompts.version(Prompts.SYSTEM, TEMPLATE.replace("Label", "Describe")))
        .isNotEqualTo(Prompts.VERSION);
  }

  @Test
  void movingTextBetweenTheTwoPromptsChangesTheVersion() {
    assertThat(Prompts.version("ab", "c")).isNotEqualTo(Prompts.version("a", "bc"));
  }
}
