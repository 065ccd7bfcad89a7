package dev.apex.tools;

import dev.apex.core.Scene;
import dev.apex.perception.CompactEncoder;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code describe_screen}: observes the screen and returns it, by default as perception's compact
 * encoding (a line per element with its handle, the text a model reads), or with {@code format:
 * json} as the full {@link Scene}. Never enriches it; semantic labelling is {@code
 * describe_screen_semantic}'s job, so this tool stays free of any LLM dependency (seed 004, D7).
 */
public final class DescribeScreenTool implements Tool<DescribeScreenTool.Format> {

  /** How the screen is returned. */
  public enum Format {
    /** {@link CompactEncoder#encode}: a {@code String}. */
    COMPACT,
    /** The {@link Scene} itself. */
    JSON
  }

  private static final List<ArgSpec> ARGS =
      List.of(
          ArgSpec.optional(
                  "format",
                  ArgSpec.Type.STRING,
                  "compact (default): a line per element; json: the full Scene")
              .oneOf("compact", "json"));

  @Override
  public String name() {
    return "describe_screen";
  }

  @Override
  public String description() {
    return "Observe the screen: a line per element (handle, kind, state, centre @x,y, text).";
  }

  @Override
  public List<ArgSpec> args() {
    return ARGS;
  }

  @Override
  public Format parse(Map<String, Object> args) {
    ArgSpec.validate(name(), args(), args);
    Object format = args.get("format");
    return format == null
        ? Format.COMPACT
        : Format.valueOf(format.toString().strip().toUpperCase(Locale.ROOT));
  }

  /**
   * @return the compact text ({@link Format#COMPACT}) or the {@link Scene} ({@link Format#JSON})
   */
  @Override
  public Object execute(Format format, ToolContext ctx) {
    // The scene alone: no labels (describe_screen_semantic makes those), no screenshot unless
    // OCR reads it.
    Scene scene = ctx.observeLayout();
    return format == Format.JSON ? scene : CompactEncoder.encode(scene, ctx.handles());
  }
}
