package dev.apex.perception;

import dev.apex.core.Bounds;
import dev.apex.core.ElementFlag;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.core.Text;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What an action changed on screen, in words a model can act on: the one summariser behind the
 * CLI's step lines, the planner's history and the MCP server's results. Built from a {@link
 * SceneDiff}, so an element is paired only with itself before and after.
 *
 * <ul>
 *   <li>an element that changed: {@code 10 switch off → on}, {@code 4 "3" → "4"}, {@code 7 input
 *       "Username" now focused} — a field named by the label above or before it on screen, else by
 *       its placeholder or accessible name ({@link SceneElement#hint()}), else by its id, never by
 *       the value typed into it;
 *   <li>what went away, counted, and named when few: {@code gone: "Cancel", "OK"};
 *   <li>what appeared, as listing lines with their handles ({@link CompactEncoder#line}) up to a
 *       budget, interactive elements first, then {@code +N more (describe_screen lists them)}; the
 *       one-line form names them by handle and text.
 * </ul>
 *
 * Handles come from the task's {@link Handles}, or are left out when there is none (a person's
 * reading). Stateless.
 */
public final class ChangeSummary {

  /** How many new elements the full form lists, line by line, before it counts the rest. */
  public static final int NEW_LINES = 12;

  /** How many changed elements a summary names before it counts the rest. */
  public static final int CHANGES = 6;

  /** How many new elements, and gone ones, the one-line form names. */
  public static final int LINE_NAMES = 3;

  private ChangeSummary() {}

  /**
   * The full form, one or more lines: for a model that acts on what appeared without listing the
   * screen again.
   *
   * @param handles the task's handles, or null to leave them out
   */
  public static String of(Scene before, Scene after, Handles handles) {
    return render(SceneDiff.between(before, after), after, handles, true);
  }

  /** The full form of {@code diff}. */
  public static String of(SceneDiff diff, Handles handles) {
    return render(Objects.requireNonNull(diff, "diff"), null, handles, true);
  }

  /**
   * One line, for a step line or a history entry: what changed and what appeared, by handle and
   * text.
   *
   * @param handles the task's handles, or null to leave them out
   */
  public static String line(Scene before, Scene after, Handles handles) {
    return render(SceneDiff.between(before, after), after, handles, false);
  }

  /** The one-line form of {@code diff}. */
  public static String line(SceneDiff diff, Handles handles) {
    return render(Objects.requireNonNull(diff, "diff"), null, handles, false);
  }

  /**
   * @param after the screen after, where a field's label is looked for; null names fields by their
   *     hint, else their id
   */
  private static String render(SceneDiff diff, Scene after, Handles handles, boolean full) {
    if (diff.unchanged()) {
      return "no visible change";
    }
    if (handles != null) {
      // What appeared is numbered in screen order, whichever of it the summary names.
      diff.added().forEach(handles::name);
    }
    List<String> parts = new ArrayList<>();
    boolean newScreen =
        diff.added().size() + diff.removed().size() > diff.changed().size() + 2
            && !diff.added().isEmpty();
    if (newScreen) {
      parts.add("new screen");
    }
    List<SceneDiff.Change> changes = worthSaying(diff);
    int shown = 0;
    for (SceneDiff.Change c : changes) {
      if (shown++ == CHANGES) {
        parts.add("+" + (changes.size() - CHANGES) + " more changed");
        break;
      }
      parts.add(prefix(handles, c.after()) + describe(c, after));
    }
    if (!diff.removed().isEmpty()) {
      parts.add(newScreen ? diff.removed().size() + " gone" : gone(diff.removed()));
    }
    if (!diff.moved().isEmpty()) {
      int n = diff.moved().size();
      parts.add(n == 1 ? "1 element moved" : n + " elements moved");
    }
    if (diff.added().isEmpty()) {
      return String.join("; ", parts);
    }
    List<SceneElement> picked = pick(diff.added(), full ? NEW_LINES : LINE_NAMES);
    int more = diff.added().size() - picked.size();
    if (!full) {
      List<String> names = new ArrayList<>();
      for (SceneElement e : picked) {
        names.add(prefix(handles, e) + name(e, after));
      }
      parts.add(
          diff.added().size()
              + " new ("
              + String.join(", ", names)
              + (more > 0 ? ", +" + more + " more" : "")
              + ")");
      return String.join("; ", parts);
    }
    parts.add(diff.added().size() + " new:");
    StringBuilder out = new StringBuilder(String.join("; ", parts));
    for (SceneElement e : picked) {
      String handle = handles == null ? "+" : handles.name(e);
      out.append('\n').append(CompactEncoder.line(e, handle));
    }
    if (more > 0) {
      out.append("\n+").append(more).append(" more (describe_screen lists them)");
    }
    return out.toString();
  }

  /**
   * The changes a model acts on: focus leaving or reaching anything but a field (a button focused
   * by its own click) is left out, unless it is all that changed.
   */
  private static List<SceneDiff.Change> worthSaying(SceneDiff diff) {
    List<SceneDiff.Change> out = new ArrayList<>();
    for (SceneDiff.Change c : diff.changed()) {
      if (!focusOnly(c) || isField(c.after())) {
        out.add(c);
      }
    }
    boolean nothingElse = out.isEmpty() && diff.added().isEmpty() && diff.removed().isEmpty();
    return nothingElse ? diff.changed() : out;
  }

  private static boolean focusOnly(SceneDiff.Change c) {
    SceneElement a = c.before();
    SceneElement b = c.after();
    return a.text().equals(b.text())
        && a.has(ElementFlag.FOCUSED) != b.has(ElementFlag.FOCUSED)
        && a.flags().size() != b.flags().size()
        && (a.flags().containsAll(b.flags()) || b.flags().containsAll(a.flags()))
        && Math.abs(a.flags().size() - b.flags().size()) == 1;
  }

  /** At most {@code budget} of {@code added}, interactive ones first, in scene order. */
  private static List<SceneElement> pick(List<SceneElement> added, int budget) {
    if (added.size() <= budget) {
      return added;
    }
    List<SceneElement> chosen = new ArrayList<>();
    for (SceneElement e : added) {
      if (chosen.size() < budget && e.interactive()) {
        chosen.add(e);
      }
    }
    for (SceneElement e : added) {
      if (chosen.size() < budget && !e.interactive() && !e.text().isBlank()) {
        chosen.add(e);
      }
    }
    return added.stream().filter(chosen::contains).toList();
  }

  private static String gone(List<SceneElement> removed) {
    List<String> names = new ArrayList<>();
    for (SceneElement e : removed) {
      if (isField(e)) {
        names.add(name(e, null));
      } else if (!e.text().isBlank()) {
        names.add(quoted(e.text()));
      }
    }
    if (removed.size() > LINE_NAMES || names.isEmpty()) {
      return removed.size() + " gone";
    }
    return "gone: " + String.join(", ", names);
  }

  private static String prefix(Handles handles, SceneElement e) {
    return handles == null ? "" : handles.name(e) + " ";
  }

  private static String describe(SceneDiff.Change c, Scene after) {
    SceneElement a = c.before();
    SceneElement b = c.after();
    String name = name(b, after);
    if (a.has(ElementFlag.CHECKED) != b.has(ElementFlag.CHECKED)) {
      return name + (b.has(ElementFlag.CHECKED) ? " off → on" : " on → off");
    }
    if (!a.text().equals(b.text()) && !b.has(ElementFlag.PASSWORD)) {
      return (isField(b) ? name + " " : "") + quoted(value(a)) + " → " + quoted(value(b));
    }
    for (ElementFlag flag :
        List.of(ElementFlag.FOCUSED, ElementFlag.SELECTED, ElementFlag.DISABLED)) {
      if (a.has(flag) != b.has(flag)) {
        return name + (b.has(flag) ? " now " : " no longer ") + flag.name().toLowerCase();
      }
    }
    return name + " changed";
  }

  /**
   * What to call an element: a field by its name — the label a person reads beside it, else its
   * {@link SceneElement#hint() hint} (placeholder or accessible name), else its id, else its kind,
   * never the value typed into it —, a switch whose text is its state by its kind, anything else by
   * its text.
   */
  static String name(SceneElement e, Scene on) {
    if (isField(e)) {
      String label = on == null ? null : label(e, on);
      if (label == null && !e.hint().isBlank()) {
        label = e.hint();
      }
      if (label != null) {
        return e.type() + " " + quoted(label);
      }
      String id = e.resourceId();
      int cut = Math.max(id.lastIndexOf('/'), id.lastIndexOf(':'));
      String tail = id.substring(cut + 1);
      return tail.isBlank() ? e.type() : e.type() + " " + tail;
    }
    String t = e.text().strip();
    if (t.isEmpty() || e.has(ElementFlag.CHECKABLE) && SceneDiff.isStateWord(t)) {
      return e.type().isBlank() ? "element" : e.type();
    }
    return quoted(t);
  }

  /** The most pixels between a field and the label above or before it. */
  static final int LABEL_GAP_PX = 48;

  /**
   * The text a person reads as a field's label: the nearest text that is no field itself (a plain
   * text, or a clickable {@code <label>}) just above it (overlapping it across) or just before it
   * on its row, within {@value #LABEL_GAP_PX} px; null when none.
   */
  static String label(SceneElement field, Scene on) {
    Bounds f = field.bounds();
    SceneElement best = null;
    int bestGap = Integer.MAX_VALUE;
    for (SceneElement e : on.elements()) {
      Bounds b = e.bounds();
      // A web page's <label> is clickable, so any text but another field's may be the label.
      if (e == field || isField(e) || e.text().isBlank() || !b.hasArea()) {
        continue;
      }
      int gap = Integer.MAX_VALUE;
      boolean across = b.left() < f.right() && b.right() > f.left();
      if (across && b.bottom() <= f.top() + 2) {
        gap = f.top() - b.bottom();
      } else if (b.centerY() >= f.top() && b.centerY() <= f.bottom() && b.right() <= f.left() + 2) {
        gap = f.left() - b.right();
      }
      if (gap >= -2 && gap <= LABEL_GAP_PX && gap < bestGap) {
        best = e;
        bestGap = gap;
      }
    }
    return best == null ? null : best.text();
  }

  /** What an element shows; for a field showing its hint (a placeholder), nothing: it is empty. */
  private static String value(SceneElement e) {
    return isField(e) && e.text().equals(e.hint()) ? "" : e.text();
  }

  private static boolean isField(SceneElement e) {
    return e.has(ElementFlag.EDITABLE);
  }

  private static String quoted(String text) {
    return "\"" + Text.shorten(text.replace('\n', ' ').strip(), 30) + "\"";
  }
}
