package dev.apex.perception;

import dev.apex.core.Bounds;
import dev.apex.core.ElementFlag;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * One node of a device's UI tree, platform-neutral.
 *
 * @param path the node's position from the root as child indexes, e.g. {@code 0/2/1}; with {@code
 *     className} and {@code resourceId} it makes the element id stable across captures
 * @param className the platform class or type, e.g. {@code android.widget.Button}, {@code
 *     XCUIElementTypeButton}, {@code button}
 * @param text the node's text (Android text, iOS value/label, DOM text); empty, never null
 * @param description the accessibility description (content-desc, iOS label/name, aria-label)
 * @param resourceId Android resource-id, iOS name/identifier, DOM id; empty when none
 * @param packageName the app it belongs to, where known
 * @param bounds in screenshot pixels (the parser applies the capture's scale)
 * @param flags state flags
 * @param visible false when the platform says it is not visible
 * @param children child nodes in document order
 */
public record UiNode(
    String path,
    String className,
    String text,
    String description,
    String resourceId,
    String packageName,
    Bounds bounds,
    Set<ElementFlag> flags,
    boolean visible,
    List<UiNode> children) {

  public UiNode {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(bounds, "bounds");
    className = className == null ? "" : className;
    text = text == null ? "" : text;
    description = description == null ? "" : description;
    resourceId = resourceId == null ? "" : resourceId;
    packageName = packageName == null ? "" : packageName;
    flags =
        flags == null || flags.isEmpty()
            ? Set.of()
            : Collections.unmodifiableSet(EnumSet.copyOf(flags));
    children = children == null ? List.of() : List.copyOf(children);
  }

  /** This node and all its descendants, depth first, in document order. */
  public List<UiNode> flatten() {
    java.util.ArrayList<UiNode> out = new java.util.ArrayList<>();
    collect(this, out);
    return out;
  }

  private static void collect(UiNode node, List<UiNode> out) {
    out.add(node);
    for (UiNode child : node.children) {
      collect(child, out);
    }
  }

  /** Whether a user can act on it: clickable, long-clickable, checkable, editable or scrollable. */
  public boolean interactive() {
    // A loop, not a stream: this runs for every node of every capture.
    for (ElementFlag flag : flags) {
      if (flag.interactive()) {
        return true;
      }
    }
    return false;
  }
}
