package dev.apex.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The console over a timeline whose server goes away and returns ({@link OutageTimeline}): the
 * status says unreachable since when and why, reads answer 503 naming the timeline, the event
 * stream says so and keeps going, and after the return everything answers again and the stream
 * sends what was recorded meanwhile.
 */
class ConsoleTimelineOutageTest {

  @TempDir Path home;

  private OutageTimeline outage;

  private TestConsole console() {
    return TestConsole.serving(home, t -> outage = new OutageTimeline(t));
  }

  @Test
  void theStatusNamesAReachableTimeline() {
    try (TestConsole console = console()) {
      JsonNode timeline = TestConsole.json(console.get("/api/status")).get("timeline");
      assertThat(timeline.get("location").asText()).isEqualTo(OutageTimeline.LOCATION);
      assertThat(timeline.get("reachable").asBoolean()).isTrue();
      assertThat(timeline.has("unreachable_since")).isFalse();
    }
  }

  @Test
  void anOutageIsA503NamingTheTimelineAndTheStatusSaysSinceWhenAndWhy() {
    try (TestConsole console = console()) {
      TaskId id = TaskId.of("before-outage");
      console.timeline.startTask(id, "sim", "goal");
      outage.goDown();

      HttpResponse<String> tasks = console.get("/api/tasks");
      assertThat(tasks.statusCode()).isEqualTo(503);
      assertThat(tasks.headers().firstValue("Retry-After")).hasValue("2");
      assertThat(tasks.body()).doesNotContain("\n").doesNotContain("at dev.apex");
      JsonNode error = TestConsole.json(tasks);
      assertThat(error.get("timeline").asText()).isEqualTo(OutageTimeline.LOCATION);
      assertThat(error.get("error").asText())
          .contains("the timeline " + OutageTimeline.LOCATION + " is unreachable");
      assertThat(console.get("/api/tasks/" + id.value() + "/steps").statusCode()).isEqualTo(503);
      HttpResponse<String> suites = console.get("/api/suites");
      assertThat(suites.statusCode()).isEqualTo(503);
      assertThat(TestConsole.json(suites).get("timeline").asText())
          .isEqualTo(OutageTimeline.LOCATION);

      HttpResponse<String> status = console.get("/api/status");
      assertThat(status.statusCode()).isEqualTo(200);
      JsonNode body = TestConsole.json(status);
      assertThat(body.get("version").asText()).isEqualTo("9.9.9-test");
      assertThat(body.get("running")).isEmpty();
      JsonNode timeline = body.get("timeline");
      assertThat(timeline.get("reachable").asBoolean()).isFalse();
      assertThat(timeline.get("location").asText()).isEqualTo(OutageTimeline.LOCATION);
      assertThat(timeline.get("unreachable_since").asText()).matches("\\d{4}-\\d\\d-\\d\\dT.*Z");
      assertThat(timeline.get("reason").asText()).contains("Connection to db.test:5432 refused");

      outage.comeBack();
      assertThat(console.get("/api/tasks").statusCode()).isEqualTo(200);
      JsonNode back = TestConsole.json(console.get("/api/status"));
      assertThat(back.get("timeline").get("reachable").asBoolean()).isTrue();
      assertThat(back.get("running")).hasSize(1);
    }
  }

  @Test
  void theEventStreamSaysSoKeepsGoingAndSendsWhatWasRecordedMeanwhile() {
    try (TestConsole console = console();
        EventClient events = console.events("")) {
      outage.goDown();
      EventClient.Event down = events.next(e -> e.type().equals("timeline"));
      assertThat(down.data().get("reachable").asBoolean()).isFalse();
      assertThat(down.data().get("location").asText()).isEqualTo(OutageTimeline.LOCATION);
      assertThat(down.data().get("reason").asText()).contains("unreachable");

      // Recorded while the console cannot read: a runner's writes wait out the outage and land.
      TaskId id = TaskId.of("during-outage");
      console.timeline.startTask(id, "sim", "goal");
      console.timeline.append(TestSteps.tapWifi(id, 1));
      console.timeline.finishTask(id, TaskStatus.SUCCEEDED, "done");
      outage.comeBack();

      EventClient.Event up = events.next(e -> e.type().equals("timeline"));
      assertThat(up.data().get("reachable").asBoolean()).isTrue();
      assertThat(events.next().type()).isEqualTo("task_started");
      EventClient.Event step = events.next();
      assertThat(step.type()).isEqualTo("step");
      assertThat(step.data().get("index").asInt()).isEqualTo(1);
      assertThat(events.next().type()).isEqualTo("task_finished");
    }
  }

  @Test
  void aStreamOpenedDuringAnOutageStartsBySayingSo() {
    try (TestConsole console = console()) {
      outage.goDown();
      assertThat(console.get("/api/tasks").statusCode()).isEqualTo(503);
      try (EventClient events = console.events("?task=some-task")) {
        EventClient.Event down = events.next();
        assertThat(down.type()).isEqualTo("timeline");
        assertThat(down.data().get("reachable").asBoolean()).isFalse();
        outage.comeBack();
        assertThat(events.next().data().get("reachable").asBoolean()).isTrue();
      }
    }
  }
}
