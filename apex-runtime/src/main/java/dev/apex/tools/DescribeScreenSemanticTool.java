package dev.apex.tools;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.llm.SemanticConfig;
import dev.apex.llm.SemanticScene;
import dev.apex.perception.CompactEncoder;
import dev.apex.semantic.Enricher;
import dev.apex.semantic.Enrichment;
import dev.apex.semantic.EnrichmentContext;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * {@code describe_screen_semantic} (seed 004, D7): observes the screen, then makes one {@link
 * Enricher#enrich} call, and returns {@code {scene, semantic_scene}} with {@code semantic_scene}
 * null whenever labelling is off or failed — the tool itself fails only when the screen could not
 * be observed. The scene reaches the model as perception's compact encoding; the handles the model
 * answers with are mapped back to element ids. The only tool that may use {@code semantic}; {@code
 * describe_screen} stays untouched.
 */
public final class DescribeScreenSemanticTool implements Tool<NoArgs> {

  /**
   * What the tool returns.
   *
   * @param scene the observed scene
   * @param semanticScene its labels, or null
   * @param unavailable why there are no labels ({@code disabled}, {@code timeout}, …), or null
   */
  public record Output(
      Scene scene,
      @JsonProperty("semantic_scene") SemanticScene semanticScene,
      @JsonProperty("semantic_unavailable") String unavailable) {}

  private final Enricher enricher;

  /** With labelling off: costs nothing and returns a null semantic scene. */
  public DescribeScreenSemanticTool() {
    this(Enricher.create(SemanticConfig.defaults()));
  }

  public DescribeScreenSemanticTool(Enricher enricher) {
    this.enricher = Objects.requireNonNull(enricher, "enricher");
  }

  @Override
  public String name() {
    return "describe_screen_semantic";
  }

  @Override
  public String description() {
    return "Observe the screen and label it: the page, what a user can do, what elements are for.";
  }

  @Override
  public List<ArgSpec> args() {
    return List.of();
  }

  @Override
  public NoArgs parse(Map<String, Object> args) {
    ArgSpec.validate(name(), args(), args);
    return NoArgs.NONE;
  }

  @Override
  public Output execute(NoArgs args, ToolContext ctx) {
    Scene scene = ctx.observe();
    Enrichment enrichment = enricher.enrich(scene, context(scene));
    return new Output(
        scene, enrichment.semanticScene(), enrichment.available() ? null : enrichment.reason());
  }

  /** Shows the model the compact encoding and maps its handles back to element ids. */
  public static EnrichmentContext context(Scene scene) {
    return EnrichmentContext.defaults()
        .withEncoding(
            CompactEncoder::encode,
            ref -> CompactEncoder.resolve(scene, ref).map(SceneElement::id));
  }
}
