package dev.apex.storage.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.storage.TestSteps;
import dev.apex.storage.TimelineException;
import dev.apex.testkit.PostgresServer;
import dev.apex.timeline.TimelineOptions;
import dev.apex.timeline.TimelineUnreachableException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The server going away, on a private cluster this test restarts and stops: writes wait and retry
 * across a restart and lose no step; a server gone past the write deadline fails the write naming
 * the timeline; an unreachable server at open is one line naming host and port.
 */
@Tag("e2e")
class ServerFaultTest {

  private static PostgresServer server;

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
  void aRestartBetweenStepsLosesNoStep() {
    try (TestDatabase database = TestDatabase.create(server);
        PostgresTimeline timeline =
            PostgresTimeline.open(database.url(), TimelineOptions.DEFAULTS)) {
      TaskId id = TaskId.of("restart-1");
      timeline.startTask(id, "sim", "goal");
      timeline.append(TestSteps.step(id, 1));

      server.restart(); // every pooled session is cut

      timeline.append(TestSteps.step(id, 2));
      timeline.append(TestSteps.step(id, 3));
      timeline.finishTask(id, TaskStatus.SUCCEEDED, "ok");
      assertThat(timeline.steps(id)).extracting(s -> s.index()).containsExactly(1, 2, 3);
      assertThat(timeline.task(id).orElseThrow().status()).isEqualTo(TaskStatus.SUCCEEDED);
    }
  }

  @Test
  void aWriteMadeWhileTheServerIsDownWaitsAndLandsWhenItReturns() throws Exception {
    try (TestDatabase database = TestDatabase.create(server);
        PostgresTimeline timeline =
            PostgresTimeline.open(database.url(), TimelineOptions.DEFAULTS)) {
      TaskId id = TaskId.of("down-1");
      timeline.startTask(id, "sim", "goal");
      server.stop();
      CompletableFuture<Void> append =
          CompletableFuture.runAsync(() -> timeline.append(TestSteps.step(id, 1)));
      // Reads are tried once: while the server is down they fail at once, naming the timeline.
      assertThatThrownBy(() -> timeline.steps(id))
          .isInstanceOf(TimelineException.class)
          .hasMessageContaining("unreachable")
          .hasMessageContaining(database.location().toString());
      server.start();

      append.get(60, TimeUnit.SECONDS);
      assertThat(timeline.steps(id)).extracting(s -> s.index()).containsExactly(1);
    }
  }

  @Test
  void aServerGonePastTheWriteDeadlineFailsTheWriteNamingTheTimeline() {
    try (TestDatabase database = TestDatabase.create(server);
        PostgresTimeline timeline =
            PostgresTimeline.open(
                database.url(), TimelineOptions.DEFAULTS.withWriteTimeout(Duration.ofSeconds(2)))) {
      TaskId id = TaskId.of("gone-1");
      timeline.startTask(id, "sim", "goal");
      server.stop();
      try {
        assertThatThrownBy(() -> timeline.append(TestSteps.step(id, 1)))
            .isInstanceOf(TimelineUnreachableException.class)
            .hasMessageContaining("timeline " + database.location())
            .hasMessageContaining("timeline.write_timeout")
            .hasMessageNotContaining(password(database.url()));
      } finally {
        server.start();
      }
      assertThat(timeline.steps(id)).isEmpty();
    }
  }

  @Test
  void aServerNobodyAnswersAtIsOneLineNamingHostAndPortAndNoPassword() throws IOException {
    int port;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = socket.getLocalPort();
    }
    String url = "postgresql://apex:hunter2-secret@127.0.0.1:" + port + "/apex";

    assertThatThrownBy(() -> PostgresTimeline.open(url, TimelineOptions.DEFAULTS))
        .isInstanceOf(TimelineUnreachableException.class)
        .hasMessageStartingWith("cannot reach the PostgreSQL timeline at 127.0.0.1:" + port)
        .hasMessageNotContaining("hunter2-secret")
        .hasMessageNotContaining("\n");
  }

  private static String password(String url) {
    return url.replaceAll("^postgresql://[^:]+:([^@]+)@.*$", "$1");
  }
}
