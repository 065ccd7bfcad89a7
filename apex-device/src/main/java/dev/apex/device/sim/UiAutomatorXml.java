package dev.apex.device.sim;

import dev.apex.core.ElementFlag;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Writes a {@link SimScreen} as {@code uiautomator dump} writes a window: the same declaration, one
 * line, the seventeen node attributes in AOSP's order ({@code index} … {@code bounds}), visible
 * bounds as {@code [l,t][r,b]}, {@code & < > "} escaped and characters XML cannot hold written as
 * {@code .} (AOSP's {@code AccessibilityNodeInfoDumper}). Sim nodes always carry a text or a
 * description on every tappable node, so the {@code NAF} attribute never applies.
 */
final class UiAutomatorXml {

  private static final String DECLARATION =
      "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>";

  private UiAutomatorXml() {}

  static byte[] write(SimScreen screen) {
    StringBuilder out = new StringBuilder(8192);
    out.append(DECLARATION).append("<hierarchy rotation=\"0\">");
    node(out, screen.root(), 0);
    out.append("</hierarchy>");
    return out.toString().getBytes(StandardCharsets.UTF_8);
  }

  private static void node(StringBuilder out, SimNode n, int index) {
    out.append("<node index=\"").append(index).append('"');
    attr(out, "text", n.text());
    attr(out, "resource-id", n.resourceId());
    attr(out, "class", n.className());
    attr(out, "package", n.pkg());
    attr(out, "content-desc", n.description());
    attr(out, "checkable", n.has(ElementFlag.CHECKABLE));
    attr(out, "checked", n.has(ElementFlag.CHECKED));
    attr(out, "clickable", n.clickable());
    attr(out, "enabled", true);
    attr(out, "focusable", n.focusable());
    attr(out, "focused", n.has(ElementFlag.FOCUSED));
    attr(out, "scrollable", n.has(ElementFlag.SCROLLABLE));
    attr(out, "long-clickable", n.has(ElementFlag.LONG_CLICKABLE));
    attr(out, "password", false);
    attr(out, "selected", false);
    attr(out, "bounds", n.bounds().toString());
    List<SimNode> children = n.children();
    if (children.isEmpty()) {
      out.append(" />");
      return;
    }
    out.append('>');
    for (int i = 0; i < children.size(); i++) {
      node(out, children.get(i), i);
    }
    out.append("</node>");
  }

  private static void attr(StringBuilder out, String name, boolean value) {
    out.append(' ').append(name).append("=\"").append(value).append('"');
  }

  private static void attr(StringBuilder out, String name, String value) {
    out.append(' ').append(name).append("=\"");
    escape(out, value);
    out.append('"');
  }

  static void escape(StringBuilder out, String value) {
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      switch (c) {
        case '&' -> out.append("&amp;");
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '"' -> out.append("&quot;");
        case '\n' -> out.append("&#10;");
        case '\r' -> out.append("&#13;");
        case '\t' -> out.append("&#9;");
        default -> {
          if (Character.isHighSurrogate(c)
              && i + 1 < value.length()
              && Character.isLowSurrogate(value.charAt(i + 1))) {
            out.append(c).append(value.charAt(++i));
          } else {
            out.append(validXml(c) ? c : '.');
          }
        }
      }
    }
  }

  /** XML 1.0's Char production for a single UTF-16 unit (a lone surrogate is not valid). */
  private static boolean validXml(char c) {
    return c >= 0x20 && c <= 0xD7FF || c >= 0xE000 && c <= 0xFFFD;
  }
}
