package dev.apex.cli;

import dev.apex.core.Text;
import dev.apex.storage.StoredStep;
import dev.apex.timeline.ReplayMark;
import dev.apex.world.WorldState;

/**
 * How a step reads on one line, in progress output and in {@code apex timeline}. Every string a
 * model, a screen or a device controls is put in a line through {@link #shorten} or {@link #field},
 * so no line carries one whole (a 1 MiB argument) or a raw control.
 */
final class StepLines {

  private StepLines() {}

  /**
   * Redacted before it is cut, newlines made spaces, controls escaped, at most {@code max}
   * characters and a count of the rest ({@link Text#inLine}).
   */
  static String shorten(String s, int max) {
    return Text.inLine(s, max);
  }

  /** A model-, screen- or device-controlled string, cut to {@link Text#IN_LINE_MAX}. */
  static String field(String s) {
    return Text.inLine(s, Text.IN_LINE_MAX);
  }

  static String timelineLine(StoredStep s) {
    StringBuilder line = new StringBuilder();
    line.append(String.format("%4d  %-6s  ", s.index(), s.success() ? "ok" : "FAILED"));
    line.append(field(s.step().describe()));
    line.append(
        String.format(
            "  (%d ms)", s.observeTime().plus(s.planTime()).plus(s.actTime()).toMillis()));
    if (!s.success() && s.error() != null) {
      line.append("  error: ").append(shorten(s.error(), 120));
    }
    WorldState world = s.extras().world();
    if (world != null) {
      line.append("  [app ")
          .append(world.currentApp() == null ? "-" : field(world.currentApp()))
          .append(", page ")
          .append(world.currentPage() == null ? "-" : field(world.currentPage()))
          .append("]");
    }
    ReplayMark mark = s.extras().replay();
    if (mark != null) {
      line.append(
          mark.kind() == ReplayMark.Kind.HEALED
              ? "  [healed: for flow step " + mark.flowStep() + "]"
              : "  [screen drift: flow step " + mark.flowStep() + "]");
    }
    return line.toString();
  }
}
