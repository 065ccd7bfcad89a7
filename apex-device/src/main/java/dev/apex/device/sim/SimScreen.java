package dev.apex.device.sim;

import dev.apex.core.Bounds;
import dev.apex.core.ElementFlag;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The current screen, laid out: the node tree plus what a swipe needs to scroll it. Immutable and
 * compared by value, so it is the key of the rendering cache.
 *
 * @param root the window's root node
 * @param scrollViewport the part of the screen the page content scrolls in, or {@link Bounds#EMPTY}
 *     when nothing scrolls
 * @param scrollMax how far (pixels) the content can scroll; 0 when it fits
 */
record SimScreen(SimNode root, Bounds scrollViewport, int scrollMax) {

  /** The deepest clickable node containing the point, topmost first; empty on a miss. */
  Optional<SimNode> hit(int x, int y) {
    return Optional.ofNullable(hit(root, x, y));
  }

  /** The topmost long-clickable node under the point, if any: what a long press lands on. */
  Optional<SimNode> hitLongPress(int x, int y) {
    return Optional.ofNullable(hit(root, x, y, n -> n.has(ElementFlag.LONG_CLICKABLE)));
  }

  private static SimNode hit(SimNode node, int x, int y) {
    return hit(node, x, y, SimNode::clickable);
  }

  private static SimNode hit(SimNode node, int x, int y, Predicate<SimNode> takes) {
    if (!node.bounds().contains(x, y)) {
      return null;
    }
    List<SimNode> children = node.children();
    for (int i = children.size() - 1; i >= 0; i--) {
      SimNode found = hit(children.get(i), x, y, takes);
      if (found != null) {
        return found;
      }
    }
    return takes.test(node) ? node : null;
  }

  /** Every node matching, in document order. */
  List<SimNode> findAll(Predicate<SimNode> test) {
    List<SimNode> out = new ArrayList<>();
    collect(root, test, out);
    return out;
  }

  Optional<SimNode> find(Predicate<SimNode> test) {
    return findAll(test).stream().findFirst();
  }

  private static void collect(SimNode node, Predicate<SimNode> test, List<SimNode> out) {
    if (test.test(node)) {
      out.add(node);
    }
    for (SimNode child : node.children()) {
      collect(child, test, out);
    }
  }
}
