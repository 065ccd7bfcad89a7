package dev.apex.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.InvalidInputException;
import dev.apex.timeline.TimelineOptions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TimelinesTest {

  @Test
  void usesApexHomeWhenSet() {
    assertThat(Timelines.defaultFile(Map.of("APEX_HOME", "/srv/apex"), "/home/ann"))
        .isEqualTo(Path.of("/srv/apex/timeline.db"));
  }

  @Test
  void fallsBackToTheUsersHome() {
    assertThat(Timelines.defaultFile(Map.of(), "/home/ann"))
        .isEqualTo(Path.of("/home/ann/.apex/timeline.db"));
    assertThat(Timelines.defaultFile(Map.of("APEX_HOME", " "), "/home/ann"))
        .isEqualTo(Path.of("/home/ann/.apex/timeline.db"));
  }

  @Test
  void aFileThatIsNoSqliteDatabaseIsBadInputAndIsLeftAsItWas(@TempDir Path dir) throws Exception {
    Path notes = dir.resolve("notes.db");
    Files.writeString(notes, "my notes, not a timeline\n");

    assertThatThrownBy(() -> Timelines.open(notes.toString(), TimelineOptions.DEFAULTS))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining(notes.toString())
        .hasMessageContaining("is not a SQLite database")
        .hasMessageContaining("move this one aside");
    assertThat(Files.readString(notes, StandardCharsets.UTF_8))
        .isEqualTo("my notes, not a timeline\n");
  }

  @Test
  void aFolderIsBadInputNamingAFileToGive(@TempDir Path dir) {
    assertThatThrownBy(() -> Timelines.open(dir.toString(), TimelineOptions.DEFAULTS))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("is a folder")
        .hasMessageContaining(dir.resolve("timeline.db").toString());
  }

  @Test
  void aTimelineAndAnEmptyFileOpen(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("timeline.db");
    Timelines.open(file.toString(), TimelineOptions.DEFAULTS).close();
    Timelines.open(file.toString(), TimelineOptions.DEFAULTS).close();
    Path empty = Files.createFile(dir.resolve("empty.db"));
    Timelines.open(empty.toString(), TimelineOptions.DEFAULTS).close();
    assertThat(Files.size(empty)).isPositive();
  }
}
