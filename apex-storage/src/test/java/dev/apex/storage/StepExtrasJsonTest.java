package dev.apex.storage;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.apex.core.Json;
import dev.apex.llm.LlmUsage;
import dev.apex.llm.SemanticScene;
import dev.apex.timeline.LabelCacheHit;
import dev.apex.timeline.ReplayMark;
import dev.apex.timeline.StepExtras;
import dev.apex.timeline.StepUsage;
import dev.apex.world.WorldState;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The stored form of a step's extras: the old JSON, read back leniently. */
class StepExtrasJsonTest {

  private static final StepUsage LABELLING = StepUsage.of(new LlmUsage(410, 35, 1200, 0));
  private static final StepUsage PLANNING =
      new StepUsage("claude-sonnet-5-5", 1, new LlmUsage(900, 60, 0, 2300), 0.0123);

  private static JsonNode json(String text) {
    try {
      return Json.mapper().readTree(text);
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void oneUsageIsAnObjectSeveralAListEachInItsOwnShape() {
    ObjectNode one = StepExtrasJson.write(new StepExtras(null, null, List.of(PLANNING), null));
    assertThat(one.toString())
        .isEqualTo(
            "{\"llm_usage\":{\"model\":\"claude-sonnet-5-5\",\"calls\":1,\"input_tokens\":900,"
                + "\"output_tokens\":60,\"cache_creation_tokens\":0,\"cache_read_tokens\":2300,"
                + "\"cost_usd\":0.0123}}");
    ObjectNode two =
        StepExtrasJson.write(new StepExtras(null, null, List.of(LABELLING, PLANNING), null));
    assertThat(two.get("llm_usage").isArray()).isTrue();
    assertThat(two.get("llm_usage").get(0).toString())
        .isEqualTo(
            "{\"inputTokens\":410,\"outputTokens\":35,\"cacheCreationTokens\":1200,"
                + "\"cacheReadTokens\":0}");
    assertThat(StepExtrasJson.write(StepExtras.NONE).toString()).isEqualTo("{}");
  }

  @Test
  void everyPartRoundTrips() {
    StepExtras extras =
        new StepExtras(
            new SemanticScene(
                "login",
                List.of("sign in"),
                List.of(new SemanticScene.Widget("n0/user", "user name"))),
            "timeout",
            List.of(LABELLING, PLANNING, new StepUsage(null, 3, LlmUsage.NONE, 0.5)),
            new WorldState("com.example", "login", "abc", Map.of("user", "ada"), List.of()));

    StepExtrasJson.Read read = StepExtrasJson.read(StepExtrasJson.write(extras));

    assertThat(read.extras()).isEqualTo(extras);
    assertThat(read.others()).isEmpty();
  }

  @Test
  void unknownKeysAndValuesThatAreNotTheirTypeAreKeptAsOthersNeverAFailure() {
    StepExtrasJson.Read read =
        StepExtrasJson.read(
            json(
                "{\"note\":\"hi\",\"world\":{\"screen\":\"home\",\"visits\":3},"
                    + "\"llm_usage\":[{\"inputTokens\":1},\"planner\"],"
                    + "\"semantic_unavailable\":7,\"semantic_scene\":{\"intents\":[]}}"));

    assertThat(read.extras().llmUsage()).isEmpty();
    assertThat(read.extras().semanticUnavailable()).isNull();
    assertThat(read.extras().semanticScene()).as("no page: not a SemanticScene").isNull();
    assertThat(read.others().fieldNames())
        .toIterable()
        .containsExactlyInAnyOrder("note", "llm_usage", "semantic_unavailable", "semantic_scene");
    assertThat(read.others().get("llm_usage").get(1).asText()).isEqualTo("planner");
    assertThat(read.extras().world())
        .as("a property WorldState does not know is skipped; the rest reads")
        .isEqualTo(new WorldState(null, null, null, Map.of(), List.of()));
  }

  @Test
  void aNewerWorldWithAPropertyThisVersionDoesNotKnowStillReads() {
    StepExtras extras =
        StepExtrasJson.read(
                json("{\"world\":{\"currentApp\":\"com.x\",\"confidence\":0.9,\"variables\":{}}}"))
            .extras();

    assertThat(extras.world().currentApp()).isEqualTo("com.x");
  }

  @Test
  void negativeOrFractionalTokenCountsAreNotAUsage() {
    StepExtrasJson.Read read =
        StepExtrasJson.read(json("{\"llm_usage\":{\"input_tokens\":-1,\"output_tokens\":2}}"));
    assertThat(read.extras().llmUsage()).isEmpty();
    assertThat(read.others().has("llm_usage")).isTrue();
    assertThat(StepExtrasJson.read(json("{\"llm_usage\":{\"inputTokens\":1.5}}")).others())
        .hasSize(1);
  }

  @Test
  void aStepThatIsNotAnObjectReadsAsNoExtras() {
    assertThat(StepExtrasJson.read(json("[1,2]")).extras()).isEqualTo(StepExtras.NONE);
    assertThat(StepExtrasJson.read(null).extras()).isEqualTo(StepExtras.NONE);
  }

  @Test
  void aLabelCacheHitRoundTripsUnderItsOwnName() {
    LabelCacheHit hit =
        new LabelCacheHit(LabelCacheHit.Level.TIMELINE, new LlmUsage(410, 35, 0, 0));
    StepExtras extras =
        new StepExtras(null, null, List.of(), null, ReplayMark.healed(2, "gone"), hit);

    ObjectNode written = StepExtrasJson.write(extras);

    assertThat(written.get("label_cache").toString())
        .isEqualTo(
            "{\"level\":\"timeline\",\"saved\":{\"inputTokens\":410,\"outputTokens\":35,"
                + "\"cacheCreationTokens\":0,\"cacheReadTokens\":0}}");
    assertThat(StepExtrasJson.read(written).extras()).isEqualTo(extras);
  }

  @Test
  void aLabelCacheEntryThatIsNotOneIsKeptAsAnOther() {
    for (String garbage :
        List.of(
            "{\"label_cache\":\"task\"}",
            "{\"label_cache\":{\"level\":\"forever\",\"saved\":{}}}",
            "{\"label_cache\":{\"level\":\"task\"}}",
            "{\"label_cache\":{\"level\":\"task\",\"saved\":{\"inputTokens\":-5}}}")) {
      StepExtrasJson.Read read = StepExtrasJson.read(json(garbage));
      assertThat(read.extras().labelCache()).as(garbage).isNull();
      assertThat(read.others().has("label_cache")).as(garbage).isTrue();
    }
  }
}
