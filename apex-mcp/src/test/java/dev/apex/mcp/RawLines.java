package dev.apex.mcp;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.Json;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * A test's raw JSON-RPC client over a server's stdin and stdout: writes lines as given, and reads
 * every line the server writes on a thread of its own, as JSON, until the output ends.
 */
final class RawLines {

  private final OutputStream stdin;
  private final List<JsonNode> read = new CopyOnWriteArrayList<>();
  private final Thread reader;

  RawLines(InputStream stdout, OutputStream stdin) {
    this.stdin = stdin;
    this.reader = new Thread(() -> readAll(stdout), "test-raw-mcp-reader");
    reader.setDaemon(true);
    reader.start();
  }

  private void readAll(InputStream stdout) {
    try (BufferedReader lines = new BufferedReader(new InputStreamReader(stdout, UTF_8))) {
      String line;
      while ((line = lines.readLine()) != null) {
        JsonNode node = Json.mapper().readTree(line);
        synchronized (this) {
          read.add(node);
          notifyAll();
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("the test could not read the server's output", e);
    }
  }

  /** Writes {@code line} and a newline. */
  void send(String line) throws IOException {
    stdin.write((line + "\n").getBytes(UTF_8));
  }

  /** Writes {@code initialize} (id "init") and {@code notifications/initialized}. */
  void initialize() throws IOException {
    send(
        "{\"jsonrpc\":\"2.0\",\"id\":\"init\",\"method\":\"initialize\",\"params\":"
            + "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
            + "\"clientInfo\":{\"name\":\"raw-test\",\"version\":\"1\"}}}");
    send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
  }

  /** Writes a {@code tools/call} of {@code tool} with {@code argumentsJson} (an object's JSON). */
  void call(Object id, String tool, String argumentsJson) throws IOException {
    send(
        "{\"jsonrpc\":\"2.0\",\"id\":"
            + Json.write(id)
            + ",\"method\":\"tools/call\",\"params\":{\"name\":"
            + Json.write(tool)
            + ",\"arguments\":"
            + argumentsJson
            + "}}");
  }

  /** Waits, bounded, until the server's output ended (the test closed it) and all was read. */
  void awaitEnd(Duration bound) throws InterruptedException {
    reader.join(TimeUnit.MILLISECONDS.convert(bound));
    if (reader.isAlive()) {
      throw new AssertionError("the server's output did not end within " + bound);
    }
  }

  /** Every line read so far, in order. */
  List<JsonNode> lines() {
    return new ArrayList<>(read);
  }

  /** The answers read so far (results and errors), by their id's text, each id's in order. */
  Map<String, List<JsonNode>> answers() {
    Map<String, List<JsonNode>> byId = new LinkedHashMap<>();
    for (JsonNode line : read) {
      if (line.has("id") && (line.has("result") || line.has("error"))) {
        byId.computeIfAbsent(line.get("id").asText(), k -> new ArrayList<>()).add(line);
      }
    }
    return byId;
  }

  /** Waits, bounded, until an answer to {@code id} was read. */
  synchronized JsonNode awaitAnswer(String id, Duration bound) throws InterruptedException {
    long deadline = System.nanoTime() + bound.toNanos();
    List<JsonNode> got;
    while ((got = answers().get(id)) == null) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        throw new AssertionError("no answer to id " + id + " within " + bound);
      }
      TimeUnit.NANOSECONDS.timedWait(this, left);
    }
    return got.get(0);
  }
}
