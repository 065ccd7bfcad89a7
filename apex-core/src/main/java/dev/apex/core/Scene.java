package dev.apex.core;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What the screen shows at one moment, as the planner and the LLM read it.
 *
 * @param width screen width in pixels
 * @param height screen height in pixels
 * @param elements the elements in document (tree) order, then OCR-only elements top to bottom
 */
public record Scene(int width, int height, List<SceneElement> elements) {

  public Scene {
    elements = List.copyOf(Objects.requireNonNull(elements, "elements"));
  }

  public Optional<SceneElement> element(String id) {
    return elements.stream().filter(e -> e.id().equals(id)).findFirst();
  }

  /** The first element whose text equals {@code text}, ignoring case and surrounding spaces. */
  public Optional<SceneElement> elementWithText(String text) {
    String wanted = text.strip();
    return elements.stream().filter(e -> e.text().strip().equalsIgnoreCase(wanted)).findFirst();
  }
}
