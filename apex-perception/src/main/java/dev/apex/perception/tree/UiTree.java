package dev.apex.perception.tree;

import java.util.List;
import java.util.Objects;

/**
 * A parsed UI tree.
 *
 * @param width screen width in pixels
 * @param height screen height in pixels
 * @param rotation 0–3 (0°, 90°, 180°, 270°); coordinates are already rotated
 * @param root the root node (a synthetic {@code hierarchy} node for uiautomator dumps)
 */
public record UiTree(int width, int height, int rotation, UiNode root) {

  public UiTree {
    Objects.requireNonNull(root, "root");
  }

  /** Every node but the synthetic root, depth first. */
  public List<UiNode> nodes() {
    List<UiNode> all = root.flatten();
    return all.subList(1, all.size());
  }
}
