package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.Json;
import dev.apex.core.TaskRecord;
import dev.apex.core.TaskStatus;
import dev.apex.storage.SqliteTimeline;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The wire itself, without the SDK's client (which SIGTERMs its server instead of closing stdin):
 * raw JSON-RPC lines into a spawned {@code apex mcp}, a blank line and a line that is not JSON
 * among them, then stdin closed. The server answers the bad line with -32700 and still answers the
 * call after it, writes nothing but JSON-RPC to stdout, and on the end of stdin ends the session's
 * task ENDED and exits 0 by itself.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
@Tag("e2e")
class McpClosedStdinTest {

  @TempDir Path dir;

  @Test
  void closingStdinEndsTheSessionAndTheServerExitsZero() throws Exception {
    Path db = dir.resolve("timeline.db");
    try (RawMcpChild server = RawMcpChild.start(dir, db)) {
      JsonNode init = server.initialize();
      assertThat(init.path("result").path("serverInfo").path("name").asText()).isEqualTo("apex");
      server.send("");
      server.send("this is not json");
      server.send(RawMcpChild.toolCall(2, "describe_screen"));

      JsonNode parseError = server.await(m -> m.path("error").path("code").asInt() == -32700);
      assertThat(parseError.get("id").isNull()).as("no id to answer to").isTrue();
      JsonNode call = server.await(m -> m.path("id").asInt() == 2);
      assertThat(call.path("result").path("isError").asBoolean()).as(call.toString()).isFalse();
      assertThat(call.path("result").path("content").get(0).path("text").asText())
          .contains("Settings");

      assertThat(server.closeStdinAndAwaitExit()).as(server.stderr()).isZero();

      List<String> stdout = server.stdout();
      for (String line : stdout) {
        assertThat(Json.mapper().readTree(line).path("jsonrpc").asText())
            .as("stdout carries JSON-RPC only: %s", line)
            .isEqualTo("2.0");
      }
      assertThat(stdout).as("an answer per request and one for the bad line").hasSize(3);
    }
    try (SqliteTimeline timeline = SqliteTimeline.open(db)) {
      List<TaskRecord> tasks = timeline.tasks(10, 0);
      assertThat(tasks).hasSize(1);
      assertThat(tasks.get(0).status()).isEqualTo(TaskStatus.ENDED);
      assertThat(tasks.get(0).reason())
          .contains("the client closed the session after 1 call(s), 0 failed");
      assertThat(tasks.get(0).steps()).isEqualTo(1);
    }
  }

  /**
   * A client that writes its last request and closes stdin at once ({@code printf … | apex mcp})
   * still gets the answer: the call runs and is recorded as a step, so it must be answered too.
   */
  @Test
  void aCallStillRunningWhenStdinClosesIsAnswered() throws Exception {
    Path db = dir.resolve("timeline.db");
    try (RawMcpChild server = RawMcpChild.start(dir, db)) {
      server.initialize();
      server.send(RawMcpChild.toolCall(2, "describe_screen"));

      assertThat(server.closeStdinAndAwaitExit()).as(server.stderr()).isZero();

      List<Integer> answered = new ArrayList<>();
      for (String line : server.stdout()) {
        answered.add(Json.mapper().readTree(line).path("id").asInt());
      }
      assertThat(answered).as("the ids answered" + server.stderr()).contains(2);
    }
    try (SqliteTimeline timeline = SqliteTimeline.open(db)) {
      assertThat(timeline.tasks(10, 0).get(0).reason()).contains("after 1 call(s), 0 failed");
    }
  }
}
