package dev.apex.anthropic;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;
import dev.apex.core.Bounds;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.core.Source;
import dev.apex.llm.SemanticConfig;
import dev.apex.semantic.Enricher;
import dev.apex.semantic.EnrichmentContext;
import dev.apex.semantic.Scenes;
import dev.apex.testkit.FakeClock;
import dev.apex.testkit.RecordingSleeper;
import dev.apex.testkit.llm.FakeMessagesApi;
import dev.apex.testkit.llm.FakeReply;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The cacheable prefix (D6): the system block and the output schema must be the same bytes on every
 * call, whatever the scene or goal. Also estimates the prefix's size (jtokkit cl100k — an
 * approximation of Claude's tokenizer) and prints it.
 */
class PromptPrefixTest {

  /** Claude Haiku 4.5 caches nothing shorter than this many tokens. */
  private static final int HAIKU_4_5_MIN_CACHEABLE = 4096;

  @Test
  void theSystemBlockAndSchemaDoNotVaryBetweenCalls() {
    Scene other =
        new Scene(
            800,
            600,
            List.of(
                new SceneElement(
                    "9/3", "button", new Bounds(1, 2, 30, 40), "Pay now", 1.0, Source.OCR)));
    try (FakeMessagesApi api = FakeMessagesApi.start();
        Enricher enricher =
            Enricher.create(
                SemanticConfig.defaults()
                    .withEnabled(true)
                    .withApiKey("test")
                    .withBaseUrl(api.baseUrl()),
                new FakeClock(),
                new RecordingSleeper())) {
      api.enqueue(
          FakeReply.text(Scenes.json(Scenes.loginReply())),
          FakeReply.text(Scenes.json(Scenes.loginReply())));

      enricher.enrich(Scenes.login());
      enricher.enrich(other, EnrichmentContext.defaults().withGoal("buy the red shoes"));

      JsonNode first = api.requests().get(0).json();
      JsonNode second = api.requests().get(1).json();
      assertThat(second.path("system")).isEqualTo(first.path("system"));
      assertThat(second.path("output_config")).isEqualTo(first.path("output_config"));
      assertThat(second.path("messages")).isNotEqualTo(first.path("messages"));

      Encoding cl100k = Encodings.newLazyEncodingRegistry().getEncoding(EncodingType.CL100K_BASE);
      int system = cl100k.countTokens(first.path("system").get(0).path("text").asText());
      int schema = cl100k.countTokens(first.path("output_config").toString());
      System.out.printf(
          "static prefix (cl100k estimate): system %d + schema %d = %d tokens;"
              + " Claude Haiku 4.5 caches from %d, so it is %s%n",
          system,
          schema,
          system + schema,
          HAIKU_4_5_MIN_CACHEABLE,
          system + schema >= HAIKU_4_5_MIN_CACHEABLE ? "cacheable" : "too short to cache");
      assertThat(system).isPositive();
      assertThat(schema).isPositive();
    }
  }
}
