package dev.apex.perception;

import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The short names a task gives its elements: {@code 1}, {@code 2}, … in the order they are first
 * listed, each naming one element for the rest of the task. The compact listing, the change
 * summaries and the tools that take an {@code element} all speak them, so a handle a model read in
 * an earlier listing of the same screen still names the same element, and an element that appears
 * later gets a number no earlier element had.
 *
 * <p>An element keeps its handle while it stays {@link SceneDiff#same the same element}: the same
 * id (its node's path, resource id and class) and the same kind of content (a switch flipped, a
 * field typed into and a counter ticking stay the same; a new screen whose node at that path says
 * something else is a new element, with a new handle). A handle whose element is no longer on the
 * screen is {@link Lookup.Stale stale}: it names what the screen showed, so a caller can say the
 * screen changed rather than look for it. A fresh table handed one scene numbers its elements 1 to
 * N in scene order. Thread-safe.
 */
public final class Handles {

  /** What a reference names. */
  public sealed interface Lookup permits Lookup.Found, Lookup.Stale, Lookup.Unknown {
    /** The handle's element, on the scene looked at. */
    record Found(SceneElement element) implements Lookup {}

    /**
     * A handle given out earlier, whose element the scene looked at no longer shows; {@code was} is
     * that element, or null when the table has forgotten it ({@link #MAX_REMEMBERED}).
     */
    record Stale(String handle, SceneElement was) implements Lookup {}

    /** A handle this table never gave out. */
    record Unknown(String handle) implements Lookup {}
  }

  /**
   * How many elements the table remembers: past it, the oldest handle's element is forgotten (its
   * handle reads as stale), so a long session holds a bounded table. Numbers still grow.
   */
  public static final int MAX_REMEMBERED = 50_000;

  private final List<SceneElement> named = new ArrayList<>();
  private final Map<String, List<Integer>> byId = new HashMap<>();

  /** A table that has named nothing yet. */
  public Handles() {}

  /**
   * The handles of {@code scene}'s elements, in scene order, naming the new ones: each element its
   * own handle, even two that share an id.
   */
  public synchronized List<String> name(Scene scene) {
    Objects.requireNonNull(scene, "scene");
    List<String> out = new ArrayList<>(scene.elements().size());
    Set<Integer> taken = new HashSet<>();
    for (SceneElement e : scene.elements()) {
      int h = handleOf(e, taken);
      taken.add(h);
      out.add(Integer.toString(h));
    }
    return out;
  }

  /** The handle of {@code element}, naming it if it has none. */
  public synchronized String name(SceneElement element) {
    return Integer.toString(handleOf(Objects.requireNonNull(element, "element"), Set.of()));
  }

  private int handleOf(SceneElement e, Set<Integer> taken) {
    List<Integer> handles = byId.computeIfAbsent(e.id(), id -> new ArrayList<>());
    for (int h : handles) {
      if (!taken.contains(h) && SceneDiff.same(named.get(h - 1), e)) {
        named.set(h - 1, e);
        return h;
      }
    }
    named.add(e);
    int h = named.size();
    handles.add(h);
    forget(h - MAX_REMEMBERED);
    return h;
  }

  /** Forgets handle {@code h}'s element, if it is one the table still holds. */
  private void forget(int h) {
    if (h < 1 || named.get(h - 1) == null) {
      return;
    }
    SceneElement gone = named.set(h - 1, null);
    List<Integer> same = byId.get(gone.id());
    same.remove(Integer.valueOf(h));
    if (same.isEmpty()) {
      byId.remove(gone.id());
    }
  }

  /**
   * Whether {@code ref} is written as a handle: digits, optionally after a {@code #}, as {@code 12}
   * or {@code #12}.
   */
  public static boolean isHandle(String ref) {
    return digits(ref) != null;
  }

  /**
   * What {@code ref} names on {@code scene}, or empty when it is not written as a handle (an id, a
   * resource id).
   */
  public synchronized Optional<Lookup> lookup(Scene scene, String ref) {
    Objects.requireNonNull(scene, "scene");
    String digits = digits(ref);
    if (digits == null) {
      return Optional.empty();
    }
    int h = digits.length() > 9 ? 0 : Integer.parseInt(digits);
    if (h < 1 || h > named.size()) {
      return Optional.of(new Lookup.Unknown(digits));
    }
    SceneElement was = named.get(h - 1);
    if (was == null) {
      return Optional.of(new Lookup.Stale(digits, null));
    }
    for (SceneElement now : scene.elements()) {
      if (now.id().equals(was.id()) && SceneDiff.same(was, now)) {
        return Optional.of(new Lookup.Found(now));
      }
    }
    return Optional.of(new Lookup.Stale(digits, was));
  }

  private static String digits(String ref) {
    if (ref == null) {
      return null;
    }
    String r = ref.strip();
    if (r.startsWith("#")) {
      r = r.substring(1);
    }
    return !r.isEmpty() && r.chars().allMatch(c -> c >= '0' && c <= '9') ? r : null;
  }
}
