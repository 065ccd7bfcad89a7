package dev.apex.device.sim;

import static dev.apex.device.sim.SimStyle.MARGIN;
import static dev.apex.device.sim.SimStyle.WIDTH;

import dev.apex.core.Bounds;
import dev.apex.core.ElementFlag;
import dev.apex.device.sim.SimNode.Kind;
import dev.apex.device.sim.SimStyle.Text;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns one {@link SimWidget} into nodes with Android classes, resource ids, flags and frames, as
 * the real widgets would appear in a uiautomator dump (a settings row is a {@code LinearLayout}
 * with {@code android:id/title} and {@code android:id/summary}; an empty {@code EditText} reports
 * its hint as its text).
 */
final class SimWidgets {

  static final Set<ElementFlag> NONE = Set.of();
  static final Set<ElementFlag> CLICKABLE = Set.of(ElementFlag.CLICKABLE);

  private static final Pattern PLACEHOLDER = Pattern.compile("\\{([A-Za-z0-9_.-]+)}");
  private static final int CONTENT_WIDTH = WIDTH - 2 * MARGIN;
  private static final int ROW_PAD = 24;
  private static final int SWITCH_W = 88;
  private static final int SWITCH_H = 48;

  private final SimState state;
  private final String pkg;

  SimWidgets(SimState state, String pkg) {
    this.state = state;
    this.pkg = pkg;
  }

  /** The node of a flowing widget whose top is {@code y}, or null when it shows nothing. */
  SimNode flowing(SimWidget w, int y) {
    return switch (w.type()) {
      case TEXT -> text(w, y);
      case ROW, SWITCH -> row(w, y);
      case BUTTON -> button(w, y);
      case EDIT -> edit(w, y);
      case LIST -> list(w, y);
      case ICON -> icon(w, Bounds.ofSize(MARGIN, y, 176, 240));
    };
  }

  /**
   * The node of a leaf widget (icon, text, button, edit) at its fixed bounds; its text keeps the
   * wrapping of the flowing layout and is clipped to the bounds when drawn.
   */
  SimNode fixed(SimWidget w) {
    Bounds b = w.fixedBounds();
    if (w.type() == SimWidget.Type.ICON) {
      return icon(w, b);
    }
    return flowing(w, b.top()).withFrame(b);
  }

  private SimNode text(SimWidget w, int y) {
    String text = fill(w.text());
    List<String> lines = Text.BODY.wrap(text, CONTENT_WIDTH);
    Bounds frame = new Bounds(MARGIN, y, WIDTH - MARGIN, y + lines.size() * Text.BODY.lineHeight);
    return leaf(
        Kind.TEXT, "android.widget.TextView", w, text, frame, lines, tappable(w), w.onTap());
  }

