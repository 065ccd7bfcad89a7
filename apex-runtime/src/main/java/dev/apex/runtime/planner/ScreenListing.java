package dev.apex.runtime.planner;

import dev.apex.core.ElementFlag;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.core.Source;
import dev.apex.tools.ElementLocator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The screen as the model reads it: a header {@code WIDTHxHEIGHT}, then one line per element worth
 * acting on or reading — {@code HANDLE [KIND] [STATES] @X,Y [TEXT]} — in scene order. The same
 * compact form as perception's encoding, so a model sees one format everywhere:
 *
 * <pre>
 * 720x1600
 * 4 @140,112 Settings
 * 6 tap @360,252
 * 7 @360,232 Wi-Fi
 * 12 switch off @600,240 Wi-Fi
 * </pre>
 *
 * <p>The handle is the element's 1-based position in {@link Scene#elements()}, valid for this scene
 * only ({@link #resolve}). Elements off screen, and containers with no text that nobody can act on,
 * are left out (their handles are skipped). The kind is {@code tap} for a clickable element whose
 * type adds nothing, {@code ocr} for text only OCR saw, else the element's type, and nothing for
 * plain text. States: {@code on}/{@code off} (checkable), {@code disabled}, {@code selected},
 * {@code focused}, {@code password}, {@code scroll}, {@code edit}. The text runs to the end of the
 * line with {@code \} and line breaks escaped, so a text cannot start a line of its own. Stateless.
 */
final class ScreenListing {

  private static final Set<String> TAP_KINDS = Set.of("button", "item", "text", "image", "view");

  private ScreenListing() {}

  static String encode(Scene scene) {
    StringBuilder out = new StringBuilder(64 + scene.elements().size() * 32);
    out.append(scene.width()).append('x').append(scene.height()).append('\n');
    List<SceneElement> elements = scene.elements();
    for (int i = 0; i < elements.size(); i++) {
      SceneElement e = elements.get(i);
      if (!ElementLocator.onScreen(scene, e) || !worthListing(e)) {
        continue;
      }
      out.append(i + 1);
      String kind = kind(e);
      if (kind != null) {
        out.append(' ').append(kind);
      }
      states(e, out);
      out.append(" @").append(e.bounds().centerX()).append(',').append(e.bounds().centerY());
      if (!e.text().isBlank()) {
        out.append(' ');
        escape(e.text().strip(), out);
      }
      out.append('\n');
    }
    return out.toString();
  }

  /** The element a handle ({@code 7} or {@code #7}) or an element id names, if any. */
  static Optional<SceneElement> resolve(Scene scene, String ref) {
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

  private static boolean worthListing(SceneElement e) {
    return !e.text().isBlank() || e.interactive() || e.has(ElementFlag.FOCUSED);
  }

  private static String kind(SceneElement e) {
    if (e.source() == Source.OCR) {
      return "ocr";
    }
    String type = e.type();
    boolean clickable = e.has(ElementFlag.CLICKABLE) || e.has(ElementFlag.LONG_CLICKABLE);
    if (clickable && (TAP_KINDS.contains(type) || type.isBlank())) {
      return "tap";
    }
    return switch (type) {
      case "text", "view", "" -> null;
      case "image" -> "img";
      default -> type;
    };
  }

  private static void states(SceneElement e, StringBuilder out) {
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
    if (e.has(ElementFlag.SCROLLABLE)) {
      out.append(" scroll");
    }
    if (e.has(ElementFlag.EDITABLE) && !"input".equals(e.type())) {
      out.append(" edit");
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
