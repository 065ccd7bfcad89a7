package dev.apex.semantic;

import dev.apex.core.Scene;

/**
 * Turns a scene into the text the model reads. Whatever handle a formatter writes for an element is
 * what the model will return as {@code element_id}; when handles are not the scene's ids, pair the
 * formatter with an id resolver in the {@link EnrichmentContext}.
 */
@FunctionalInterface
public interface SceneFormatter {

  /** The scene as text; never null. */
  String format(Scene scene);

  /** The default: one line per element, starting with the element's id ({@link LineFormatter}). */
  static SceneFormatter lines() {
    return LineFormatter.INSTANCE;
  }
}
