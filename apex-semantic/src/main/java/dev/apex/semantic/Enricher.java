package dev.apex.semantic;

import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.core.Sleeper;
import dev.apex.llm.FailureReason;
import dev.apex.llm.LlmClient;
import dev.apex.llm.LlmProviders;
import dev.apex.llm.LlmRequest;
import dev.apex.llm.LlmResult;
import dev.apex.llm.LlmUsage;
import dev.apex.llm.SemanticConfig;
import dev.apex.llm.SemanticScene;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns a {@link Scene} into a {@link SemanticScene} with one structured LLM call (seed 004).
 *
 * <p>Never throws for an expected failure (D2): disabled, no API key, timeout, connection failure,
 * rate limit, overload, server or request error, refusal, a reply cut off, not JSON or not matching
 * the schema — each gives no semantic scene and exactly one log line naming the reason (never the
 * key). The whole call, retries included, stays within {@link SemanticConfig#timeout()}. Widgets
 * whose {@code element_id} does not resolve to an element of the scene are dropped, counted and
 * logged, never a failure. Thread-safe; close it to release the HTTP client's connections and
 * threads.
 */
public final class Enricher implements AutoCloseable {

  /** Output ceiling: 30 widgets and 8 intents fit with room to spare. */
  public static final long MAX_OUTPUT_TOKENS = 2048;

  private static final int IDS_IN_LOG = 5;
  private static final Logger log = LoggerFactory.getLogger(Enricher.class);

  private final SemanticConfig config;
  private final LlmClient client;

  /**
   * An enricher for {@code config}; {@code client} may be null (then, when enabled, every call
   * fails with {@link FailureReason#NO_API_KEY}). It is not used while {@code config} is disabled.
   */
  public Enricher(SemanticConfig config, LlmClient client) {
    this.config = Objects.requireNonNull(config, "config");
    this.client = client;
  }

  /** An enricher on {@code config}'s model provider, with the system clock and real sleeps. */
  public static Enricher create(SemanticConfig config) {
    return create(config, Clock.systemUTC(), Sleeper.SYSTEM);
  }

  /**
   * An enricher on {@code config}'s model provider ({@link SemanticConfig#provider()}: Anthropic
   * from {@code apex-anthropic}, or any OpenAI-compatible endpoint from {@code apex-openai}). When
   * {@code config} is disabled or not {@link SemanticConfig#ready() ready} (Anthropic without a
   * key) no client is built, so nothing touches the network.
   */
  public static Enricher create(SemanticConfig config, Clock clock, Sleeper sleeper) {
    Objects.requireNonNull(config, "config");
    boolean usable = config.enabled() && config.ready();
    return new Enricher(
        config,
        usable ? LlmProviders.require(config.provider()).structured(config, clock, sleeper) : null);
  }

  /** The model that labels, as the configuration names it: part of a label cache's key. */
  public String model() {
    return config.model();
  }

  /**
   * The version of the labelling prompts ({@link Prompts#VERSION}): part of a label cache's key, so
   * labels made by other prompts are never served. It changes by itself when a prompt text does.
   */
  public static String promptVersion() {
    return Prompts.VERSION;
  }

  /** The semantic scene, or null when enrichment is unavailable for any expected reason. */
  public SemanticScene enrichScene(Scene scene, EnrichmentContext context) {
    return enrich(scene, context).semanticScene();
  }

  public SemanticScene enrichScene(Scene scene) {
    return enrichScene(scene, EnrichmentContext.defaults());
  }

  public Enrichment enrich(Scene scene) {
    return enrich(scene, EnrichmentContext.defaults());
  }

  /**
   * The semantic scene, or why there is none, with the call's token usage.
   *
   * @param context may be null for {@link EnrichmentContext#defaults()}
   */
  public Enrichment enrich(Scene scene, EnrichmentContext context) {
    Objects.requireNonNull(scene, "scene");
    EnrichmentContext ctx = context == null ? EnrichmentContext.defaults() : context;
    if (!config.enabled()) {
      log.debug("semantic: unavailable (disabled): enrichment is off in the configuration");
      return Enrichment.failed(FailureReason.DISABLED, "enrichment is off", LlmUsage.NONE);
    }
    if (client == null) {
      return failed(
          Enrichment.failed(
              FailureReason.NO_API_KEY, "no API key; set ANTHROPIC_API_KEY", LlmUsage.NONE));
    }
    LlmRequest request =
        new LlmRequest(
            config.model(),
            Prompts.SYSTEM,
            Prompts.user(ctx.formatter().format(scene), ctx.goal()),
            MAX_OUTPUT_TOKENS,
            config.timeout());
    LlmResult<SemanticScene> result = client.complete(request, SemanticScene.class);
    if (!result.succeeded()) {
      String detail =
          result.detail() + " (" + result.attempts() + plural(result.attempts(), " attempt") + ")";
      return failed(Enrichment.failed(result.failure(), detail, result.usage()));
    }
    return keepKnownWidgets(result.value(), scene, ctx, result.usage());
  }

  private Enrichment keepKnownWidgets(
      SemanticScene reply, Scene scene, EnrichmentContext ctx, LlmUsage usage) {
    Set<String> ids = scene.elements().stream().map(SceneElement::id).collect(Collectors.toSet());
    List<SemanticScene.Widget> kept = new ArrayList<>();
    List<String> unknown = new ArrayList<>();
    for (SemanticScene.Widget widget : reply.widgets()) {
      Optional<String> id = ctx.idResolver().apply(widget.elementId());
      if (id != null && id.isPresent() && ids.contains(id.get())) {
        kept.add(widget.withElementId(id.get()));
      } else {
        unknown.add(widget.elementId());
      }
    }
    SemanticScene semantic = new SemanticScene(reply.page(), reply.intents(), kept);
    if (!unknown.isEmpty()) {
      log.info(
          "semantic: dropped {} widget{} with element ids not in the scene: {}",
          unknown.size(),
          unknown.size() == 1 ? "" : "s",
          unknown.stream().limit(IDS_IN_LOG).map(Enricher::clip).collect(Collectors.toList()));
    }
    log.debug(
        "semantic: page {} ({} intents, {} widgets); tokens in {} out {} cache write {} read {}",
        clip(semantic.page()),
        semantic.intents().size(),
        kept.size(),
        usage.inputTokens(),
        usage.outputTokens(),
        usage.cacheCreationTokens(),
        usage.cacheReadTokens());
    return Enrichment.success(semantic, usage, unknown.size());
  }

  private static Enrichment failed(Enrichment failure) {
    log.warn("semantic: unavailable ({}): {}", failure.reason(), failure.detail());
    return failure;
  }

  private static String plural(int n, String word) {
    return n == 1 ? word : word + "s";
  }

  private static String clip(String modelText) {
    return dev.apex.core.Text.oneLine(modelText, 60);
  }

  /** Closes the LLM client, if one was built. */
  @Override
  public void close() {
    if (client != null) {
      client.close();
    }
  }
}
