package dev.apex.mcp;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What a client's model reads of an MCP session, in tokens as apex-bench counts them ({@code
 * cl100k_base} via jtokkit, special-token markers as ordinary text: {@code dev.apex.bench.Tokens}):
 * the tool list and instructions once, then each call's name and arguments and its result's text.
 */
final class ClientTokens {

  private static final Encoding CL100K =
      Encodings.newLazyEncodingRegistry().getEncoding(EncodingType.CL100K_BASE);

  /** One call as the model saw it. */
  record Call(String tool, Map<String, Object> args, String result, int callTokens, int tokens) {}

  final List<Call> calls = new ArrayList<>();

  static int count(String text) {
    return text.isEmpty() ? 0 : CL100K.countTokensOrdinary(text);
  }

  /** The tool list's JSON, as a client puts it before its model. */
  static int toolList(List<McpSchema.Tool> tools) {
    try {
      return count(
          McpJsonDefaults.getMapper()
              .writeValueAsString(new McpSchema.ListToolsResult(tools, null)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Calls {@code tool} on {@code mcp} and records what the model reads of it. */
  String call(McpFixture mcp, String tool, Map<String, Object> args) {
    McpSchema.CallToolResult result = mcp.call(tool, args);
    String text = McpFixture.text(result);
    String request;
    try {
      request = tool + McpJsonDefaults.getMapper().writeValueAsString(args);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    calls.add(new Call(tool, args, text, count(request), count(text)));
    return text;
  }

  int results() {
    return calls.stream().mapToInt(Call::tokens).sum();
  }

  /** What the results spent around their content: their blocks' tags. */
  int wrappers() {
    return calls.stream().mapToInt(c -> c.tokens() - count(content(c.result()))).sum();
  }

  /** Fails unless every result spent at most {@code max} tokens around its content. */
  void assertWrappersWithin(int max) {
    for (Call c : calls) {
      org.assertj.core.api.Assertions.assertThat(c.tokens() - count(content(c.result())))
          .as("the wrapper of %s's result: %s", c.tool(), c.result())
          .isLessThanOrEqualTo(max);
    }
  }

  /** A result's content: its one block's, or all of it when it has none. */
  static String content(String result) {
    java.util.regex.Matcher m = ToolResultsTest.BLOCK.matcher(result);
    return m.matches() ? m.group(2) : result;
  }

  int requests() {
    return calls.stream().mapToInt(Call::callTokens).sum();
  }

  @Override
  public String toString() {
    StringBuilder out = new StringBuilder();
    for (Call c : calls) {
      out.append(c.tokens())
          .append("\t")
          .append(c.tool())
          .append(' ')
          .append(c.args())
          .append("\n")
          .append(c.result())
          .append("\n");
    }
    return out.toString();
  }
}
