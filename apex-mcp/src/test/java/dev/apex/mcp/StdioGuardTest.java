package dev.apex.mcp;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.Json;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The guard between stdio and the SDK's transport: the lines the transport would die on are
 * answered with a JSON-RPC error and dropped, and only whole messages reach it.
 */
@Timeout(120)
class StdioGuardTest {

  private static final String PING = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}";

  private final ByteArrayOutputStream written = new ByteArrayOutputStream();
  private final List<String> logged = new ArrayList<>();
  private final AtomicInteger ends = new AtomicInteger();

  private StdioGuard.In guard(byte[] input) {
    return new StdioGuard.In(
        new ByteArrayInputStream(input),
        new StdioGuard.Out(written),
        McpJsonDefaults.getMapper(),
        Duration.ZERO,
        ends::incrementAndGet,
        logged::add);
  }

  /** The lines the transport reads through the guard, to the end of input. */
  private List<String> through(String input) throws IOException {
    return through(input.getBytes(UTF_8));
  }

  private List<String> through(byte[] input) throws IOException {
    List<String> lines = new ArrayList<>();
    try (BufferedReader reader = new BufferedReader(new InputStreamReader(guard(input), UTF_8))) {
      String line;
      while ((line = reader.readLine()) != null) {
        lines.add(line);
      }
    }
    return lines;
  }

  /** The error replies the guard wrote, one JSON object per line. */
  private List<JsonNode> replies() throws IOException {
    List<JsonNode> replies = new ArrayList<>();
    for (String line : written.toString(UTF_8).split("\n")) {
      if (!line.isEmpty()) {
        replies.add(Json.mapper().readTree(line));
      }
    }
    return replies;
  }

  @Test
  void blankLinesAreSkippedWithoutAReply() throws IOException {
    List<String> lines = through("\n   \n\r\n" + PING + "\n\n\t\n" + PING + "\r\n");

    assertThat(lines).containsExactly(PING, PING);
    assertThat(written.size()).isZero();
  }

  @Test
  void aLineThatIsNotJsonGetsAParseErrorWithANullIdAndTheNextLineGetsThrough() throws IOException {
    List<String> lines = through("this is not json\n" + PING + "\n");

    assertThat(lines).containsExactly(PING);
    List<JsonNode> replies = replies();
    assertThat(replies).hasSize(1);
    JsonNode reply = replies.get(0);
    assertThat(reply.get("jsonrpc").asText()).isEqualTo("2.0");
    assertThat(reply.has("id")).as("the id is there, as null").isTrue();
    assertThat(reply.get("id").isNull()).isTrue();
    assertThat(reply.get("error").get("code").asInt()).isEqualTo(-32700);
    assertThat(reply.get("error").get("message").asText()).isNotBlank();
    assertThat(written.toString(UTF_8))
        .startsWith("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,");
    assertThat(logged.stream().filter(l -> !l.contains("unanswered")))
        .singleElement()
        .asString()
        .contains("-32700");
  }

  @Test
  void jsonThatIsNotAMessageGetsInvalidRequestWithItsIdWhenItHasOne() throws IOException {
    List<String> lines =
        through(
            "{\"foo\":1}\n"
                + "{\"jsonrpc\":\"2.0\",\"id\":7}\n"
                + "{\"jsonrpc\":\"2.0\",\"id\":\"req-8\"}\n"
                + "[1,2]\n"
                + PING
                + "\n");

    assertThat(lines).containsExactly(PING);
    List<JsonNode> replies = replies();
    assertThat(replies).hasSize(4);
    assertThat(replies)
        .allSatisfy(r -> assertThat(r.get("error").get("code").asInt()).isEqualTo(-32600));
    assertThat(replies.get(0).get("id").isNull()).isTrue();
    assertThat(replies.get(1).get("id").isInt()).isTrue();
    assertThat(replies.get(1).get("id").asInt()).isEqualTo(7);
    assertThat(replies.get(2).get("id").asText()).isEqualTo("req-8");
    assertThat(replies.get(3).get("id").isNull()).isTrue();
  }

  @Test
  void aLineOverTheLimitGetsInvalidRequestAndTheNextLineStillGetsThrough() throws IOException {
    ByteArrayOutputStream input = new ByteArrayOutputStream();
    // Valid JSON up to the limit, so only its length is wrong with it.
    byte[] overlong = new byte[StdioGuard.MAX_LINE_BYTES + 1];
    Arrays.fill(overlong, (byte) ' ');
    byte[] start = "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}".getBytes(UTF_8);
    System.arraycopy(start, 0, overlong, 0, start.length);
    input.write(overlong);
    input.write('\n');
    input.write((PING + "\n").getBytes(UTF_8));

    List<String> lines = through(input.toByteArray());

    assertThat(lines).containsExactly(PING);
    List<JsonNode> replies = replies();
    assertThat(replies).hasSize(1);
    assertThat(replies.get(0).get("error").get("code").asInt()).isEqualTo(-32600);
    assertThat(replies.get(0).get("error").get("message").asText())
        .contains(String.valueOf(StdioGuard.MAX_LINE_BYTES));
  }

  @Test
  void aLineAtTheLimitGetsThrough() throws IOException {
    byte[] atLimit = new byte[StdioGuard.MAX_LINE_BYTES];
    Arrays.fill(atLimit, (byte) ' ');
    byte[] start = PING.getBytes(UTF_8);
    System.arraycopy(start, 0, atLimit, 0, start.length);

    List<String> lines = through((new String(atLimit, UTF_8) + "\n" + PING).getBytes(UTF_8));

    assertThat(lines).hasSize(2);
    assertThat(lines.get(0).strip()).isEqualTo(PING);
    assertThat(written.size()).isZero();
  }

  @Test
  void aGuardErrorIsNeverWrittenInTheMiddleOfATransportLine() throws IOException {
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    StdioGuard.Out out = new StdioGuard.Out(sink);
    String message = "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}";
    String error = "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700}}\n";

    out.write(message.substring(0, 10).getBytes(UTF_8));
    out.writeLine(error.getBytes(UTF_8));
    assertThat(sink.toString(UTF_8)).isEqualTo(message.substring(0, 10));
    out.write(message.substring(10).getBytes(UTF_8));
    assertThat(sink.toString(UTF_8)).as("the line has not ended yet").isEqualTo(message);
    out.write('\n');
    out.flush();

    assertThat(sink.toString(UTF_8)).isEqualTo(message + "\n" + error);
  }

  @Test
  void aGuardErrorBetweenLinesGoesOutAtOnceAndALineEndInsideAWriteCounts() throws IOException {
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    StdioGuard.Out out = new StdioGuard.Out(sink);
    String error = "{\"error\":1}\n";

    out.writeLine(error.getBytes(UTF_8));
    assertThat(sink.toString(UTF_8)).isEqualTo(error);
    // One write that ends a line and starts the next: the error waits for the second to end.
    out.write("{\"a\":1}\n{\"b\"".getBytes(UTF_8));
    out.writeLine(error.getBytes(UTF_8));
    out.write(":2}\n".getBytes(UTF_8));

    assertThat(sink.toString(UTF_8)).isEqualTo(error + "{\"a\":1}\n{\"b\":2}\n" + error);
  }

  @Test
  void theEndOfInputIsReportedExactlyOnce() throws IOException {
    StdioGuard.In in = guard((PING + "\n" + PING).getBytes(UTF_8));
    byte[] all = in.readAllBytes();

    assertThat(new String(all, UTF_8)).isEqualTo(PING + "\n" + PING + "\n");
    assertThat(ends).hasValue(1);
    assertThat(in.read()).isEqualTo(-1);
    assertThat(in.read(new byte[8], 0, 8)).isEqualTo(-1);
    assertThat(ends).hasValue(1);
  }

  @Test
  void aReadErrorEndsTheInputOnceAndIsThrown() {
    InputStream failing =
        new InputStream() {
          @Override
          public int read() throws IOException {
            throw new IOException("stdin broke");
          }
        };
    StdioGuard.In in =
        new StdioGuard.In(
            failing,
            new StdioGuard.Out(written),
            McpJsonDefaults.getMapper(),
            Duration.ZERO,
            ends::incrementAndGet,
            logged::add);

    org.assertj.core.api.Assertions.assertThatThrownBy(in::read).hasMessage("stdin broke");
    assertThat(ends).hasValue(1);
  }

  /** Through the server: a bad line costs one error reply, and the session goes on. */
  @Test
  void theServerAnswersABadLineAndKeepsServing(@TempDir Path dir) throws Exception {
    try (McpFixture mcp = McpFixture.in(dir).start()) {
      mcp.transport.sendRaw("this is not json");
      mcp.transport.sendRaw("");
      mcp.transport.sendRaw("{\"jsonrpc\":\"2.0\",\"id\":77}");

      // Served after the bad lines, so they were read and answered before it.
      var listed = mcp.call("list_devices", Map.of());

      assertThat(McpFixture.text(listed)).contains("sim");
      assertThat(mcp.transport.received())
          .anyMatch(l -> l.contains("\"id\":null") && l.contains("-32700"))
          .anyMatch(l -> l.contains("\"id\":77") && l.contains("-32600"));
      assertThat(mcp.served()).isFalse();
      // JSON-RPC's parse error has a null id, which the SDK's client cannot read (see report).
      assertThat(mcp.transport.unreadable()).singleElement().asString().contains("-32700");
    }
  }

  /** Valid JSON with a carriage return as whitespace between its tokens. */
  private static final String CR_INSIDE = "{\"jsonrpc\":\"2.0\",\r\"id\":99,\"method\":\"ping\"}";

  @Test
  void noLineTheGuardLetsThroughIsAFragmentTheTransportCannotRead() throws IOException {
    // BufferedReader.readLine, like the SDK's readLine, ends a line at \r as at \n.
    List<String> lines = through(CR_INSIDE + "\n" + PING + "\n");

    for (String line : lines) {
      assertThat(line).as("a line the transport reads").isNotBlank();
      McpSchema.deserializeJsonRpcMessage(McpJsonDefaults.getMapper(), line);
    }
    assertThat(lines).last().isEqualTo(PING);
  }

  @Test
  void theServerSurvivesACarriageReturnInsideAMessage(@TempDir Path dir) throws Exception {
    try (McpFixture mcp = McpFixture.in(dir).start()) {
      mcp.transport.sendRaw(CR_INSIDE);

      CompletableFuture<McpSchema.CallToolResult> listed =
          CompletableFuture.supplyAsync(() -> mcp.call("list_devices", Map.of()));

      assertThat(McpFixture.text(listed.get(10, TimeUnit.SECONDS))).contains("sim");
    }
  }
}
