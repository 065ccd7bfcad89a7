package dev.apex.perception;

import dev.apex.core.ElementFlag;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What changed between two scenes, matched by element id (ids are stable across captures of an
 * unchanged screen). Changes that touch only digits — a clock, a counter, a progress percentage —
 * do not count as a visible effect, so an action that changed nothing but the status bar's time
 * reads as {@link #unchanged()}.
 *
 * @param added elements only in the later scene
 * @param removed elements only in the earlier scene
 * @param changed elements in both whose text or checked/selected/focused/disabled state differ
 *     (digit-only text changes excluded), as (before, after) pairs
 */
public record SceneDiff(
    List<SceneElement> added, List<SceneElement> removed, List<Change> changed) {

  /** One element in both scenes, before and after. */
  public record Change(SceneElement before, SceneElement after) {}

  private static final List<ElementFlag> STATE =
      List.of(ElementFlag.CHECKED, ElementFlag.SELECTED, ElementFlag.FOCUSED, ElementFlag.DISABLED);

  public SceneDiff {
    added = List.copyOf(added);
    removed = List.copyOf(removed);
    changed = List.copyOf(changed);
  }

  public static SceneDiff between(Scene before, Scene after) {
    Objects.requireNonNull(before, "before");
    Objects.requireNonNull(after, "after");
    Map<String, SceneElement> old = new HashMap<>();
    for (SceneElement e : before.elements()) {
      old.putIfAbsent(e.id(), e);
    }
    List<SceneElement> added = new ArrayList<>();
    List<Change> changed = new ArrayList<>();
    for (SceneElement e : after.elements()) {
      SceneElement was = old.remove(e.id());
      if (was == null) {
        added.add(e);
      } else if (differs(was, e)) {
        changed.add(new Change(was, e));
      }
    }
    return new SceneDiff(added, new ArrayList<>(old.values()), changed);
  }

  /** Whether the action had no visible effect. */
  public boolean unchanged() {
    return added.isEmpty() && removed.isEmpty() && changed.isEmpty();
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
    if (!sameIgnoringDigits(a.text(), b.text())) {
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
    if (!sameIgnoringDigits(a.text(), b.text())) {
      return true;
    }
    for (ElementFlag flag : STATE) {
      if (a.has(flag) != b.has(flag)) {
        return true;
      }
    }
    return false;
  }

  /** Equal once every digit is treated alike: a clock or counter ticking is not an effect. */
  static boolean sameIgnoringDigits(String a, String b) {
    if (a.length() != b.length()) {
      return a.replaceAll("\\d+", "0").equals(b.replaceAll("\\d+", "0"));
    }
    for (int i = 0; i < a.length(); i++) {
      char x = a.charAt(i);
      char y = b.charAt(i);
      if (x != y && !(Character.isDigit(x) && Character.isDigit(y))) {
        return false;
      }
    }
    return true;
  }

  private static String shorten(String text) {
    String one = text.replace('\n', ' ').strip();
    return one.length() <= 30 ? one : one.substring(0, 29) + "…";
  }
}
