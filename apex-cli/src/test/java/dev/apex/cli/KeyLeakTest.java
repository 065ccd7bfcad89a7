package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.config.ApexConfigStore;
import dev.apex.console.AgentLauncher;
import dev.apex.console.ConsoleOptions;
import dev.apex.console.ConsoleServer;
import dev.apex.core.Json;
import dev.apex.perception.OcrEngine;
import dev.apex.storage.SqliteTimeline;
import dev.apex.testkit.llm.FakeMessagesApi;
import dev.apex.testkit.llm.FakeReply;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 12, item 3: a gateway that echoes the API key (inline and in a header-like line), a reply
 * body that quotes it, and a model whose own words quote it, against {@code run --goal}, {@code
 * describe --semantic} and the console, with keys of 18, 108 and 200 characters. Not one
 * 12-character run of the key may be left in stdout, stderr (where the logs go), the database and
 * its -wal/-shm/-journal files, the console's API answers or its event stream.
 */
class KeyLeakTest {

  private static final Duration DEADLINE = Duration.ofSeconds(60);

  @TempDir Path dir;
  private FakeMessagesApi claude;
  private final ByteArrayOutputStream logs = new ByteArrayOutputStream();
  private PrintStream originalErr;
  private PrintStream originalOut;

  @BeforeEach
  void start() {
    claude = FakeMessagesApi.start();
    originalErr = System.err;
    originalOut = System.out;
    System.setErr(capture());
    System.setOut(capture());
  }

  @AfterEach
  void stop() {
    System.setErr(originalErr);
    System.setOut(originalOut);
    claude.close();
  }

  /** A stream into {@link #logs}: what slf4j-simple and anything else print to System.err/out. */
  private PrintStream capture() {
    return new PrintStream(
        new java.io.OutputStream() {
          @Override
          public void write(int b) {
            synchronized (logs) {
              logs.write(b);
            }
          }

          @Override
          public void write(byte[] b, int off, int len) {
            synchronized (logs) {
              logs.write(b, off, len);
            }
          }
        },
        true,
        StandardCharsets.UTF_8);
  }

  private String logs() {
    synchronized (logs) {
      return logs.toString(StandardCharsets.UTF_8);
    }
  }

  private Map<String, String> env(String key) {
    Map<String, String> env = new LinkedHashMap<>();
    env.put("ANTHROPIC_API_KEY", key);
    env.put("ANTHROPIC_BASE_URL", claude.baseUrl());
    env.put("APEX_HOME", dir.toString());
    return env;
  }

  private static String quoting() {
    return "Here is what you sent me: " + FakeReply.REQUEST_KEY + " (your key). No tool needed.";
  }

  @ParameterizedTest(name = "a key of {0} characters")
  @ValueSource(ints = {18, 108, 200})
  void noRunOfTheKeySurvivesAnywhere(int length) throws Exception {
    String key = Leaks.key(length);
    Path db = dir.resolve("t.db");
    StringBuilder printed = new StringBuilder();

    // The model quotes the key in its own words, then a reply body quotes it, then the gateway
    // echoes it in its error: three failed plans, the task FAILED with the last as its reason.
    claude.enqueue(
        FakeReply.text(quoting()),
        FakeReply.garbage("{\"oops\": \"" + FakeReply.REQUEST_KEY + "\", \"type\": "),
        FakeReply.echoingKey());
    Cli.Result echoed =
        Cli.run(env(key), Cli.withDb(db, "run", "--goal", "turn Wi-Fi on", "--no-ocr"));
    printed.append(echoed.out()).append(echoed.err());
    assertThat(echoed.exit()).as(echoed.out() + echoed.err()).isEqualTo(1);
    assertThat(echoed.out() + echoed.err()).contains("gateway refused key [redacted]");

    // The model ends the task with the key in its summary, then gives up quoting it.
    claude.enqueue(
        FakeReply.toolUse("toolu_1", "done", Map.of("summary", quoting())),
        FakeReply.toolUse("toolu_2", "give_up", Map.of("reason", quoting())));
    Cli.Result summary =
        Cli.run(env(key), Cli.withDb(db, "run", "--goal", "open the launcher", "--no-ocr"));
    printed.append(summary.out()).append(summary.err());
    assertThat(summary.out()).contains("model: Here is what you sent me: [redacted]");
    Cli.Result gaveUp = Cli.run(env(key), Cli.withDb(db, "run", "--goal", "give up", "--no-ocr"));
    printed.append(gaveUp.out()).append(gaveUp.err());
    assertThat(gaveUp.exit()).isEqualTo(1);

    for (String id : Cli.taskIds(printed.toString())) {
      Cli.Result timeline = Cli.run(Cli.withDb(db, "timeline", id, "--json"));
      printed.append(timeline.out()).append(timeline.err());
    }
    Cli.Result list = Cli.run(Cli.withDb(db, "timeline"));
    printed.append(list.out()).append(list.err());

    // Semantic labels: the gateway's echo, then the model's words instead of labels.
    claude.enqueue(FakeReply.echoingKey(), FakeReply.text(quoting()));
    for (int i = 0; i < 2; i++) {
      Cli.Result describe =
          Cli.run(env(key), "describe", "--semantic", "--semantic-retries", "0", "--no-ocr", "-v");
      printed.append(describe.out()).append(describe.err());
    }
    assertThat(claude.requests()).allSatisfy(r -> assertThat(r.apiKey()).contains(key));

    String console = consoleAnswers(key);

    assertThat(Leaks.count(printed.toString(), key)).as("stdout and stderr").isZero();
    assertThat(Leaks.count(logs(), key)).as("the log").isZero();
    assertThat(Leaks.count(Leaks.databaseFiles(db), key)).as("the database files").isZero();
    assertThat(Leaks.count(console, key)).as("console answers and events").isZero();
    assertThat(Leaks.count(Leaks.databaseFiles(dir.resolve("console.db")), key))
        .as("the console's database files")
        .isZero();
    assertThat(console).contains("[redacted]");
  }

