package dev.apex.cli;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.Json;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * {@code apex mcp} in a child JVM spoken to with raw JSON-RPC lines, without the SDK's client: so a
 * test controls the wire byte for byte and can close stdin (which the SDK's client never does).
 * stdout is read on a daemon thread into a queue; every wait is bounded by {@link
 * McpChild#TIMEOUT}.
 */
final class RawMcpChild implements AutoCloseable {

  private static final long WAIT_SECONDS = McpChild.TIMEOUT.toSeconds();

  private final Process process;
  private final OutputStream stdin;
  private final Path err;
  private final BlockingQueue<String> incoming = new LinkedBlockingQueue<>();
  private final List<String> stdout = new ArrayList<>();
  private final Thread reader;

  private RawMcpChild(Process process, Path err) {
    this.process = process;
    this.stdin = process.getOutputStream();
    this.err = err;
    this.reader = new Thread(this::readStdout, "mcp-stdout");
    reader.setDaemon(true);
    reader.start();
  }

  /** Starts {@code apex mcp --db DB --no-ocr} with APEX_HOME in {@code home} and no model key. */
  static RawMcpChild start(Path home, Path db) throws IOException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(ApexCli.class.getName());
    command.addAll(List.of("mcp", "--db", db.toString(), "--no-ocr"));
    Path err = Files.createTempFile(home, "mcp-stderr", ".txt");
    ProcessBuilder builder = new ProcessBuilder(command).redirectError(err.toFile());
    builder.environment().put("APEX_HOME", home.toString());
    builder.environment().remove("ANTHROPIC_API_KEY");
    return new RawMcpChild(builder.start(), err);
  }

  /** Writes one line (a newline is added) to the child's stdin. */
  void send(String line) throws IOException {
    stdin.write((line + "\n").getBytes(UTF_8));
    stdin.flush();
  }

  /** Sends {@code initialize} and {@code notifications/initialized}; returns the answer. */
  JsonNode initialize() throws Exception {
    send(
        """
        {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25",\
        "capabilities":{},"clientInfo":{"name":"raw-test","version":"1"}}}""");
    JsonNode init = await(m -> m.path("id").asInt() == 1);
    send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
    return init;
  }

  /** A {@code tools/call} request line with no arguments. */
  static String toolCall(int id, String tool) {
    return "{\"jsonrpc\":\"2.0\",\"id\":"
        + id
        + ",\"method\":\"tools/call\",\"params\":{\"name\":\""
        + tool
        + "\",\"arguments\":{}}}";
  }

  /**
   * The first stdout line, read so far or from now on, that is a JSON message matching {@code
   * wanted}. Fails after {@link McpChild#TIMEOUT} without one, showing stdout and stderr.
   */
  JsonNode await(Predicate<JsonNode> wanted) throws Exception {
    for (String kept : stdout) {
      JsonNode message = parse(kept);
      if (message != null && wanted.test(message)) {
        return message;
      }
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
    while (true) {
      long left = deadline - System.nanoTime();
      String line = left > 0 ? incoming.poll(left, TimeUnit.NANOSECONDS) : null;
      if (line == null) {
        throw new AssertionError(
            "no awaited answer within " + WAIT_SECONDS + " s; stdout:\n" + stdoutText() + stderr());
      }
      stdout.add(line);
      JsonNode message = parse(line);
      if (message != null && wanted.test(message)) {
        return message;
      }
    }
  }

  /**
   * Closes the child's stdin and waits for it to exit by itself, then for its stdout to end.
   *
   * @return the exit code
   */
  int closeStdinAndAwaitExit() throws Exception {
    stdin.close();
    if (!process.waitFor(WAIT_SECONDS, TimeUnit.SECONDS)) {
      throw new AssertionError(
          "apex mcp did not exit within " + WAIT_SECONDS + " s of stdin closing" + stderr());
    }
    reader.join(TimeUnit.SECONDS.toMillis(WAIT_SECONDS));
    incoming.drainTo(stdout);
    return process.exitValue();
  }

  /** Every stdout line read so far. */
  List<String> stdout() {
    incoming.drainTo(stdout);
    return List.copyOf(stdout);
  }

  String stderr() throws IOException {
    return "\nstderr:\n" + Files.readString(err);
  }

  private String stdoutText() {
    return String.join("\n", stdout);
  }

  private void readStdout() {
    try (BufferedReader in =
        new BufferedReader(new InputStreamReader(process.getInputStream(), UTF_8))) {
      String line;
      while ((line = in.readLine()) != null) {
        incoming.add(line);
      }
    } catch (IOException e) {
      // The child is gone; what was read is in the queue.
    }
  }

  private static JsonNode parse(String line) {
    try {
      return Json.mapper().readTree(line);
    } catch (IOException e) {
      return null;
    }
  }

  @Override
  public void close() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor(WAIT_SECONDS, TimeUnit.SECONDS);
  }
}
