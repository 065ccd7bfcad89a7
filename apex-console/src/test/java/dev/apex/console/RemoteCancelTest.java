package dev.apex.console;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A task run by another process on the same timeline, seen from the console over real HTTP: it is
 * listed with that process as its runner, a cancel reaches it (it stops in the middle of its
 * ten-minute wait and records itself cancelled), and a SIGKILL makes it {@code INTERRUPTED},
 * announced on the event stream. The test waits for the child's lines and the console's events,
 * never for a time; the timeout is a safety net.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
@Tag("e2e")
class RemoteCancelTest {

  @TempDir Path home;
  private TestConsole console;
  private Process child;
  private BufferedReader childOut;
  private final List<String> childLines = new ArrayList<>();

  @AfterEach
  void stop() throws Exception {
    if (child != null) {
      child.destroyForcibly();
      child.waitFor(1, TimeUnit.MINUTES);
    }
    if (console != null) {
      console.close();
    }
  }

  private String startChild() throws IOException {
    Path errors = home.resolve("child-stderr.txt");
    child =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                RemoteRunner.class.getName(),
                home.resolve("timeline.db").toString())
            .redirectError(errors.toFile())
            .start();
    childOut = new BufferedReader(new InputStreamReader(child.getInputStream(), UTF_8));
    String id = awaitChild("started ").substring("started ".length());
    awaitChild("step 1");
    return id;
  }

  private String awaitChild(String prefix) throws IOException {
    String line;
    while ((line = childOut.readLine()) != null) {
      childLines.add(line);
      if (line.startsWith(prefix)) {
        return line;
      }
    }
    Path errors = home.resolve("child-stderr.txt");
    throw new AssertionError(
        "the child ended before '"
            + prefix
            + "': "
            + childLines
            + "\n"
            + (Files.exists(errors) ? Files.readString(errors) : ""));
  }

  @Test
  void theConsoleCancelsATaskThatRunsInAnotherProcess() throws Exception {
    console = TestConsole.start(home, SimLauncher.free());
    String id = startChild();
    JsonNode running = TestConsole.json(console.get("/api/tasks/" + id));
    assertThat(running.get("status").asText()).isEqualTo("RUNNING");
    assertThat(running.get("cancellable").asBoolean()).isTrue();
    // The runner is the child process, as its heartbeat records it; the list shows the same.
    assertThat(running.get("runner").asText())
        .isEqualTo("pid " + child.pid() + " on " + running.get("host").asText());
    JsonNode listed =
        TestConsole.json(
                console.get("/api/tasks?status=RUNNING&host=" + running.get("host").asText()))
            .get("tasks");
    assertThat(listed).hasSize(1);
    assertThat(listed.get(0).get("runner").asText()).isEqualTo(running.get("runner").asText());

    HttpResponse<String> cancel = console.post("/api/tasks/" + id + "/cancel", "{}");

    assertThat(cancel.statusCode()).as(cancel.body()).isEqualTo(202);
    assertThat(TestConsole.json(cancel).get("cancel_requested").asBoolean()).isTrue();
    assertThat(awaitChild("ended "))
        .isEqualTo("ended CANCELLED: cancelled from the console after 2 step(s)");
    assertThat(child.waitFor()).isZero();
    JsonNode task = TestConsole.json(console.get("/api/tasks/" + id));
    assertThat(task.get("status").asText()).isEqualTo("CANCELLED");
    assertThat(task.get("reason").asText()).isEqualTo("cancelled from the console after 2 step(s)");
    JsonNode steps = TestConsole.json(console.get("/api/tasks/" + id + "/steps")).get("steps");
    assertThat(steps).hasSize(2);
    assertThat(steps.get(1).get("action").asText()).isEqualTo("wait");
    assertThat(console.post("/api/tasks/" + id + "/cancel", "{}").statusCode()).isEqualTo(409);
  }

  @Test
  void aTaskWhoseProcessWasKilledEndsInterruptedOnTheEventStream() throws Exception {
    console = TestConsole.start(home, SimLauncher.free());
    try (EventClient events = console.events("")) {
      String id = startChild();
      events.next(e -> e.type().equals("task_started"));

      child.toHandle().destroyForcibly();
      child.waitFor();

      EventClient.Event finished = events.next(e -> e.type().equals("task_finished"));
      assertThat(finished.data().get("id").asText()).isEqualTo(id);
      assertThat(finished.data().get("status").asText()).isEqualTo("INTERRUPTED");
      assertThat(finished.data().get("reason").asText()).contains("pid " + child.pid());
      assertThat(finished.data().get("cancellable").asBoolean()).isFalse();
      assertThat(finished.data().get("ended_at").isNull()).isFalse();
      assertThat(TestConsole.json(console.get("/api/tasks/" + id + "/steps")).get("steps"))
          .isNotEmpty();
    }
  }
}