  /**
   * A console goal the gateway refuses echoing the key: every answer about it, and the event
   * stream, read while the timeline is still open (its WAL present).
   */
  private String consoleAnswers(String key) throws Exception {
    Path db = dir.resolve("console.db");
    HttpClient http = HttpClient.newHttpClient();
    BlockingQueue<String> events = new LinkedBlockingQueue<>();
    StringBuilder seen = new StringBuilder();
    try (SqliteTimeline timeline = SqliteTimeline.open(db)) {
      ApexConfigStore config =
          ApexConfigStore.open(
              dir.resolve("config.json"),
              Map.of("ANTHROPIC_API_KEY", key, "APEX_HOME", dir.toString()));
      ConsoleServer console =
          ConsoleServer.start(
              ConsoleOptions.builder(timeline, config)
                  .port(0)
                  .devices(() -> List.of("sim"))
                  .launcher(
                      new AgentLauncher(
                          Map.of("ANTHROPIC_BASE_URL", claude.baseUrl()), OcrEngine.NONE, Map.of()))
                  .pollInterval(Duration.ofMillis(50))
                  .build());
      try {
        HttpResponse<java.util.stream.Stream<String>> stream =
            http.send(
                request(console, "/api/events").GET().build(), HttpResponse.BodyHandlers.ofLines());
        Thread reader = new Thread(() -> stream.body().forEach(events::add), "sse-reader");
        reader.setDaemon(true);
        reader.start();
        claude.enqueue(FakeReply.text(quoting()), FakeReply.echoingKey());

        String created =
            send(
                http,
                request(console, "/api/tasks")
                    .header("Content-Type", "application/json")
                    .POST(
                        HttpRequest.BodyPublishers.ofString(
                            "{\"device\": \"sim\", \"goal\": \"turn Wi-Fi on\"}")));
        seen.append(created);
        String id = Json.mapper().readTree(created).get("id").asText();
        seen.append(awaitFinished(events));
        for (String path :
            List.of("/api/tasks", "/api/tasks/" + id, "/api/tasks/" + id + "/steps")) {
          seen.append(send(http, request(console, path).GET()));
        }
        seen.append(Leaks.databaseFiles(db));
      } finally {
        console.stop();
      }
    }
    synchronized (events) {
      events.forEach(line -> seen.append(line).append('\n'));
    }
    return seen.toString();
  }

  private static HttpRequest.Builder request(ConsoleServer console, String path) {
    return HttpRequest.newBuilder(console.baseUrl().resolve(path))
        .timeout(DEADLINE)
        .header("Authorization", "Bearer " + console.token());
  }

  private static String send(HttpClient http, HttpRequest.Builder request) throws Exception {
    HttpResponse<String> response =
        http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isLessThan(300);
    return response.body();
  }

  /** Every event line up to the task_finished event's data, which must say FAILED. */
  private static String awaitFinished(BlockingQueue<String> events) throws Exception {
    StringBuilder lines = new StringBuilder();
    long end = System.nanoTime() + DEADLINE.toNanos();
    boolean finished = false;
    while (System.nanoTime() < end) {
      String line = events.poll(end - System.nanoTime(), TimeUnit.NANOSECONDS);
      if (line == null) {
        break;
      }
      lines.append(line).append('\n');
      if (line.equals("event: task_finished")) {
        finished = true;
      } else if (finished && line.startsWith("data: ")) {
        JsonNode data = Json.mapper().readTree(line.substring("data: ".length()));
        assertThat(data.get("status").asText()).as(data.toString()).isEqualTo("FAILED");
        return lines.toString();
      }
    }
    throw new AssertionError("no task_finished event came: " + lines);
  }
}
