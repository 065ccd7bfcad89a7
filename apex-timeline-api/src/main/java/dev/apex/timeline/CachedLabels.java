package dev.apex.timeline;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.apex.llm.LlmUsage;
import dev.apex.llm.SemanticScene;
import java.util.Map;
import java.util.Objects;

/**
 * One labelling kept for reuse: the labels, what each labelled element showed when it was labelled,
 * and what the labelling call cost. Whoever serves it applies it to the live screen and keeps only
 * the widgets whose element is still there showing the same text, so a purpose is never served for
 * an element whose text changed, nor for a control without text of its own on a screen whose words
 * changed.
 *
 * @param labels the labels as the model made them, element ids those of the labelled scene
 * @param texts for each widget's element id, a fingerprint of the text the element showed (whoever
 *     caches decides the fingerprint and compares them for equality only); a widget without an
 *     entry here is never served
 * @param usage the tokens the labelling call used: what each reuse saves
 * @param screen a fingerprint of the words of the whole screen when it was labelled (the cache
 *     decides it, compares for equality only), or null when not known (an entry stored before it
 *     was kept): the purpose of a control without text of its own is made from the words around it,
 *     so it is served only for the same words
 */
public record CachedLabels(
    @JsonProperty("labels") SemanticScene labels,
    @JsonProperty("texts") Map<String, String> texts,
    @JsonProperty("usage") LlmUsage usage,
    @JsonProperty("screen") String screen) {

  public CachedLabels {
    Objects.requireNonNull(labels, "labels");
    texts = Map.copyOf(Objects.requireNonNull(texts, "texts"));
    Objects.requireNonNull(usage, "usage");
  }

  /** An entry whose screen words are not known: its text-less widgets are never served. */
  public CachedLabels(SemanticScene labels, Map<String, String> texts, LlmUsage usage) {
    this(labels, texts, usage, null);
  }
}
