package dev.apex.runtime.observe;

import dev.apex.core.Scene;
import dev.apex.llm.LlmUsage;
import dev.apex.llm.SemanticScene;
import dev.apex.timeline.CachedLabels;
import dev.apex.timeline.LabelCacheHit;
import dev.apex.timeline.LabelKey;
import dev.apex.timeline.LabelStore;
import dev.apex.world.ScreenSignature;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The label caches of one task: a screen whose labels were made earlier is labelled again with no
 * model call. An entry is found by {@link LabelKey}: the screen's content-free {@link
 * ScreenSignature}, the labelling model and the prompts' version; the task's goal is not part of it
 * (it only ranks the intents), so the labels of a screen serve every goal.
 *
 * <p>What an entry may serve depends on the live screen's words. A widget whose element shows a
 * text of its own keeps its purpose while that text is unchanged (digits aside). The purpose of a
 * control without text of its own (an icon) was made from the words around it, so an entry holding
 * one is served only while the whole screen's words ({@link ScreenTexts#ofScreen}, digits aside)
 * are those it was labelled with; otherwise it is a miss and the screen is labelled afresh. So the
 * same dialog with the same text-less confirm icon, asking "Delete all your photos?" where it asked
 * about opening settings, is never served the purpose made for the other message, while a settings
 * screen whose switches turned from Off to On keeps its labels.
 *
 * <p>Two levels: this task's own entries (in memory, the newest {@value #MAX_TASK_ENTRIES}), and,
 * when a {@link LabelStore} is given ({@link LabelCacheMode#TIMELINE}), the timeline's, kept across
 * tasks until they are older than the ttl. Served labels are applied to the live screen: a widget
 * whose element is gone or whose text changed since it was labelled is left out, so the safety
 * policy never reads a purpose an element may no longer have.
 *
 * <p>A store that fails is logged once and left alone for the rest of the task: a cache never fails
 * a task, it only saves calls. What the cache saved adds up in {@link #savings()}. Thread-safe.
 */
public final class LabelCache {

  /** The most screens one task remembers; the least recently used are forgotten first. */
  public static final int MAX_TASK_ENTRIES = 256;

  private static final Logger log = LoggerFactory.getLogger(LabelCache.class);

  private final String model;
  private final String promptVersion;
  private final Duration ttl;
  private LabelStore store;
  private LabelSavings savings = LabelSavings.NONE;

  private final Map<LabelKey, CachedLabels> task =
      new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<LabelKey, CachedLabels> eldest) {
          return size() > MAX_TASK_ENTRIES;
        }
      };

  /**
   * @param model the labelling model's id
   * @param promptVersion the labelling prompts' version ({@code Enricher.promptVersion()})
   * @param store where labellings are kept across tasks, or null for this task only
   * @param ttl how long the store serves an entry, positive
   */
  public LabelCache(String model, String promptVersion, LabelStore store, Duration ttl) {
    this.model = Objects.requireNonNull(model, "model");
    this.promptVersion = Objects.requireNonNull(promptVersion, "promptVersion");
    this.store = store;
    this.ttl = Objects.requireNonNull(ttl, "ttl");
    if (ttl.isNegative() || ttl.isZero()) {
      throw new IllegalArgumentException("ttl must be positive, was " + ttl);
    }
  }

  /** The labels served in place of a call, and which cache served them. */
  public record Served(SemanticScene labels, LabelCacheHit hit) {}

  /**
   * The cached labels of {@code scene}, applied to it, or empty when no cache has them; a hit is
   * counted in {@link #savings()}.
   */
  public synchronized Optional<Served> lookup(Scene scene) {
    LabelKey key = key(scene);
    if (key == null) {
      return Optional.empty();
    }
    LabelCacheHit.Level level = LabelCacheHit.Level.TASK;
    CachedLabels cached = task.get(key);
    if (cached == null && store != null) {
      cached = fromStore(key).orElse(null);
      if (cached != null) {
        level = LabelCacheHit.Level.TIMELINE;
        task.put(key, cached);
      }
    }
    if (cached == null || !ScreenTexts.servable(cached, scene)) {
      return Optional.empty();
    }
    LabelCacheHit hit = new LabelCacheHit(level, cached.usage());
    savings = savings.plus(hit);
    return Optional.of(new Served(ScreenTexts.applyTo(cached, scene), hit));
  }

  /**
   * Keeps {@code labels}, just made for {@code scene} by a call that used {@code usage}, for this
   * task and, with a store, for later ones.
   */
  public synchronized void remember(Scene scene, SemanticScene labels, LlmUsage usage) {
    Objects.requireNonNull(labels, "labels");
    LabelKey key = key(scene);
    if (key == null) {
      return;
    }
    CachedLabels entry =
        new CachedLabels(
            labels,
            ScreenTexts.fingerprints(labels, scene),
            usage == null ? LlmUsage.NONE : usage,
            ScreenTexts.ofScreen(scene));
    task.put(key, entry);
    if (store != null) {
      try {
        store.put(key, entry, ttl);
      } catch (RuntimeException e) {
        storeFailed(e);
      }
    }
  }

  /** What this cache has saved so far. */
  public synchronized LabelSavings savings() {
    return savings;
  }

  private Optional<CachedLabels> fromStore(LabelKey key) {
    try {
      return store.get(key, ttl);
    } catch (RuntimeException e) {
      storeFailed(e);
      return Optional.empty();
    }
  }

  private void storeFailed(RuntimeException e) {
    log.warn(
        "label cache: the timeline's store failed ({}); this task caches labels in memory only",
        dev.apex.core.Text.oneLine(String.valueOf(e.getMessage()), 200));
    store = null;
  }

  /** The key of {@code scene}, or null when a part is out of bounds (a model id of 300 chars). */
  private LabelKey key(Scene scene) {
    Objects.requireNonNull(scene, "scene");
    try {
      return new LabelKey(ScreenSignature.of(scene), model, promptVersion);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }
}
