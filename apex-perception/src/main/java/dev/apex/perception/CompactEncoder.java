package dev.apex.perception;

import dev.apex.core.Bounds;
import dev.apex.core.ElementFlag;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.core.Source;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The compact text form of a {@link Scene} that the planner and the LLM read: a header line {@code
 * WIDTHxHEIGHT}, then one line per element, in scene order:
 *
 * <pre>
 * 1080x2178
 * 1 @540,1310 Open with
 * 2 tap @205,1580 Messages
 * 3 switch on @980,400 Wi-Fi
 * 4 input focused @540,150 Search settings
 * 5 list [0,1400,1080,1900]
 * </pre>
 *
 * <p>Each line is: the element's <b>handle</b> (a number that names it for the rest of the task,
 * from the task's {@link Handles}; a listing without a table numbers the scene's elements from 1,
 * as {@link #resolve} reads them); a <b>kind</b> word, omitted for plain text — {@code tap} for
 * anything clickable whose type adds nothing (buttons, items, clickable text and images), {@code
 * ocr} for text only OCR saw, else the element's type ({@code input}, {@code switch}, {@code
 * checkbox}, {@code radio}, {@code list}, {@code img}, {@code textarea}, {@code dropdown} — a web
 * {@code <select>}, whose text is its selected option then {@code | options: …} —, an SVG shape's
 * {@code circle}, {@code rect}, …, and {@code dialog} for a dialog over the screen); <b>state</b>
 * words — {@code on}/{@code off} for checkable elements, {@code disabled}, {@code selected}, {@code
 * focused}, {@code password}, {@code long} (long-press only), {@code scroll} and {@code edit} where
 * the kind does not already say so, {@code hover} for what reacts only to the pointer passing over
 * it; the <b>position</b>: the centre {@code @x,y} in pixels, or the full {@code
 * [left,top,right,bottom]} for scrollable elements, whose extent matters for swipes (a web page's
 * is its whole document, and a line after the header says how far it runs past the screen: {@link
 * #beyondView}), or {@code off-view} for an element scrolled out of its scrolling box (a tool
 * scrolls it into view before acting on it); and last the <b>text</b>, running to the end of the
 * line, so it needs no quotes (line breaks are written {@code \n}, a backslash {@code \\}); it is
 * never shortened, and left out only where it is a checkable element's state word ({@code Off}),
 * which its state already says. A field showing a value is named before it by its {@link
 * SceneElement#hint() hint} (placeholder or accessible name), quoted, when that says something
 * else: {@code 4 input @540,150 "Search settings": wifi}. Kind and state words come from the fixed
 * vocabulary above and always precede the position, so a text cannot be mistaken for them. No ids,
 * classes or package names. Thread-safe.
 */
public final class CompactEncoder {

  private static final Set<String> TAP_KINDS = Set.of("button", "item", "text", "image", "view");

  private CompactEncoder() {}

  /**
   * The compact form of {@code scene}, each element's handle its place in the scene (what a fresh
   * {@link Handles} table gives); lines end with {@code \n}.
   */
  public static String encode(Scene scene) {
    Objects.requireNonNull(scene, "scene");
    StringBuilder out = header(scene);
    int handle = 1;
    for (SceneElement e : scene.elements()) {
      line(e, Integer.toString(handle++), out);
      out.append('\n');
    }
    return out.toString();
  }

  /**
   * The compact form of {@code scene} with the task's {@code handles}: an element listed before
   * keeps its handle, a new one gets the next.
   */
  public static String encode(Scene scene, Handles handles) {
    Objects.requireNonNull(scene, "scene");
    List<String> names = handles.name(scene);
    StringBuilder out = header(scene);
    for (int i = 0; i < names.size(); i++) {
      line(scene.elements().get(i), names.get(i), out);
      out.append('\n');
    }
    return out.toString();
  }

  /** One element's line, without its line break: {@code 12 switch off @644,252 Wi-Fi}. */
  public static String line(SceneElement e, String handle) {
    StringBuilder out = new StringBuilder(40);
    line(e, handle, out);
    return out.toString();
  }

  private static StringBuilder header(Scene scene) {
    StringBuilder out = new StringBuilder(64 + scene.elements().size() * 40);
    out.append(scene.width()).append('x').append(scene.height()).append('\n');
    beyondView(scene).ifPresent(line -> out.append(line).append('\n'));
    return out;
  }

  private static void line(SceneElement e, String handle, StringBuilder out) {
    out.append(handle);
    String kind = kind(e);
    if (kind != null) {
      out.append(' ').append(kind);
    }
    states(e, kind, out);
    Bounds b = e.bounds();
    if (e.has(ElementFlag.OFF_VIEW)) {
      out.append(" off-view");
    } else if (e.has(ElementFlag.SCROLLABLE)) {
      out.append(" [")
          .append(b.left())
          .append(',')
          .append(b.top())
          .append(',')
          .append(b.right())
          .append(',')
          .append(b.bottom())
          .append(']');
    } else {
      out.append(" @").append(b.centerX()).append(',').append(b.centerY());
    }
    if (!e.text().isEmpty() && !statesItsState(e)) {
      out.append(' ');
      if (namedBesideValue(e)) {
        out.append('"');
        escape(e.hint(), out);
        out.append("\": ");
      }
      escape(e.text(), out);
    }
  }

  /**
   * A field showing a value, whose hint (placeholder or accessible name) says what it is for: its
   * line names it before the value.
   */
  private static boolean namedBesideValue(SceneElement e) {
    return e.has(ElementFlag.EDITABLE) && !e.hint().isBlank() && !e.hint().equals(e.text());
  }

  /** A checkable element whose text is only its state ({@code Off}), which its state word says. */
  private static boolean statesItsState(SceneElement e) {
    String t = e.text().strip();
    return e.has(ElementFlag.CHECKABLE) && (t.equalsIgnoreCase("on") || t.equalsIgnoreCase("off"));
  }

  /**
   * The line saying how much of the page lies beyond the screen, when a scrollable element covering
   * the whole screen (a web page, whose bounds are its whole document) reaches past it: e.g. {@code
   * page continues: 8200px below, 300px above (swipe to scroll)}. Empty when nothing does.
   */
  public static Optional<String> beyondView(Scene scene) {
    Objects.requireNonNull(scene, "scene");
    int w = scene.width();
    int h = scene.height();
    for (SceneElement e : scene.elements()) {
      Bounds b = e.bounds();
      if (!e.has(ElementFlag.SCROLLABLE)
          || b.left() > 0
          || b.top() > 0
          || b.right() < w
          || b.bottom() < h) {
        continue;
      }
      StringBuilder line = new StringBuilder();
      side(line, b.bottom() - h, "below");
      side(line, -b.top(), "above");
      side(line, b.right() - w, "right");
      side(line, -b.left(), "left");
      if (line.length() > 0) {
        return Optional.of("page continues: " + line + " (swipe to scroll)");
      }
    }
    return Optional.empty();
  }

  private static void side(StringBuilder line, int px, String where) {
    if (px > 0) {
      line.append(line.length() == 0 ? "" : ", ").append(px).append("px ").append(where);
    }
  }

  /**
   * The element a planner's reference names: a handle from {@link #encode} ({@code 3} or {@code
   * #3}, 1-based, for the scene it was encoded from), or a full element id ({@code e1x9…}). Empty
   * when nothing matches.
   */
  public static Optional<SceneElement> resolve(Scene scene, String ref) {
    Objects.requireNonNull(scene, "scene");
    if (ref == null) {
      return Optional.empty();
    }
    String r = ref.strip();
    if (r.startsWith("#")) {
      r = r.substring(1);
    }
    if (!r.isEmpty() && r.length() <= 9 && r.chars().allMatch(c -> c >= '0' && c <= '9')) {
      int handle = Integer.parseInt(r);
      return handle >= 1 && handle <= scene.elements().size()
          ? Optional.of(scene.elements().get(handle - 1))
          : Optional.empty();
    }
    return scene.element(r);
  }

  private static String kind(SceneElement e) {
    if (e.source() == Source.OCR) {
      return "ocr";
    }
    String type = e.type();
    boolean clickable = e.has(ElementFlag.CLICKABLE) || e.has(ElementFlag.LONG_CLICKABLE);
    if (clickable && TAP_KINDS.contains(type)) {
      return "tap";
    }
    return switch (type) {
      case "text", "view", "" -> null;
      case "image" -> "img";
      default -> type;
    };
  }

  private static void states(SceneElement e, String kind, StringBuilder out) {
    if (e.has(ElementFlag.CHECKABLE)) {
      out.append(e.has(ElementFlag.CHECKED) ? " on" : " off");
    } else if (e.has(ElementFlag.CHECKED)) {
      out.append(" on");
    }
    if (e.has(ElementFlag.DISABLED)) {
      out.append(" disabled");
    }
    if (e.has(ElementFlag.SELECTED)) {
      out.append(" selected");
    }
    if (e.has(ElementFlag.FOCUSED)) {
      out.append(" focused");
    }
    if (e.has(ElementFlag.PASSWORD)) {
      out.append(" password");
    }
    if (e.has(ElementFlag.LONG_CLICKABLE) && !e.has(ElementFlag.CLICKABLE)) {
      out.append(" long");
    }
    if (e.has(ElementFlag.SCROLLABLE) && !"list".equals(kind)) {
      out.append(" scroll");
    }
    if (e.has(ElementFlag.EDITABLE) && !"input".equals(kind) && !"textarea".equals(kind)) {
      out.append(" edit");
    }
    if (e.has(ElementFlag.HOVERABLE) && !e.has(ElementFlag.CLICKABLE)) {
      out.append(" hover");
    }
  }

  private static void escape(String text, StringBuilder out) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        default -> out.append(c);
      }
    }
  }
}
