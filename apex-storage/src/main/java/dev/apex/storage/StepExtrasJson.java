package dev.apex.storage;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.apex.core.Json;
import dev.apex.llm.LlmUsage;
import dev.apex.llm.SemanticScene;
import dev.apex.timeline.LabelCacheHit;
import dev.apex.timeline.ReplayMark;
import dev.apex.timeline.StepExtras;
import dev.apex.timeline.StepUsage;
import dev.apex.world.WorldState;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The stored form of {@link StepExtras}: the step's annotations JSON object, exactly as versions
 * before the typed extras wrote it, so old and new files read the same way.
 *
 * <ul>
 *   <li>{@code llm_usage}: one object when the step has one usage, a list when it has several. A
 *       usage that knows only its tokens ({@link StepUsage#tokensOnly()}, the labeller's) is {@code
 *       {"inputTokens", "outputTokens", "cacheCreationTokens", "cacheReadTokens"}}; any other (the
 *       planner's) is {@code {"model", "calls", "input_tokens", "output_tokens",
 *       "cache_creation_tokens", "cache_read_tokens", "cost_usd"}}, model and cost left out when
 *       unknown. Both shapes are read back.
 *   <li>{@code semantic_unavailable}: the reason, a string.
 *   <li>{@code semantic_scene}, {@code world}, {@code replay}: the {@link SemanticScene}, {@link
 *       WorldState} and {@link ReplayMark} as {@link Json} writes them.
 *   <li>{@code label_cache}: the {@link LabelCacheHit} of a step labelled from a cache, {@code
 *       {"level": "task" or "timeline", "saved": {"inputTokens", "outputTokens",
 *       "cacheCreationTokens", "cacheReadTokens"}}}, the tokens in the labeller's usage shape.
 * </ul>
 *
 * <p>Reading is lenient, for files written by other versions: properties a type does not know are
 * skipped, and an entry that does not read as its type (or any key this version does not know) is
 * left out of the extras and returned among the {@linkplain Read#others() others}, never a failure.
 * Stateless and thread-safe.
 */
public final class StepExtrasJson {

  /** The names the extras are stored under. */
  public static final String SEMANTIC_SCENE = "semantic_scene";

  public static final String SEMANTIC_UNAVAILABLE = "semantic_unavailable";
  public static final String LLM_USAGE = "llm_usage";
  public static final String WORLD = "world";
  public static final String REPLAY = "replay";
  public static final String LABEL_CACHE = "label_cache";

  /** Every name {@link #read} turns into a typed value when it can. */
  public static final Set<String> KNOWN =
      Set.of(SEMANTIC_SCENE, SEMANTIC_UNAVAILABLE, LLM_USAGE, WORLD, REPLAY, LABEL_CACHE);

  private static final ObjectReader LENIENT =
      Json.mapper().reader().without(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  private StepExtrasJson() {}

  /**
   * What a stored annotations object holds.
   *
   * @param extras the entries that read as their types
   * @param others every other entry, by name, as stored (an empty object when there are none)
   */
  public record Read(StepExtras extras, ObjectNode others) {
    public Read {
      Objects.requireNonNull(extras, "extras");
      Objects.requireNonNull(others, "others");
    }
  }

  /** The annotations object for {@code extras} ({@code {}} when it is empty). */
  public static ObjectNode write(StepExtras extras) {
    Objects.requireNonNull(extras, "extras");
    ObjectNode node = JsonNodeFactory.instance.objectNode();
    JsonNode usage = usage(extras.llmUsage());
    if (!usage.isNull()) {
      node.set(LLM_USAGE, usage);
    }
    if (extras.semanticUnavailable() != null) {
      node.put(SEMANTIC_UNAVAILABLE, extras.semanticUnavailable());
    }
    if (extras.semanticScene() != null) {
      node.set(SEMANTIC_SCENE, Json.mapper().valueToTree(extras.semanticScene()));
    }
    if (extras.world() != null) {
      node.set(WORLD, Json.mapper().valueToTree(extras.world()));
    }
    if (extras.replay() != null) {
      node.set(REPLAY, Json.mapper().valueToTree(extras.replay()));
    }
    if (extras.labelCache() != null) {
      node.set(LABEL_CACHE, Json.mapper().valueToTree(extras.labelCache()));
    }
    return node;
  }

  /**
   * The {@code llm_usage} value for {@code usages}: JSON null when empty, one object, or a list.
   */
  public static JsonNode usage(List<StepUsage> usages) {
    Objects.requireNonNull(usages, "usages");
    if (usages.isEmpty()) {
      return JsonNodeFactory.instance.nullNode();
    }
    if (usages.size() == 1) {
      return usage(usages.get(0));
    }
    var list = JsonNodeFactory.instance.arrayNode();
    usages.forEach(u -> list.add(usage(u)));
    return list;
  }

  private static ObjectNode usage(StepUsage u) {
    ObjectNode node = JsonNodeFactory.instance.objectNode();
    LlmUsage t = u.tokens();
    if (u.tokensOnly()) {
      node.put("inputTokens", t.inputTokens());
      node.put("outputTokens", t.outputTokens());
      node.put("cacheCreationTokens", t.cacheCreationTokens());
      node.put("cacheReadTokens", t.cacheReadTokens());
      return node;
    }
    if (u.model() != null) {
      node.put("model", u.model());
    }
    node.put("calls", u.calls());
    node.put("input_tokens", t.inputTokens());
    node.put("output_tokens", t.outputTokens());
    node.put("cache_creation_tokens", t.cacheCreationTokens());
    node.put("cache_read_tokens", t.cacheReadTokens());
    if (u.costUsd() != null) {
      node.put("cost_usd", u.costUsd());
    }
    return node;
  }

  /** Reads a stored annotations object; anything but an object reads as no extras. */
  public static Read read(JsonNode annotations) {
    ObjectNode others = JsonNodeFactory.instance.objectNode();
    if (annotations == null || !annotations.isObject()) {
      return new Read(StepExtras.NONE, others);
    }
    SemanticScene semantic = null;
    String unavailable = null;
    List<StepUsage> usages = List.of();
    WorldState world = null;
    ReplayMark replay = null;
    LabelCacheHit labelCache = null;
    for (Iterator<Map.Entry<String, JsonNode>> it = annotations.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> entry = it.next();
      JsonNode value = entry.getValue();
      boolean read = true;
      switch (entry.getKey()) {
        case SEMANTIC_SCENE -> {
          semantic = value.isObject() ? as(value, SemanticScene.class) : null;
          read = semantic != null || value.isNull();
        }
        case SEMANTIC_UNAVAILABLE -> {
          unavailable = value.isTextual() ? value.asText() : null;
          read = unavailable != null || value.isNull();
        }
        case LLM_USAGE -> {
          List<StepUsage> parsed = usages(value);
          usages = parsed == null ? List.of() : parsed;
          read = parsed != null;
        }
        case WORLD -> {
          world = value.isObject() ? as(value, WorldState.class) : null;
          read = world != null || value.isNull();
        }
        case REPLAY -> {
          replay = value.isObject() ? as(value, ReplayMark.class) : null;
          read = replay != null || value.isNull();
        }
        case LABEL_CACHE -> {
          labelCache = value.isObject() ? as(value, LabelCacheHit.class) : null;
          read = labelCache != null || value.isNull();
        }
        default -> read = false;
      }
      if (!read) {
        others.set(entry.getKey(), value);
      }
    }
    return new Read(
        new StepExtras(semantic, unavailable, usages, world, replay, labelCache), others);
  }

  /** The usages of an {@code llm_usage} value, or null when it is not one. */
  private static List<StepUsage> usages(JsonNode value) {
    if (value.isNull()) {
      return List.of();
    }
    if (value.isObject()) {
      StepUsage one = usageOf(value);
      return one == null ? null : List.of(one);
    }
    if (!value.isArray()) {
      return null;
    }
    List<StepUsage> all = new ArrayList<>();
    for (JsonNode element : value) {
      StepUsage u = element.isObject() ? usageOf(element) : null;
      if (u == null) {
        return null;
      }
      all.add(u);
    }
    return all;
  }

  private static StepUsage usageOf(JsonNode node) {
    try {
      if (node.has("input_tokens") || node.has("output_tokens")) {
        JsonNode model = node.get("model");
        JsonNode cost = node.get("cost_usd");
        return new StepUsage(
            model != null && model.isTextual() ? model.asText() : null,
            node.has("calls") ? count(node.get("calls")) : 1,
            new LlmUsage(
                tokens(node, "input_tokens"),
                tokens(node, "output_tokens"),
                tokens(node, "cache_creation_tokens"),
                tokens(node, "cache_read_tokens")),
            cost != null && cost.isNumber() ? cost.asDouble() : null);
      }
      if (node.has("inputTokens") || node.has("outputTokens")) {
        return StepUsage.of(
            new LlmUsage(
                tokens(node, "inputTokens"),
                tokens(node, "outputTokens"),
                tokens(node, "cacheCreationTokens"),
                tokens(node, "cacheReadTokens")));
      }
      return null;
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  private static long tokens(JsonNode node, String name) {
    JsonNode value = node.get(name);
    if (value == null || value.isNull()) {
      return 0;
    }
    if (!value.isIntegralNumber()) {
      throw new IllegalArgumentException(name + " is not a whole number");
    }
    return value.asLong();
  }

  private static int count(JsonNode value) {
    if (value == null || !value.canConvertToInt()) {
      throw new IllegalArgumentException("calls is not a whole number");
    }
    return value.asInt();
  }

  private static <T> T as(JsonNode value, Class<T> type) {
    try {
      return LENIENT.treeToValue(value, type);
    } catch (IOException | RuntimeException e) {
      // Written by another version, or not by apex: shown as stored, among the others.
      return null;
    }
  }
}
