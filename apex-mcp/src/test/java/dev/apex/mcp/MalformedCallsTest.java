package dev.apex.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Malformed requests are answered in the client's terms (issue 28, item 6): what was wrong, with
 * {@code -32602} for bad params, never a Java class or a JSON library's token. Before the fix the
 * SDK answered most of these {@code -32603} with the exception's text ({@code
 * tools.jackson.databind.exc.MismatchedInputException: Cannot construct instance of
 * `io.modelcontextprotocol.spec.McpSchema$CallToolRequest`…}).
 */
@Timeout(120)
class MalformedCallsTest {

  /** A request's method and params (JSON after the id), the code answered and what it says. */
  record Bad(String id, String body, int code, String says) {}

  static final String CALL = "\"method\":\"tools/call\"";

  static final List<Bad> CASES =
      List.of(
          new Bad(
              "params-string",
              CALL + ",\"params\":\"x\"",
              -32602,
              "params must be an object, got a string"),
          new Bad(
              "params-array",
              CALL + ",\"params\":[1]",
              -32602,
              "params must be an object, got an array"),
          new Bad("params-null", CALL + ",\"params\":null", -32602, "params.name is missing"),
          new Bad("no-params", CALL, -32602, "params.name is missing"),
          new Bad("no-name", CALL + ",\"params\":{}", -32602, "params.name is missing"),
          new Bad(
              "name-number",
              CALL + ",\"params\":{\"name\":5}",
              -32602,
              "params.name must be a string naming a tool (see tools/list), got a number"),
          new Bad(
              "name-object",
              CALL + ",\"params\":{\"name\":{}}",
              -32602,
              "params.name must be a string naming a tool (see tools/list), got an object"),
          new Bad(
              "args-string",
              CALL + ",\"params\":{\"name\":\"describe_screen\",\"arguments\":\"abc\"}",
              -32602,
              "params.arguments must be an object of the tool's arguments, got a string"),
          new Bad(
              "args-array",
              CALL + ",\"params\":{\"name\":\"describe_screen\",\"arguments\":[1]}",
              -32602,
              "params.arguments must be an object of the tool's arguments, got an array"),
          new Bad(
              "meta-string",
              CALL + ",\"params\":{\"name\":\"describe_screen\",\"_meta\":\"x\"}",
              -32602,
              "params._meta must be an object, got a string"),
          new Bad(
              "unknown-tool",
              CALL + ",\"params\":{\"name\":\"nope\"}",
              -32602,
              "unknown tool 'nope'; tools/list names the tools"),
          new Bad(
              "ping-params-string",
              "\"method\":\"ping\",\"params\":\"x\"",
              -32602,
              "params must be an object, got a string"),
          new Bad("unknown-method", "\"method\":\"foo/bar\"", -32601, "Method not found: foo/bar"),
          new Bad(
              "init-number",
              "\"method\":\"initialize\",\"params\":5",
              -32602,
              "params must be an object, got a number"),
          new Bad(
              "init-client-info",
              "\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\",\"clientInfo\":7}",
              -32602,
              "params.clientInfo must be an object with the client's name, got a number"),
          // Deeper than the guard checks: the SDK's -32603 is put in the client's terms.
          new Bad(
              "init-capability",
              "\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{\"roots\":5},\"clientInfo\":{\"name\":\"x\",\"version\":\"1\"}}",
              -32603,
              "Internal error: apex could not handle this request"));

  @Test
  void eachMalformedRequestIsAnsweredWithWhatWasWrongAndNoJavaClass(@TempDir Path dir)
      throws Exception {
    try (McpFixture mcp = McpFixture.in(dir).startRaw()) {
      RawLines client = new RawLines(mcp.stdout(), mcp.stdin());
      client.initialize();
      for (Bad bad : CASES) {
        client.send("{\"jsonrpc\":\"2.0\",\"id\":\"" + bad.id() + "\"," + bad.body() + "}");
        JsonNode answer = client.awaitAnswer(bad.id(), McpFixture.BOUND);

        assertThat(answer.has("error")).as("%s: %s", bad.id(), answer).isTrue();
        JsonNode error = answer.get("error");
        assertThat(error.get("code").asInt()).as("%s: %s", bad.id(), answer).isEqualTo(bad.code());
        assertThat(error.get("message").asText()).as(bad.id()).contains(bad.says());
        assertThat(answer.toString())
            .as(bad.id())
            .doesNotContain("java.", "jackson", "Exception", "McpSchema");
        assertThat(ErrorAnswers.namesJavaClass(answer.toString())).as(answer.toString()).isFalse();
      }
      JsonNode wrongArgument = callTap(client);
      assertThat(wrongArgument.get("result").get("content").get(0).get("text").asText())
          .contains("argument 'x' must be an integer");
    }
  }

  /** A tool's own argument of the wrong type is the tool's error result, as it was. */
  private static JsonNode callTap(RawLines client) throws Exception {
    client.call("tap-x-text", "tap", "{\"x\":\"abc\",\"y\":1}");
    return client.awaitAnswer("tap-x-text", McpFixture.BOUND);
  }
}
