package dev.apex.tools;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.Json;
import dev.apex.core.Scene;
import dev.apex.llm.SemanticConfig;
import dev.apex.perception.CompactEncoder;
import dev.apex.semantic.Enricher;
import dev.apex.testkit.llm.FakeMessagesApi;
import dev.apex.testkit.llm.FakeReply;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code describe_screen_semantic} (seed 004, D7) beside an unchanged {@code describe_screen}. */
class DescribeScreenSemanticToolTest {

  @Test
  void theDefaultRegistryHasBothToolsAndDescribeScreenIsUnchanged() {
    ToolRegistry registry = ToolRegistry.defaultRegistry();

    assertThat(registry.get("describe_screen")).isInstanceOf(DescribeScreenTool.class);
    assertThat(registry.get("describe_screen_semantic"))
        .isInstanceOf(DescribeScreenSemanticTool.class);

    ToolFixture f = new ToolFixture().observes(TestScenes.settingsMain());
    assertThat(f.run(registry.get("describe_screen"), Map.of()))
        .isEqualTo(CompactEncoder.encode(TestScenes.settingsMain()));
    assertThat(f.run(registry.get("describe_screen"), Map.of("format", "json")))
        .isEqualTo(TestScenes.settingsMain());
    assertThat(f.observations).isEqualTo(2);
  }

  @Test
  void withLabellingOffItReturnsTheSceneAndANullSemanticSceneWithoutAnyCall() {
    ToolFixture f = new ToolFixture().observes(TestScenes.settingsMain());

    Object out = f.run(ToolRegistry.defaultRegistry().get("describe_screen_semantic"), Map.of());

    DescribeScreenSemanticTool.Output output = (DescribeScreenSemanticTool.Output) out;
    assertThat(output.scene()).isEqualTo(TestScenes.settingsMain());
    assertThat(output.semanticScene()).isNull();
    assertThat(output.unavailable()).isEqualTo("disabled");
    assertThat(Json.write(output)).contains("\"semantic_scene\":null");
  }

  @Test
  void withLabellingOnTheModelSeesHandlesAndTheToolReturnsElementIds() {
    Scene scene = TestScenes.settingsMain();
    String secondId = scene.elements().get(1).id();
    try (FakeMessagesApi claude = FakeMessagesApi.start()) {
      claude.enqueue(
          FakeReply.text(
              "{\"page\":\"settings\",\"intents\":[\"open wi-fi\"],"
                  + "\"widgets\":[{\"element_id\":\"2\",\"purpose\":\"open the Wi-Fi page\"},"
                  + "{\"element_id\":\"99\",\"purpose\":\"made up\"}]}"));
      SemanticConfig config =
          SemanticConfig.defaults()
              .withEnabled(true)
              .withApiKey("test-key")
              .withBaseUrl(claude.baseUrl());
      try (Enricher enricher = Enricher.create(config)) {
        ToolRegistry registry =
            ToolRegistry.defaultRegistry().replace(new DescribeScreenSemanticTool(enricher));
        ToolFixture f = new ToolFixture().observes(scene);

        DescribeScreenSemanticTool.Output out =
            (DescribeScreenSemanticTool.Output)
                f.run(registry.get("describe_screen_semantic"), Map.of());

        assertThat(out.semanticScene().page()).isEqualTo("settings");
        assertThat(out.semanticScene().widgets())
            .singleElement()
            .satisfies(w -> assertThat(w.elementId()).isEqualTo(secondId));
        assertThat(claude.onlyRequest().body()).contains("\\n2 ");
      }
    }
  }
}
