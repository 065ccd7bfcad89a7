package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.config.ApexConfigStore;
import dev.apex.console.ConsoleOptions;
import dev.apex.console.ConsoleServer;
import dev.apex.core.Json;
import dev.apex.core.TaskRecord;
import dev.apex.core.TaskStatus;
import dev.apex.otel.RunTracer;
import dev.apex.perception.OcrEngine;
import dev.apex.storage.SqliteTimeline;
import dev.apex.testkit.otlp.OtlpReceiver;
import dev.apex.testkit.otlp.OtlpReceiver.Received;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A task the console starts is traced as {@code apex run}'s is when the console's process has the
 * OTEL_* variables: the tracer {@link ApexCli} makes reaches {@code apex console}'s launcher, and a
 * flow started over the console's API arrives at a loopback OTLP receiver as a task span with its
 * steps and device commands.
 */
class ConsoleTracesTest {

  private static final Duration DEADLINE = Duration.ofSeconds(60);

  @TempDir Path dir;

  @Test
  void aFlowStartedThroughTheConsoleIsATaskSpanWithItsSteps() throws Exception {
    try (OtlpReceiver collector = OtlpReceiver.start();
        SqliteTimeline timeline = SqliteTimeline.open(dir.resolve("t.db"))) {
      RunTracer tracer = RunTracer.fromEnvironment(collector.env(), notice -> {});
      String id;
      try (tracer) {
        ConsoleServer console =
            ConsoleServer.start(
                ConsoleOptions.builder(
                        timeline,
                        ApexConfigStore.open(
                            dir.resolve("config.json"), Map.of("APEX_HOME", dir.toString())))
                    .port(0)
                    .devices(() -> List.of("sim"))
                    .launcher(
                        ConsoleCommand.launcher(
                            Map.of(), OcrEngine.NONE, Map.of(), timeline, tracer))
                    .build());
        try {
          String flow =
              "name: wifi\nsteps:\n  - launch_app: com.android.settings\n"
                  + "  - tap: { text: \"Wi-Fi\" }\n";
          HttpResponse<String> started =
              HttpClient.newHttpClient()
                  .send(
                      HttpRequest.newBuilder(console.baseUrl().resolve("/api/tasks"))
                          .timeout(DEADLINE)
                          .header("Authorization", "Bearer " + console.token())
                          .header("Content-Type", "application/json")
                          .POST(
                              HttpRequest.BodyPublishers.ofString(
                                  Json.write(Map.of("device", "sim", "flow", flow))))
                          .build(),
                      HttpResponse.BodyHandlers.ofString());
          assertThat(started.statusCode()).as(started.body()).isEqualTo(201);
          id = Json.mapper().readTree(started.body()).get("id").asText();
          assertThat(finished(timeline).status()).isEqualTo(TaskStatus.SUCCEEDED);
        } finally {
          // Waits for the task's worker, whose listeners have heard the task end.
          console.stop();
        }
      }

      List<Received> spans = collector.spans();
      List<Received> tasks = spans.stream().filter(s -> s.name().equals("apex.task")).toList();
      assertThat(tasks).hasSize(1);
      Received task = tasks.get(0);
      assertThat(task.attr("apex.task.id")).isEqualTo(id);
      assertThat(task.attr("apex.task.status")).isEqualTo("SUCCEEDED");
      assertThat(spans)
          .filteredOn(s -> s.name().equals("apex.step"))
          .allMatch(s -> s.parentSpanId().equals(task.spanId()))
          .extracting(s -> s.attr("apex.step.tool"))
          .containsExactly("launch_app", "tap");
      assertThat(spans)
          .filteredOn(s -> s.name().startsWith("apex.device."))
          .extracting(s -> s.attr("apex.device.command"))
          .contains("launch_app", "tap", "capture_tree");
      assertThat(spans).allMatch(s -> s.traceId().equals(task.traceId()));
    }
  }

  @Test
  void apexGivesTheConsoleCommandTheProcesssTracer() {
    RunTracer tracer =
        RunTracer.fromEnvironment(Map.of("OTEL_TRACES_EXPORTER", "otlp"), notice -> {});
    try (tracer) {
      Object console =
          ApexCli.commandLine(Map.of(), Wiring.DEFAULT.withTracer(tracer))
              .getSubcommands()
              .get("console")
              .getCommand();

      assertThat(((ConsoleCommand) console).tracer).isSameAs(tracer);
    }
  }

  /** The only task of {@code timeline} once it has ended. */
  private static TaskRecord finished(SqliteTimeline timeline) {
    long end = System.nanoTime() + DEADLINE.toNanos();
    while (System.nanoTime() < end) {
      List<TaskRecord> tasks = timeline.tasks(10, 0);
      if (tasks.size() == 1 && tasks.get(0).status() != TaskStatus.RUNNING) {
        return tasks.get(0);
      }
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
    }
    throw new AssertionError("the console's task did not end within " + DEADLINE);
  }
}
