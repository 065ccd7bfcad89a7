package dev.apex.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.TaskId;
import dev.apex.storage.postgres.PostgresLocation;
import dev.apex.storage.postgres.PostgresTimeline;
import dev.apex.testkit.PostgresServer;
import dev.apex.timeline.TimelineOptions;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The console over a real PostgreSQL timeline whose server this test stops and starts (a private
 * cluster): while it is down the status says unreachable, reads answer 503 naming the timeline
 * without its password, and the event stream says so; once it is back everything answers again and
 * the stream sends the step a runner recorded across the outage.
 */
@Tag("e2e")
class ConsolePostgresOutageTest {

  private static PostgresServer server;

  @TempDir Path home;

  @BeforeAll
  static void start() {
    server = PostgresServer.startPrivate();
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void theConsoleShowsTheServerGoneAndRecoversWhenItReturns() throws Exception {
    String url = server.url();
    String location = PostgresLocation.parse(url).toString();
    String password = url.replaceAll("^postgresql://[^:]+:([^@]+)@.*$", "$1");
    try (PostgresTimeline timeline = PostgresTimeline.open(url, TimelineOptions.DEFAULTS);
        TestConsole console = TestConsole.serving(home, sqlite -> timeline);
        EventClient events = console.events("")) {
      TaskId id = TaskId.of("pg-outage-1");
      timeline.startTask(id, "sim", "goal");
      timeline.append(TestSteps.tapWifi(id, 1));
      assertThat(events.next(e -> e.type().equals("step")).data().get("index").asInt())
          .isEqualTo(1);

      server.stop();
      boolean back = false;
      try {
        EventClient.Event down = events.next(e -> e.type().equals("timeline"));
        assertThat(down.data().get("reachable").asBoolean()).isFalse();
        assertThat(down.data().get("location").asText()).isEqualTo(location);

        HttpResponse<String> steps = console.get("/api/tasks/" + id.value() + "/steps");
        assertThat(steps.statusCode()).isEqualTo(503);
        assertThat(TestConsole.json(steps).get("timeline").asText()).isEqualTo(location);
        JsonNode status = TestConsole.json(console.get("/api/status")).get("timeline");
        assertThat(status.get("reachable").asBoolean()).isFalse();
        assertThat(status.get("location").asText()).isEqualTo(location);
        assertThat(status.get("reason").asText()).contains("unreachable");
        // A runner's write waits out the outage and lands when the server returns.
        CompletableFuture<Void> append =
            CompletableFuture.runAsync(() -> timeline.append(TestSteps.tapWifi(id, 2)));
        server.start();
        back = true;
        append.get(60, TimeUnit.SECONDS);
      } finally {
        if (!back) {
          server.start();
        }
      }

      EventClient.Event up = events.next(e -> e.type().equals("timeline"));
      assertThat(up.data().get("reachable").asBoolean()).isTrue();
      assertThat(events.next(e -> e.type().equals("step")).data().get("index").asInt())
          .isEqualTo(2);
      assertThat(console.get("/api/tasks/" + id.value() + "/steps").statusCode()).isEqualTo(200);
      assertThat(TestConsole.json(console.get("/api/status")).at("/timeline/reachable").asBoolean())
          .isTrue();
      assertThat(console.responses).noneMatch(r -> r.contains(password));
    }
  }
}
