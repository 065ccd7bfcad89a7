package dev.apex.semantic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.InvalidInputException;
import dev.apex.llm.LlmProviders;
import dev.apex.llm.SemanticConfig;
import org.junit.jupiter.api.Test;

/**
 * This module has no model SDK and no provider on its classpath: asking for one names the module to
 * add, and an enricher with a key but no provider fails at creation with that line.
 */
class ProvidersTest {

  @Test
  void noProviderIsOnThisModulesClasspath() {
    assertThat(LlmProviders.available()).isEmpty();
  }

  @Test
  void theDefaultProviderNamesItsModule() {
    assertThatThrownBy(() -> LlmProviders.require("anthropic"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("apex-anthropic");
  }

  @Test
  void anUnknownProviderIsRefused() {
    assertThatThrownBy(() -> LlmProviders.require("acme"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("unknown model provider 'acme'");
  }

  @Test
  void anEnricherWithoutAKeyNeedsNoProvider() {
    try (Enricher enricher = Enricher.create(SemanticConfig.defaults().withEnabled(true))) {
      assertThat(enricher.enrichScene(Scenes.login())).isNull();
    }
  }
}
