package dev.apex.runtime.observe;

import dev.apex.core.Bounds;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.llm.SemanticScene;
import dev.apex.timeline.CachedLabels;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What a labelled element showed, as a fingerprint, and cached labels applied to a live screen.
 *
 * <p>An element's text is what the safety policy reads for it: its own text, or, for an element
 * without text (a row, an icon button's container), the texts of the elements inside its box. The
 * fingerprint is the first 16 hex digits of the SHA-256 of that text: equal texts give equal
 * fingerprints, and the cache keeps no screen text itself (a balance, a name) and a bounded size.
 * The words of the whole screen are fingerprinted the same way ({@link #ofScreen}), for what a
 * text-less control's purpose was made from. Stateless and thread-safe.
 */
final class ScreenTexts {

  /** A run of digits, in any script. */
  private static final Pattern DIGITS = Pattern.compile("\\p{Nd}+");

  private ScreenTexts() {}

  /** For each widget of {@code labels} whose element is in {@code scene}, its fingerprint. */
  static Map<String, String> fingerprints(SemanticScene labels, Scene scene) {
    Map<String, SceneElement> elements = byId(scene);
    Map<String, String> texts = new HashMap<>();
    for (SemanticScene.Widget widget : labels.widgets()) {
      SceneElement element = elements.get(widget.elementId());
      if (element != null) {
        texts.put(element.id(), fingerprint(element, scene));
      }
    }
    return texts;
  }

  /**
   * Whether {@code cached} may serve {@code live}: yes, unless it holds the purpose of a control
   * that shows no text of its own on {@code live} (an icon) and the screen's words ({@link
   * #ofScreen}) are not those it was labelled with, or were not kept. Such a purpose was made from
   * the words around the control, which a fresh labelling would read anew.
   */
  static boolean servable(CachedLabels cached, Scene live) {
    Map<String, SceneElement> elements = byId(live);
    boolean textless = false;
    for (SemanticScene.Widget widget : cached.labels().widgets()) {
      SceneElement element = elements.get(widget.elementId());
      if (element != null && textOf(element, live).isBlank()) {
        textless = true;
        break;
      }
    }
    return !textless || ofScreen(live).equals(cached.screen());
  }

  /**
   * {@code cached}'s labels for {@code live}: its page and intents, and only the widgets whose
   * element is in {@code live} showing the text it showed when labelled. A widget whose element is
   * gone or shows another text is left out, so nothing acts on a purpose the element may no longer
   * have.
   */
  static SemanticScene applyTo(CachedLabels cached, Scene live) {
    Map<String, SceneElement> elements = byId(live);
    SemanticScene labels = cached.labels();
    List<SemanticScene.Widget> kept = new ArrayList<>();
    for (SemanticScene.Widget widget : labels.widgets()) {
      SceneElement element = elements.get(widget.elementId());
      String then = cached.texts().get(widget.elementId());
      if (element != null && then != null && then.equals(fingerprint(element, live))) {
        kept.add(widget);
      }
    }
    return new SemanticScene(labels.page(), labels.intents(), kept);
  }

  /**
   * The fingerprint of the words of {@code scene}: every element's text in scene order (OCR's too),
   * each run of digits read as one {@code #}. What the labelling prompt read of the screen beyond
   * the layout its signature holds, so a changed message, title or state word ("Open settings?"
   * becoming "Delete all your photos?") changes it. Digits are left out so that a clock, a counter
   * or a timestamp does not make every visit a new screen; no word of the safety policy holds a
   * digit.
   */
  static String ofScreen(Scene scene) {
    StringBuilder words = new StringBuilder();
    for (SceneElement e : scene.elements()) {
      // The separator keeps ("ab", "c") apart from ("a", "bc"), and an empty text in its place.
      words.append(DIGITS.matcher(e.text()).replaceAll("#")).append('\u0000');
    }
    return sha256Prefix(words.toString());
  }

  /** The fingerprint of what {@code element} shows on {@code scene}. */
  static String fingerprint(SceneElement element, Scene scene) {
    return sha256Prefix(textOf(element, scene));
  }

  private static String textOf(SceneElement element, Scene scene) {
    if (!element.text().isBlank()) {
      return element.text();
    }
    StringBuilder inner = new StringBuilder();
    for (SceneElement e : scene.elements()) {
      if (e != element && !e.text().isBlank() && inside(e.bounds(), element.bounds())) {
        // A separator no screen text holds, so ("ab", "c") and ("a", "bc") differ.
        inner.append(e.text()).append('\u0000');
      }
    }
    return inner.toString();
  }

  private static Map<String, SceneElement> byId(Scene scene) {
    Map<String, SceneElement> elements = new HashMap<>();
    for (SceneElement e : scene.elements()) {
      elements.putIfAbsent(e.id(), e);
    }
    return elements;
  }

  private static boolean inside(Bounds inner, Bounds outer) {
    return inner.left() >= outer.left()
        && inner.top() >= outer.top()
        && inner.right() <= outer.right()
        && inner.bottom() <= outer.bottom();
  }

  private static String sha256Prefix(String text) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
      StringBuilder hex = new StringBuilder(16);
      for (int i = 0; i < 8; i++) {
        hex.append(Character.forDigit((digest[i] >> 4) & 0xf, 16))
            .append(Character.forDigit(digest[i] & 0xf, 16));
      }
      return hex.toString();
    } catch (NoSuchAlgorithmException e) {
      // Every Java platform must provide SHA-256 (MessageDigest's contract).
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }
}
