package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code apex timeline} on a file written before the extras were typed (apex-storage's fixture):
 * every step's line shows the world after it, and {@code --json} prints the annotations as stored.
 */
class TimelineBeforeTypedExtrasCliTest {

  @TempDir Path dir;

  private Path copy() throws IOException {
    return Files.copy(
        Cli.projectRoot()
            .resolve("apex-storage/src/test/resources/timelines/before-typed-extras.db"),
        dir.resolve("old.db"));
  }

  @Test
  void everyStepLineShowsTheWorldAfterIt() throws IOException {
    Cli.Result r = Cli.run(Cli.withDb(copy(), "timeline", "t-before-typed-extras"));

    assertThat(r.exit()).as(r.err()).isZero();
    List<String> lines = r.out().lines().filter(l -> l.matches("\\s+\\d+\\s.*")).toList();
    assertThat(lines).hasSize(4);
    assertThat(lines.get(0))
        .contains("launch_app")
        .endsWith("[app com.android.settings, page launcher]");
    assertThat(lines.get(1)).endsWith("[app com.apex.sim.notes, page launcher]");
    assertThat(lines.get(2)).contains("wait").endsWith("[app com.apex.sim.notes, page launcher]");
    assertThat(lines.get(3)).contains("terminate_app").endsWith("[app -, page notes list]");
  }

  @Test
  void stepsWithoutExtrasShowNoWorld() throws IOException {
    Cli.Result r = Cli.run(Cli.withDb(copy(), "timeline", "t-before-plain"));

    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out()).contains("   1  ok").contains("   2  FAILED").doesNotContain("[app");
  }

  @Test
  void jsonPrintsTheAnnotationsAsStored() throws IOException {
    List<JsonNode> steps = Cli.steps(Cli.timeline(copy(), "t-before-typed-extras"));

    assertThat(steps.get(0).at("/semantic_scene/page").asText()).isEqualTo("launcher");
    assertThat(steps.get(0).at("/llm_usage/inputTokens").asInt()).isEqualTo(410);
    assertThat(steps.get(1).at("/semantic_unavailable").asText()).isEqualTo("overloaded");
    assertThat(steps.get(1).at("/plan_note/n").asInt()).isEqualTo(7);
    assertThat(steps.get(2).get("llm_usage").isArray()).isTrue();
    assertThat(steps.get(3).at("/world/currentPage").asText()).isEqualTo("notes list");
  }
}
