package dev.apex.tools;

import dev.apex.core.Scene;
import java.util.List;
import java.util.Map;

/**
 * {@code describe_screen}: observes the screen and returns the {@link Scene}. Never enriches it;
 * semantic labelling is {@code describe_screen_semantic}'s job, so this tool stays free of any LLM
 * dependency (seed 004, D7).
 */
public final class DescribeScreenTool implements Tool<NoArgs> {

  @Override
  public String name() {
    return "describe_screen";
  }

  @Override
  public String description() {
    return "Observe the screen and return its elements (id, type, bounds in pixels, text).";
  }

  @Override
  public List<ArgSpec> args() {
    return List.of();
  }

  @Override
  public NoArgs parse(Map<String, Object> args) {
    ArgSpec.validate(name(), args(), args);
    return NoArgs.NONE;
  }

  @Override
  public Scene execute(NoArgs args, ToolContext ctx) {
    return ctx.observe();
  }
}
