package dev.apex.storage.postgres;

import dev.apex.core.InvalidInputException;
import dev.apex.timeline.TaskTimeline;
import dev.apex.timeline.TimelineOptions;
import dev.apex.timeline.TimelineProvider;
import java.nio.file.Path;

/**
 * Registers {@link PostgresTimeline} as the {@value #NAME} timeline store ({@code
 * META-INF/services/dev.apex.timeline.TimelineProvider}): it takes the {@code postgresql://} URLs.
 */
public final class PostgresTimelineProvider implements TimelineProvider {

  /** The store's name. */
  public static final String NAME = "postgresql";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String module() {
    return "apex-timeline-postgres";
  }

  /** Refused: this store opens URLs, not files. */
  @Override
  public TaskTimeline open(Path file) {
    throw new InvalidInputException(
        "the PostgreSQL timeline store opens postgresql:// URLs, not files like " + file);
  }

  @Override
  public boolean accepts(String location) {
    return PostgresLocation.isPostgres(location);
  }

  @Override
  public TaskTimeline open(String location, TimelineOptions options) {
    return PostgresTimeline.open(location, options);
  }
}
