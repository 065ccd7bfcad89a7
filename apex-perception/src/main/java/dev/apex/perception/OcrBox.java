package dev.apex.perception;

import dev.apex.core.Bounds;
import java.util.Objects;

/**
 * A run of text OCR found, in screenshot pixels.
 *
 * @param text the recognised text (a word or a line)
 * @param bounds where it is
 * @param confidence in [0, 1]
 */
public record OcrBox(String text, Bounds bounds, double confidence) {

  public OcrBox {
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(bounds, "bounds");
  }
}
