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

  /**
   * Whether this store opens {@code location}: a file store takes a path (the default: anything
   * without a {@code scheme://}), a server store the URLs of its scheme, e.g. {@code
   * postgresql://}.
   */
  default boolean accepts(String location) {
    return !location.contains("://");
  }

  /**
   * Opens the timeline at {@code location} (a path or a URL this store {@link #accepts}) kept as
   * {@code options} say. The caller closes it. The default opens the path with {@link #open(Path)}.
   *
   * @throws dev.apex.core.ApexException when it cannot be opened or reached, in one line naming
   *     where (never a password)
   */
  default TaskTimeline open(String location, TimelineOptions options) {
    return open(Path.of(location));
  }
}
