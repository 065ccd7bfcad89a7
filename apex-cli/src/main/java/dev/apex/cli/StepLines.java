package dev.apex.cli;

import dev.apex.core.Text;
import dev.apex.storage.StoredStep;
import dev.apex.timeline.ReplayMark;
import dev.apex.world.WorldState;

/** How a step reads on one line, in progress output and in {@code apex timeline}. */
final class StepLines {

  private StepLines() {}

  /** Redacted before it is cut ({@link Text#shorten}), newlines made spaces. */
  static String shorten(String s, int max) {
    return Text.shorten(s.replace('\n', ' '), max);
  }

  static String timelineLine(StoredStep s) {
    StringBuilder line = new StringBuilder();
    line.append(String.format("%4d  %-6s  ", s.index(), s.success() ? "ok" : "FAILED"));
    line.append(s.step().describe());
    line.append(
        String.format(
            "  (%d ms)", s.observeTime().plus(s.planTime()).plus(s.actTime()).toMillis()));
    if (!s.success() && s.error() != null) {
      line.append("  error: ").append(shorten(s.error(), 120));
    }
    WorldState world = s.extras().world();
    if (world != null) {
      line.append("  [app ")
          .append(world.currentApp() == null ? "-" : world.currentApp())
          .append(", page ")
          .append(world.currentPage() == null ? "-" : world.currentPage())
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
