package dev.apex.storage;

import dev.apex.timeline.TaskTimeline;
import dev.apex.timeline.TimelineOptions;
import dev.apex.timeline.TimelineProvider;
import java.nio.file.Path;
import java.time.Clock;

/**
 * Registers {@link SqliteTimeline} as the {@value #NAME} timeline store ({@code
 * META-INF/services/dev.apex.timeline.TimelineProvider}), so the runtime opens a timeline file
 * without depending on this module.
 */
public final class SqliteTimelineProvider implements TimelineProvider {

  /** The store's name. */
  public static final String NAME = "sqlite";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String module() {
    return "apex-storage";
  }

  /** {@link SqliteTimeline#open(Path)}: the default clock and screenshot retention. */
  @Override
  public TaskTimeline open(Path file) {
    Timelines.checkFile(file);
    return SqliteTimeline.open(file);
  }

  /** {@link SqliteTimeline#open(Path, Clock, int)} with the options' screenshot retention. */
  @Override
  public TaskTimeline open(String location, TimelineOptions options) {
    Timelines.checkFile(Path.of(location));
    return SqliteTimeline.open(
        Path.of(location), Clock.systemUTC(), options.keepScreenshotsOfTasks());
  }
}