  private SimNode row(SimWidget w, int y) {
    boolean isSwitch = w.type() == SimWidget.Type.SWITCH;
    int textWidth = CONTENT_WIDTH - (isSwitch ? SWITCH_W + MARGIN : 0);
    String title = fill(w.text());
    String summary = isSwitch ? onOff(w.key()) : fill(w.summary());
    List<String> titleLines = Text.TITLE.wrap(title, textWidth);
    List<String> summaryLines = summary == null ? List.of() : Text.SUMMARY.wrap(summary, textWidth);
    int textTop = y + ROW_PAD;
    Bounds titleFrame =
        Bounds.ofSize(MARGIN, textTop, textWidth, titleLines.size() * Text.TITLE.lineHeight);
    int bottom = titleFrame.bottom() + summaryLines.size() * Text.SUMMARY.lineHeight + ROW_PAD;
    Bounds frame = new Bounds(0, y, WIDTH, Math.max(y + 112, bottom));
    List<SimNode> children = new ArrayList<>();
    children.add(textNode(Kind.TITLE, "android:id/title", title, titleFrame, titleLines));
    if (summary != null) {
      Bounds summaryFrame =
          Bounds.ofSize(
              MARGIN,
              titleFrame.bottom(),
              textWidth,
              summaryLines.size() * Text.SUMMARY.lineHeight);
      children.add(
          textNode(Kind.SUMMARY, "android:id/summary", summary, summaryFrame, summaryLines));
    }
    List<SimAction> onTap = w.onTap();
    if (isSwitch) {
      onTap = prepend(new SimAction.Toggle(w.key()), w.onTap());
      Bounds switchFrame =
          Bounds.ofSize(
              WIDTH - MARGIN - SWITCH_W, frame.centerY() - SWITCH_H / 2, SWITCH_W, SWITCH_H);
      Set<ElementFlag> flags = EnumSet.of(ElementFlag.CLICKABLE, ElementFlag.CHECKABLE);
      if (state.switchOn(w.key())) {
        flags.add(ElementFlag.CHECKED);
      }
      String id = w.id() == null ? "android:id/switch_widget" : resourceId(pkg, w.id());
      String onOff = onOff(w.key());
      children.add(
          new SimNode(
              Kind.SWITCH,
              "android.widget.Switch",
              pkg,
              id,
              onOff,
              "",
              switchFrame,
              switchFrame,
              flags,
              List.of(),
              onTap,
              List.of()));
    }
    String rowId = isSwitch ? "" : resourceId(pkg, w.id());
    Set<ElementFlag> flags = withLongPress(w, onTap.isEmpty() ? NONE : CLICKABLE);
    return new SimNode(
        Kind.ROW,
        "android.widget.LinearLayout",
        pkg,
        rowId,
        "",
        w.description(),
        frame,
        frame,
        flags,
        List.of(),
        onTap,
        children);
  }

  private SimNode button(SimWidget w, int y) {
    String text = fill(w.text());
    int width = Math.min(CONTENT_WIDTH, Math.max(176, Text.BUTTON.width(text) + 2 * MARGIN));
    Bounds frame = Bounds.ofSize(MARGIN, y, width, Text.BUTTON.lineHeight);
    return leaf(
        Kind.BUTTON,
        "android.widget.Button",
        w,
        text,
        frame,
        List.of(text),
        withLongPress(w, CLICKABLE),
        w.onTap());
  }

  private SimNode edit(SimWidget w, int y) {
    String value = state.field(w.key());
    boolean empty = value.isEmpty();
    String shown = empty ? (w.hint() == null ? "" : w.hint()) : value;
    List<String> lines = Text.FIELD.wrap(shown, CONTENT_WIDTH - 2 * ROW_PAD);
    int height = Math.max(112, lines.size() * Text.FIELD.lineHeight + 2 * ROW_PAD);
    Bounds frame = Bounds.ofSize(MARGIN, y, CONTENT_WIDTH, height);
    Set<ElementFlag> flags = EnumSet.of(ElementFlag.CLICKABLE, ElementFlag.EDITABLE);
    if (w.key().equals(state.focusedField())) {
      flags.add(ElementFlag.FOCUSED);
    }
    Kind kind = empty ? Kind.EDIT_HINT : Kind.EDIT;
    return leaf(
        kind,
        "android.widget.EditText",
        w,
        shown,
        frame,
        lines,
        flags,
        prepend(new SimAction.Focus(w.key()), w.onTap()));
  }

