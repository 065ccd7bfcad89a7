package dev.apex.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(120)
class MalformedCallsTest {

  static final Map<String, String> CASES = new LinkedHashMap<>();

  static {
    CASES.put("params-string", "\"method\":\"tools/call\",\"params\":\"x\"");
    CASES.put("params-array", "\"method\":\"tools/call\",\"params\":[1]");
    CASES.put("params-null", "\"method\":\"tools/call\",\"params\":null");
    CASES.put("no-params", "\"method\":\"tools/call\"");
    CASES.put("no-name", "\"method\":\"tools/call\",\"params\":{}");
    CASES.put("name-number", "\"method\":\"tools/call\",\"params\":{\"name\":5}");
    CASES.put("name-object", "\"method\":\"tools/call\",\"params\":{\"name\":{}}");
    CASES.put("args-string", "\"method\":\"tools/call\",\"params\":{\"name\":\"describe_screen\",\"arguments\":\"abc\"}");
    CASES.put("args-array", "\"method\":\"tools/call\",\"params\":{\"name\":\"describe_screen\",\"arguments\":[1]}");
    CASES.put("unknown-tool", "\"method\":\"tools/call\",\"params\":{\"name\":\"nope\"}");
    CASES.put("tap-x-text", "\"method\":\"tools/call\",\"params\":{\"name\":\"tap\",\"arguments\":{\"x\":\"abc\",\"y\":1}}");
    CASES.put("tap-x-object", "\"method\":\"tools/call\",\"params\":{\"name\":\"tap\",\"arguments\":{\"x\":{\"a\":1},\"y\":1}}");
    CASES.put("meta-string", "\"method\":\"tools/call\",\"params\":{\"name\":\"describe_screen\",\"_meta\":\"x\"}");
    CASES.put("list-params-string", "\"method\":\"tools/list\",\"params\":\"x\"");
    CASES.put("list-cursor-object", "\"method\":\"tools/list\",\"params\":{\"cursor\":{}}");
    CASES.put("ping-params-string", "\"method\":\"ping\",\"params\":\"x\"");
    CASES.put("unknown-method", "\"method\":\"foo/bar\"");
    CASES.put("set-level-bad", "\"method\":\"logging/setLevel\",\"params\":{\"level\":\"loud\"}");
    CASES.put("init-again-bad", "\"method\":\"initialize\",\"params\":5");
    CASES.put("resources-read", "\"method\":\"resources/read\",\"params\":{\"uri\":5}");
  }

  @Test
  void probe(@TempDir Path dir) throws Exception {
    try (McpFixture mcp = McpFixture.in(dir).startRaw()) {
      RawLines client = new RawLines(mcp.stdout(), mcp.stdin());
      client.initialize();
      for (Map.Entry<String, String> c : CASES.entrySet()) {
        client.send("{\"jsonrpc\":\"2.0\",\"id\":\"" + c.getKey() + "\"," + c.getValue() + "}");
        JsonNode a = client.awaitAnswer(c.getKey(), McpFixture.BOUND);
        System.out.println("PROBE " + c.getKey() + " => " + a);
      }
    }
  }
}
