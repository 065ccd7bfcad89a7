package dev.apex.bench;

import dev.apex.perception.OcrBox;
import dev.apex.perception.tree.UiTree;
import java.util.List;
import java.util.Objects;

/**
 * A synthetic screen for the fusion benchmark: a tree and the OCR boxes a screenshot of it gives.
 *
 * @param tree the tree; its height is the whole page's, so nothing lies off screen
 * @param boxes OCR boxes over the page, in pixels
 * @param nodes how many nodes the tree has, its synthetic root excluded
 */
public record GeneratedLayout(UiTree tree, List<OcrBox> boxes, int nodes) {

  public GeneratedLayout {
    Objects.requireNonNull(tree, "tree");
    boxes = List.copyOf(boxes);
  }
}