  private SimNode list(SimWidget w, int y) {
    List<SimListItem> items = state.list(w.key());
    if (items.isEmpty()) {
      if (w.empty() == null) {
        return null;
      }
      List<String> lines = Text.SUMMARY.wrap(w.empty(), CONTENT_WIDTH);
      Bounds frame =
          Bounds.ofSize(MARGIN, y, CONTENT_WIDTH, lines.size() * Text.SUMMARY.lineHeight);
      return textNode(Kind.SUMMARY, resourceId(pkg, "empty"), w.empty(), frame, lines);
    }
    List<SimNode> rows = new ArrayList<>();
    int top = y;
    for (SimListItem item : items) {
      SimWidget row =
          new SimWidget(
              SimWidget.Type.ROW,
              "item",
              item.title(),
              item.detail(),
              null,
              null,
              null,
              null,
              null,
              null,
              null,
              null);
      SimNode node = row(row, top);
      rows.add(node);
      top = node.frame().bottom();
    }
    Bounds frame = new Bounds(0, y, WIDTH, top);
    return new SimNode(
        Kind.CONTAINER,
        "androidx.recyclerview.widget.RecyclerView",
        pkg,
        resourceId(pkg, w.id()),
        "",
        w.description(),
        frame,
        frame,
        NONE,
        List.of(),
        List.of(),
        rows);
  }

  private SimNode icon(SimWidget w, Bounds frame) {
    String label = fill(w.text());
    String description = w.description() == null ? label : w.description();
    return new SimNode(
        Kind.ICON,
        "android.widget.TextView",
        pkg,
        resourceId(pkg, w.id()),
        label,
        description,
        frame,
        frame,
        CLICKABLE,
        List.of(label),
        w.onTap(),
        List.of());
  }

  /** A non-interactive text node (titles, summaries, the toolbar's heading). */
  SimNode textNode(Kind kind, String resourceId, String text, Bounds frame, List<String> lines) {
    return new SimNode(
        kind,
        "android.widget.TextView",
        pkg,
        resourceId,
        text,
        "",
        frame,
        frame,
        NONE,
        lines,
        List.of(),
        List.of());
  }

  /** A container node, e.g. the page's scroll view. */
  SimNode node(
      Kind kind,
      String className,
      String resourceId,
      String text,
      String description,
      Bounds frame,
      boolean scrollable,
      List<SimNode> children) {
    Set<ElementFlag> flags = scrollable ? Set.of(ElementFlag.SCROLLABLE) : NONE;
    return new SimNode(
        kind,
        className,
        pkg,
        resourceId,
        text,
        description,
        frame,
        frame,
        flags,
        List.of(),
        List.of(),
        children);
  }

  private SimNode leaf(
      Kind kind,
      String className,
      SimWidget w,
      String text,
      Bounds frame,
      List<String> lines,
      Set<ElementFlag> flags,
      List<SimAction> onTap) {
    return new SimNode(
        kind,
        className,
        pkg,
        resourceId(pkg, w.id()),
        text,
        w.description(),
        frame,
        frame,
        flags,
        lines,
        onTap,
        List.of());
  }

  /** Replaces each {@code {key}} with the switch's On/Off. */
  String fill(String text) {
    if (text == null) {
      return null;
    }
    Matcher m = PLACEHOLDER.matcher(text);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      m.appendReplacement(out, onOff(m.group(1)));
    }
    m.appendTail(out);
    return out.toString();
  }

  private String onOff(String key) {
    return state.switchOn(key) ? "On" : "Off";
  }

  private static Set<ElementFlag> tappable(SimWidget w) {
    return withLongPress(w, w.onTap().isEmpty() ? NONE : CLICKABLE);
  }

  /** {@code flags}, and long-clickable when a long press on {@code w} does something. */
  private static Set<ElementFlag> withLongPress(SimWidget w, Set<ElementFlag> flags) {
    if (w.onLongPress().isEmpty()) {
      return flags;
    }
    Set<ElementFlag> out = java.util.EnumSet.of(ElementFlag.LONG_CLICKABLE);
    out.addAll(flags);
    return out;
  }

  private static List<SimAction> prepend(SimAction first, List<SimAction> rest) {
    List<SimAction> all = new ArrayList<>();
    all.add(first);
    all.addAll(rest);
    return all;
  }

  /** A bare name becomes {@code <pkg>:id/<name>}; a qualified id stays; null becomes empty. */
  static String resourceId(String pkg, String id) {
    if (id == null || id.isBlank()) {
      return "";
    }
    return id.contains(":") ? id : pkg + ":id/" + id;
  }
}
