package dev.apex.anthropic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.apex.llm.SemanticConfig;
import dev.apex.semantic.Enricher;
import dev.apex.semantic.Enrichment;
import dev.apex.semantic.Scenes;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Calls the real API — only when {@code ANTHROPIC_API_KEY} is set (skipped otherwise). Checks the
 * contract, not the labels: a real reply parses into a SemanticScene whose widgets all name
 * elements of the scene.
 */
class LiveApiTest {

  @Test
  void enrichesARealLoginScreen() {
    SemanticConfig config = SemanticConfig.fromEnv();
    assumeTrue(config.hasApiKey(), "ANTHROPIC_API_KEY is not set; skipping the live API test");

    try (Enricher enricher =
        Enricher.create(config.withEnabled(true).withTimeout(Duration.ofSeconds(30)))) {
      Enrichment enrichment = enricher.enrich(Scenes.login());

      assertThat(enrichment.failure()).as(enrichment.detail()).isNull();
      assertThat(enrichment.semanticScene().page()).isNotBlank();
      assertThat(enrichment.semanticScene().widgets())
          .allMatch(w -> Scenes.login().element(w.elementId()).isPresent());
      assertThat(enrichment.usage().outputTokens()).isPositive();
    }
  }
}
