package dev.apex.perception;

import dev.apex.core.ElementFlag;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What changed between two scenes, matched by element id (ids are stable across captures of an
 * unchanged screen) where the two are {@link #same the same element}: the one definition of "an
 * action's visible effect" that the CLI's progress lines and the planner's "no visible effect"
 * notes share. A status-bar clock ticking over is not an effect (an element with a {@code
 * :id/clock} resource id, or whose text is a time such as {@code 9:41}); every other change is, a
 * counter going from 3 to 4 included.
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

  private static final Pattern DIGITS = Pattern.compile("\\d+([.,]\\d+)*");

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
      SceneElement was = old.get(e.id());
      if (was == null || !same(was, e)) {
        // A node at the same path that now says something else is another element (a new screen).
        added.add(e);
        continue;
      }
      old.remove(e.id());
      if (differs(was, e)) {
        changed.add(new Change(was, e));
      } else if (!was.bounds().equals(e.bounds())) {
        moved.add(new Change(was, e));
      }
    }
    return new SceneDiff(added, new ArrayList<>(old.values()), changed, moved);
  }

  /**
   * Whether {@code a} and {@code b}, from two captures, are one element: the same id and type, and
   * the same kind of content — the same text, or a field's value (an editable element), a switch's
   * state word, a count or a time that ticked (equal once digits are ignored), or text that keeps
   * most of its words. {@code "Time left: 598 / 600sec"} and {@code "Time left: 597 / 600sec"} are
   * one element; {@code "Last reward: -"} and {@code "Last 10 average:"} at the same path are two.
   */
  public static boolean same(SceneElement a, SceneElement b) {
    if (!a.id().equals(b.id()) || !a.type().equals(b.type())) {
      return false;
    }
    String x = a.text().strip();
    String y = b.text().strip();
    if (x.equals(y) || a.has(ElementFlag.EDITABLE) || b.has(ElementFlag.EDITABLE)) {
      return true;
    }
    if (isStateWord(x) && isStateWord(y)) {
      return true;
    }
    if (x.isEmpty() || y.isEmpty()) {
      return false;
    }
    String dx = DIGITS.matcher(x.toLowerCase(Locale.ROOT)).replaceAll("#");
    String dy = DIGITS.matcher(y.toLowerCase(Locale.ROOT)).replaceAll("#");
    if (dx.equals(dy)) {
      return true;
    }
    Set<String> wx = words(dx);
    Set<String> wy = words(dy);
    Set<String> both = new HashSet<>(wx);
    both.retainAll(wy);
    Set<String> either = new HashSet<>(wx);
    either.addAll(wy);
    return both.size() * 2 >= either.size();
  }

  /** A text's words, a state word ({@code on}, {@code off}) standing for any other. */
  private static Set<String> words(String text) {
    Set<String> out = new HashSet<>();
    for (String w : text.split("[\\s|]+")) {
      out.add(isStateWord(w) ? "~" : w);
    }
    return out;
  }

  /** Whether the action had no visible effect. */
  public boolean unchanged() {
    return added.isEmpty() && removed.isEmpty() && changed.isEmpty() && moved.isEmpty();
  }

  /**
   * One short line for a person or a model, without handles: {@code no visible change}, {@code
   * "Wi-Fi" off → on}, or {@code new screen; 9 gone; 12 new ("Wi-Fi", "Use Wi-Fi", …)} ({@link
   * ChangeSummary#line}).
   */
  public String summary() {
    return ChangeSummary.line(this, null);
  }

  static boolean isStateWord(String text) {
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
}
