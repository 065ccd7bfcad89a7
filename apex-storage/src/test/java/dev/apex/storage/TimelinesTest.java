package dev.apex.storage;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

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
}
