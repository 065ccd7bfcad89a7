package dev.apex.mcp;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.ToIntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * What a client's model reads of an MCP task, in tokens by the caller's counter (apex-bench counts
 * {@code cl100k_base}): each call's name and arguments (the request), each result's text, and what
 * each result spends around its content (its untrusted-data block's tags: the fixed wrapper). The
 * tool list and instructions are counted once per task, by {@link #toolList} and {@link #count}.
 */
public final class TaskTokens {

  /** A result that is one untrusted-data block: its nonce, then its content. */
  public static final Pattern BLOCK =
      Pattern.compile("<untrusted(\\d{3})>\\n(.*)\\n</untrusted\\1>", Pattern.DOTALL);

  /**
   * One call as the model saw it.
   *
   * @param callTokens the request's tokens: the tool's name and its arguments' JSON
   * @param tokens the result's tokens
   * @param wrapper the result's tokens around its content
   */
  public record Call(
      String tool,
      Map<String, Object> args,
      String result,
      int callTokens,
      int tokens,
      int wrapper) {}

  private final McpSyncClient client;
  private final ToIntFunction<String> counter;
  private final List<Call> calls = new ArrayList<>();

  /**
   * @param client an initialized client of the server the task runs on
   * @param counter the tokens of a text
   */
  public TaskTokens(McpSyncClient client, ToIntFunction<String> counter) {
    this.client = Objects.requireNonNull(client, "client");
    this.counter = Objects.requireNonNull(counter, "counter");
  }

  /** The tokens of {@code text}; none for the empty text. */
  public int count(String text) {
    return text.isEmpty() ? 0 : counter.applyAsInt(text);
  }

  /** The tool list's JSON, as a client puts it before its model, in tokens. */
  public int toolList(List<McpSchema.Tool> tools) {
    try {
      return count(
          McpJsonDefaults.getMapper()
              .writeValueAsString(new McpSchema.ListToolsResult(tools, null)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The tools the server lists now, in tokens, plus its instructions. */
  public int listing() {
    return toolList(client.listTools().tools()) + count(ApexMcpServer.INSTRUCTIONS);
  }

  /** Calls {@code tool} and records what the model reads of it; returns the result's text. */
  public String call(String tool, Map<String, Object> args) {
    McpSchema.CallToolResult result = client.callTool(new McpSchema.CallToolRequest(tool, args));
    String text = text(result);
    String request;
    try {
      request = tool + McpJsonDefaults.getMapper().writeValueAsString(args);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    int tokens = count(text);
    calls.add(new Call(tool, args, text, count(request), tokens, tokens - count(content(text))));
    return text;
  }

  /** The calls so far, in order. */
  public List<Call> calls() {
    return List.copyOf(calls);
  }

  /** The results' tokens. */
  public int results() {
    return calls.stream().mapToInt(Call::tokens).sum();
  }

  /** What the results spent around their content. */
  public int wrappers() {
    return calls.stream().mapToInt(Call::wrapper).sum();
  }

  /** The requests' tokens: each call's tool name and arguments. */
  public int requests() {
    return calls.stream().mapToInt(Call::callTokens).sum();
  }

  /** All the text of a result, its parts joined by newlines. */
  public static String text(McpSchema.CallToolResult result) {
    return result.content().stream()
        .filter(McpSchema.TextContent.class::isInstance)
        .map(c -> ((McpSchema.TextContent) c).text())
        .collect(Collectors.joining("\n"));
  }

  /** A result's content: its one block's, or all of it when it has none. */
  public static String content(String result) {
    Matcher m = BLOCK.matcher(result);
    return m.matches() ? m.group(2) : result;
  }

  @Override
  public String toString() {
    StringBuilder out = new StringBuilder();
    for (Call c : calls) {
      out.append(c.tokens())
          .append('\t')
          .append(c.tool())
          .append(' ')
          .append(c.args())
          .append('\n')
          .append(c.result())
          .append('\n');
    }
    return out.toString();
  }
}
