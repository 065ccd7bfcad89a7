package dev.apex.storage;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.TaskId;
import dev.apex.timeline.TaskTimeline;
import dev.apex.timeline.TimelineProviders;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The runtime opens a timeline file through the SPI, never naming this module's classes. */
class SqliteTimelineProviderTest {

  @TempDir Path dir;

  @Test
  void theServiceLoaderFindsTheSqliteStoreAndItOpensAFile() {
    assertThat(TimelineProviders.available()).containsKey(SqliteTimelineProvider.NAME);
    Path file = dir.resolve("a/timeline.db");

    try (TaskTimeline timeline = TimelineProviders.open(file)) {
      assertThat(timeline).isInstanceOf(SqliteTimeline.class);
      timeline.startTask(TaskId.of("spi"), "sim", "open a file through the SPI");
    }
    try (SqliteTimeline reopened = SqliteTimeline.open(file)) {
      assertThat(reopened.task(TaskId.of("spi"))).isPresent();
    }
  }
}
