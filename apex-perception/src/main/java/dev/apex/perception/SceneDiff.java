package dev.apex.perception;

import dev.apex.core.ElementFlag;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.core.Text;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * What changed between two scenes, matched by element id (ids are stable across captures of an
 * unchanged screen): the one definition of "an action's visible effect" that the CLI's progress
 * lines and the planner's "no visible effect" notes share. A status-bar clock ticking over is not
 * an effect (an element with a {@code :id/clock} resource id, or whose text is a time such as
 * {@code 9:41}); every other change is, a counter going from 3 to 4 included.
 *
 * @param added elements only in the later scene
 * @param removed elements only in the earlier scene
 * @param changed elements in both whose text or checked/selected/focused/disabled state differ, as
 *     (before, after) pairs
 * @param moved elements in both whose bounds alone changed (a list scrolled, a layout shifted)
 */
public record SceneDiff(
    List<SceneElement> added,
    List<SceneElement> removed,
    List<Change> changed,
    List<Change> moved) {

  /** One element in both scenes, before and after. */
  public record Change(SceneElement before, SceneElement after) {}

  private static final List<ElementFlag> STATE =
      List.of(ElementFlag.CHECKED, ElementFlag.SELECTED, ElementFlag.FOCUSED, ElementFlag.DISABLED);

  private static final Pattern CLOCK_TEXT = Pattern.compile("\\d{1,2}:\\d{2}(\\s?[AaPp][Mm])?");

  public SceneDiff {
    added = List.copyOf(added);
    removed = List.copyOf(removed);
    changed = List.copyOf(changed);
    moved = List.copyOf(moved);
  }

  public static SceneDiff between(Scene before, Scene after) {
    Objects.requireNonNull(before, "before");
    Objects.requireNonNull(after, "after");
    Map<String, SceneElement> old = new LinkedHashMap<>();
    for (SceneElement e : before.elements()) {
      if (!isClock(e)) {
        old.putIfAbsent(e.id(), e);
      }
    }
    List<SceneElement> added = new ArrayList<>();
    List<Change> changed = new ArrayList<>();
    List<Change> moved = new ArrayList<>();
    for (SceneElement e : after.elements()) {
      if (isClock(e)) {
        continue;
      }
      SceneElement was = old.remove(e.id());
      if (was == null) {
        added.add(e);
      } else if (differs(was, e)) {
        changed.add(new Change(was, e));
      } else if (!was.bounds().equals(e.bounds())) {
        moved.add(new Change(was, e));
      }
    }
    return new SceneDiff(added, new ArrayList<>(old.values()), changed, moved);
  }

  /** Whether the action had no visible effect. */
  public boolean unchanged() {
    return added.isEmpty() && removed.isEmpty() && changed.isEmpty() && moved.isEmpty();
  }

  /**
   * One short line for a person or a model: {@code no visible change}, {@code "Wi-Fi" off → on}, or
   * {@code new screen: +12 −9 elements ("Wi-Fi", "Use Wi-Fi", …)}.
   */
  public String summary() {
    if (unchanged()) {
      return "no visible change";
    }
    List<String> parts = new ArrayList<>();
    for (Change c : changed) {
      if (parts.size() == 3) {
        parts.add("…");
        break;
      }
      parts.add(describe(c));
    }
    if (!added.isEmpty() || !removed.isEmpty()) {
      StringBuilder s = new StringBuilder();
      boolean newScreen = added.size() + removed.size() > changed.size() + 2;
      s.append(newScreen ? "new screen: " : "")
          .append('+')
          .append(added.size())
          .append(" −")
          .append(removed.size())
          .append(" elements");
      List<String> texts = new ArrayList<>();
      for (SceneElement e : added) {
        if (!e.text().isBlank() && texts.size() < 3) {
          texts.add("\"" + shorten(e.text()) + "\"");
        }
      }
      if (!texts.isEmpty()) {
        s.append(" (").append(String.join(", ", texts)).append(added.size() > 3 ? ", …)" : ")");
      }
      parts.add(0, s.toString());
    }
    if (!moved.isEmpty()) {
      parts.add(moved.size() == 1 ? "1 element moved" : moved.size() + " elements moved");
    }
    return String.join("; ", parts);
  }

  private static String describe(Change c) {
    SceneElement a = c.before();
    SceneElement b = c.after();
    String label = "\"" + shorten(b.text().isBlank() ? a.text() : b.text()) + "\"";
    if (isStateWord(a.text()) && isStateWord(b.text())) {
      // A switch whose own text is just its state: name it by its type instead.
      label = b.type().isBlank() ? "switch" : b.type();
    }
    if (a.has(ElementFlag.CHECKED) != b.has(ElementFlag.CHECKED)) {
      return label + (b.has(ElementFlag.CHECKED) ? " off → on" : " on → off");
    }
    if (!a.text().equals(b.text())) {
      return "\"" + shorten(a.text()) + "\" → \"" + shorten(b.text()) + "\"";
    }
    for (ElementFlag flag : STATE) {
      if (a.has(flag) != b.has(flag)) {
        return label + (b.has(flag) ? " now " : " no longer ") + flag.name().toLowerCase();
      }
    }
    return label + " changed";
  }

  private static boolean isStateWord(String text) {
    String t = text.strip();
    return t.equalsIgnoreCase("on") || t.equalsIgnoreCase("off") || t.isEmpty();
  }

  private static boolean differs(SceneElement a, SceneElement b) {
    if (!a.text().equals(b.text())) {
      return true;
    }
    for (ElementFlag flag : STATE) {
      if (a.has(flag) != b.has(flag)) {
        return true;
      }
    }
    return false;
  }

  /** A status-bar clock: it changes on its own, so it is never an action's effect. */
  static boolean isClock(SceneElement e) {
    return e.resourceId().endsWith(":id/clock") || CLOCK_TEXT.matcher(e.text().strip()).matches();
  }

  private static String shorten(String text) {
    return Text.shorten(text.replace('\n', ' ').strip(), 30);
  }
}
