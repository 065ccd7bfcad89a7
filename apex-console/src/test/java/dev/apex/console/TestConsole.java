package dev.apex.console;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.config.ApexConfigStore;
import dev.apex.core.Json;
import dev.apex.storage.SqliteTimeline;
import dev.apex.storage.Timeline;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * A console on a random loopback port over a timeline in a temp folder, with the canary API key in
 * its environment, and an HTTP client that keeps every response (status line, headers, body) so a
 * test can check that none ever carried the key.
 */
final class TestConsole implements AutoCloseable {

  /** Set as ANTHROPIC_API_KEY; must appear in no response and no log line. */
  static final String CANARY = "sk-ant-api03-CANARY-7Qx2-do-not-leak";

  final Path home;
  final SqliteTimeline timeline;
  final ApexConfigStore config;
  final ConsoleServer server;
  final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
  final List<String> responses = new CopyOnWriteArrayList<>();

  private TestConsole(Path home, UnaryOperator<ConsoleOptions.Builder> options) {
    this(home, options, t -> t);
  }

  private TestConsole(
      Path home,
      UnaryOperator<ConsoleOptions.Builder> options,
      Function<SqliteTimeline, Timeline> served) {
    this.home = home;
    this.timeline = SqliteTimeline.open(home.resolve("timeline.db"));
    this.config =
        ApexConfigStore.open(
            home.resolve("config.json"),
            Map.of("ANTHROPIC_API_KEY", CANARY, "APEX_HOME", home.toString()));
    this.server =
        ConsoleServer.start(
            options
                .apply(
                    ConsoleOptions.builder(served.apply(timeline), config)
                        .port(0)
                        .version("9.9.9-test")
                        .devices(() -> List.of("sim"))
                        .pollInterval(Duration.ofMillis(50)))
                .build());
  }

  static TestConsole start(Path home, TaskLauncher launcher) {
    return new TestConsole(home, b -> b.launcher(launcher));
  }

  static TestConsole start(Path home, UnaryOperator<ConsoleOptions.Builder> options) {
    return new TestConsole(home, options, t -> t);
  }

  /** A console serving {@code served} (e.g. a fault-injecting wrapper) of the temp timeline. */
  static TestConsole serving(Path home, Function<SqliteTimeline, Timeline> served) {
    return new TestConsole(home, b -> b, served);
  }

  /**
   * Lets this console open {@code origin} (a loopback page or server of the test) as the user
   * would: through {@code planner.allowed_urls} in its config.
   */
  TestConsole allowUrl(String origin) {
    config.update(
        ApexConfigStore.parseJson(
            "{\"planner\": {\"allowed_urls\": [" + ConsoleSecurityTest.quoted(origin) + "]}}"));
    return this;
  }

  URI uri(String path) {
    return server.baseUrl().resolve(path);
  }

  /** A request to {@code path} with the bearer token. */
  HttpRequest.Builder request(String path) {
    return HttpRequest.newBuilder(uri(path))
        .timeout(Duration.ofSeconds(30))
        .header("Authorization", "Bearer " + server.token());
  }

  HttpResponse<String> get(String path) {
    return send(request(path).GET());
  }

  HttpResponse<String> post(String path, String json) {
    return send(
        request(path)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(json)));
  }

  HttpResponse<String> put(String path, String json) {
    return send(
        request(path)
            .header("Content-Type", "application/json")
            .PUT(HttpRequest.BodyPublishers.ofString(json)));
  }

  HttpResponse<String> send(HttpRequest.Builder request) {
    try {
      HttpResponse<String> response =
          http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
      responses.add(
          response.statusCode() + " " + response.headers().map() + "\n" + response.body());
      return response;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  HttpResponse<byte[]> getBytes(String path) {
    try {
      HttpResponse<byte[]> response =
          http.send(request(path).GET().build(), HttpResponse.BodyHandlers.ofByteArray());
      responses.add(
          response.statusCode()
              + " "
              + response.headers().map()
              + "\n"
              + new String(response.body(), StandardCharsets.ISO_8859_1));
      return response;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  static JsonNode json(HttpResponse<String> response) {
    try {
      return Json.mapper().readTree(response.body());
    } catch (IOException e) {
      throw new UncheckedIOException("not JSON: " + response.body(), e);
    }
  }

  /** An open event stream, listening before the test acts. */
  EventClient events(String query) {
    EventClient client =
        new EventClient(http, request("/api/events" + query).GET().build(), responses);
    client.awaitOpen();
    return client;
  }

  @Override
  public void close() {
    server.stop();
    timeline.close();
  }
}
