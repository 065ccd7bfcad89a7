package dev.apex.timeline;

import java.nio.file.Path;

/**
 * A timeline store that can open a timeline file. {@code apex-storage} registers its SQLite store
 * with {@link java.util.ServiceLoader} in {@code
 * META-INF/services/dev.apex.timeline.TimelineProvider}; {@link TimelineProviders} finds it, so the
 * runtime records tasks without depending on a store.
 */
public interface TimelineProvider {

  /** The store's name, e.g. {@code sqlite}. */
  String name();

  /** The Maven module that holds it, e.g. {@code apex-storage}. */
  String module();

  /**
   * Opens (creating it and its folder when missing) the timeline in {@code file}. The caller closes
   * it.
   *
   * @throws dev.apex.core.ApexException when the file cannot be opened or is not a timeline
   */
  TaskTimeline open(Path file);
}
