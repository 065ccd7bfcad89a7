package dev.apex.perception;

import dev.apex.core.ElementFlag;
import dev.apex.perception.tree.UiNode;
import dev.apex.perception.tree.UiTree;
import java.util.Arrays;

/**
 * A tree's nodes (root excluded) in document order, each with the end of its subtree (so a node's
 * descendants are the index range after it) and its interactive and clickable flags read once.
 * Flattened with an explicit stack: synthetic trees can be deeper than recursion allows.
 */
final class FlatTree {

  private final UiNode[] nodes;
  private final int[] end;
  private final boolean[] interactive;
  private final boolean[] clickable;

  private FlatTree(UiNode[] nodes, int[] end) {
    this.nodes = nodes;
    this.end = end;
    interactive = new boolean[nodes.length];
    clickable = new boolean[nodes.length];
    for (int i = 0; i < nodes.length; i++) {
      interactive[i] = nodes[i].interactive();
      clickable[i] =
          nodes[i].flags().contains(ElementFlag.CLICKABLE)
              || nodes[i].flags().contains(ElementFlag.LONG_CLICKABLE);
    }
  }

  static FlatTree of(UiTree tree) {
    UiNode[] order = new UiNode[64];
    int size = 0;
    int[] end = new int[64];
    UiNode[] stackNode = new UiNode[32];
    int[] stackNext = new int[32];
    int[] stackIndex = new int[32];
    int depth = 0;
    stackNode[0] = tree.root();
    stackIndex[0] = -1;
    while (depth >= 0) {
      UiNode top = stackNode[depth];
      if (stackNext[depth] < top.children().size()) {
        UiNode child = top.children().get(stackNext[depth]++);
        if (++depth == stackNode.length) {
          stackNode = Arrays.copyOf(stackNode, depth * 2);
          stackNext = Arrays.copyOf(stackNext, depth * 2);
          stackIndex = Arrays.copyOf(stackIndex, depth * 2);
        }
        if (size == order.length) {
          order = Arrays.copyOf(order, size * 2);
          end = Arrays.copyOf(end, size * 2);
        }
        stackNode[depth] = child;
        stackNext[depth] = 0;
        stackIndex[depth] = size;
        order[size++] = child;
      } else {
        if (stackIndex[depth] >= 0) {
          end[stackIndex[depth]] = size;
        }
        stackNode[depth--] = null;
      }
    }
    return new FlatTree(Arrays.copyOf(order, size), Arrays.copyOf(end, size));
  }

  int size() {
    return nodes.length;
  }

  UiNode node(int i) {
    return nodes[i];
  }

  /** One past the last descendant of node {@code i}. */
  int end(int i) {
    return end[i];
  }

  /** Clickable, long-clickable, checkable, editable or scrollable. */
  boolean interactive(int i) {
    return interactive[i];
  }

  /** Clickable or long-clickable: a container that may take its children's labels. */
  boolean clickable(int i) {
    return clickable[i];
  }
}
