package dev.apex.bench;

import dev.apex.core.Bounds;
import dev.apex.perception.OcrBox;
import dev.apex.perception.tree.UiNode;
import dev.apex.perception.tree.UiTree;
import java.util.ArrayList;
import java.util.List;

/**
 * The OCR boxes a screenshot of a dump would give, for timing fusion on real screens whose
 * screenshots we do not have: one box per visible text, tight around it as Tesseract draws it (the
 * node's left edge, as wide as the text at half its height per character, inset a few pixels).
 * Deterministic.
 */
final class DumpOcr {

  private DumpOcr() {}

  static List<OcrBox> boxes(UiTree tree) {
    List<OcrBox> boxes = new ArrayList<>();
    for (UiNode node : tree.nodes()) {
      String text = !node.text().isEmpty() ? node.text() : node.description();
      Bounds b = node.bounds();
      if (!node.visible() || text.isBlank() || b.width() < 8 || b.height() < 8) {
        continue;
      }
      int inset = Math.max(1, b.height() / 8);
      int height = b.height() - 2 * inset;
      int width = Math.min(b.width() - 2 * inset, Math.max(height / 2, text.length() * height / 2));
      Bounds box = Bounds.ofSize(b.left() + inset, b.top() + inset, width, height);
      boxes.add(new OcrBox(text, box, 0.9));
    }
    return boxes;
  }
}
