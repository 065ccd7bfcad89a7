package dev.apex.llm;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * One single-turn tool-use request: the model reads {@code system} and {@code user} and calls
 * exactly one of {@code tools} ({@code tool_choice: auto} with parallel tool use off; forcing a
 * tool is refused by models that think, such as Claude Sonnet 5.5).
 *
 * <p>The prompt-cache prefix is the tools and the system prompt, in that order, with the breakpoint
 * on the system block; both must be the same bytes on every call for the cache to hit.
 *
 * @param model the model id, e.g. {@code claude-sonnet-5-5}
 * @param system the static system prompt (cached)
 * @param tools at most {@value #MAX_TOOLS} tools, names unique, sent as strict tools
 * @param user the per-call user message
 * @param maxTokens the most output tokens (thinking included) the reply may use
 * @param budget the wall time the whole call may take, retries and waits included
 * @param effort {@code output_config.effort} ({@code low}, {@code medium}, {@code high}, {@code
 *     xhigh} or {@code max}), or null to send none and take the model's default
 */
public record ToolUseRequest(
    String model,
    String system,
    List<ToolDefinition> tools,
    String user,
    long maxTokens,
    Duration budget,
    String effort) {

  /** The API's cap on strict tools in one request. */
  public static final int MAX_TOOLS = 20;

  private static final Set<String> EFFORTS = Set.of("low", "medium", "high", "xhigh", "max");

  public ToolUseRequest {
    requireText(model, "model");
    requireText(system, "system");
    requireText(user, "user");
    tools = List.copyOf(Objects.requireNonNull(tools, "tools"));
    if (tools.isEmpty() || tools.size() > MAX_TOOLS) {
      throw new IllegalArgumentException(
          "tools must hold 1 to " + MAX_TOOLS + " strict tools, got " + tools.size());
    }
    Set<String> names = new HashSet<>();
    for (ToolDefinition tool : tools) {
      if (!names.add(tool.name())) {
        throw new IllegalArgumentException("tool name '" + tool.name() + "' is given twice");
      }
    }
    if (maxTokens < 1) {
      throw new IllegalArgumentException("maxTokens must be >= 1, was " + maxTokens);
    }
    Objects.requireNonNull(budget, "budget");
    if (budget.isNegative() || budget.isZero()) {
      throw new IllegalArgumentException("budget must be positive, was " + budget);
    }
    if (effort != null && !EFFORTS.contains(effort)) {
      throw new IllegalArgumentException(
          "effort must be one of low, medium, high, xhigh, max or null, got '" + effort + "'");
    }
  }

  private static void requireText(String value, String name) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException(name + " must not be blank");
    }
  }
}
