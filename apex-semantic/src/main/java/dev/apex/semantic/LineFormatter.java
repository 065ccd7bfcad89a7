package dev.apex.semantic;

import dev.apex.core.ElementFlag;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The default {@link SceneFormatter}: a header, then one line per element worth labelling — {@code
 * id type "text" [l,t][r,b] flags} — in scene order. Elements with no text, no resource id and no
 * interactive flag (layout containers) are left out, texts are cut at {@value #MAX_TEXT} characters
 * and at most {@value #MAX_LINES} elements are listed, so a huge web page cannot blow the budget.
 */
final class LineFormatter implements SceneFormatter {

  static final LineFormatter INSTANCE = new LineFormatter();
  static final int MAX_TEXT = 80;
  static final int MAX_LINES = 300;

  private LineFormatter() {}

  @Override
  public String format(Scene scene) {
    List<SceneElement> shown =
        scene.elements().stream().filter(LineFormatter::worthShowing).collect(Collectors.toList());
    StringBuilder out = new StringBuilder();
    out.append("screen ")
        .append(scene.width())
        .append('x')
        .append(scene.height())
        .append(" px; one element per line: id type \"text\" [left,top][right,bottom] flags\n");
    shown.stream().limit(MAX_LINES).forEach(e -> out.append(line(e)).append('\n'));
    if (shown.size() > MAX_LINES) {
      out.append("(").append(shown.size() - MAX_LINES).append(" more elements not listed)\n");
    }
    return out.toString();
  }

  private static boolean worthShowing(SceneElement e) {
    return !e.text().isBlank() || !e.resourceId().isBlank() || e.interactive();
  }

  private static String line(SceneElement e) {
    StringBuilder line = new StringBuilder(e.id());
    line.append(' ').append(e.type().isBlank() ? "element" : e.type());
    line.append(' ').append(quote(e.text()));
    line.append(' ').append(e.bounds());
    if (!e.resourceId().isBlank()) {
      line.append(" res=").append(e.resourceId());
    }
    for (ElementFlag flag : e.flags()) {
      line.append(' ').append(flag.name().toLowerCase(Locale.ROOT));
    }
    return line.toString();
  }

  private static String quote(String text) {
    String flat = text.replaceAll("\\s+", " ").strip();
    if (flat.length() > MAX_TEXT) {
      flat = flat.substring(0, MAX_TEXT - 1) + "…";
    }
    return '"' + flat.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
  }
}
