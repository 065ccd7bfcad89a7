package dev.apex.perception.tree;

import dev.apex.core.Bounds;
import dev.apex.core.ElementFlag;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * One node of a device's UI tree, platform-neutral. Immutable; equal when every field and the
 * children are.
 *
 * <p>Not a record: its path is kept as a {@link NodePath} (a link to the parent's), so a tree's
 * paths cost memory linear in its size however deep it nests, and {@link #path()} writes the text
 * only when asked.
 */
public final class UiNode {

  private final NodePath path;
  private final String className;
  private final String text;
  private final String description;
  private final String resourceId;
  private final String packageName;
  private final Bounds bounds;
  private final Set<ElementFlag> flags;
  private final boolean visible;
  private final List<UiNode> children;

  /**
   * A node whose path is given as text ({@code 0/2/1}); see {@link NodePath#of}. The parameters are
   * those of the accessors.
   */
  public UiNode(
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
    this(
        NodePath.of(Objects.requireNonNull(path, "path")),
        className,
        text,
        description,
        resourceId,
        packageName,
        bounds,
        flags,
        visible,
        children);
  }

  /** A node at {@code path}; what parsers use. Null strings become empty. */
  public UiNode(
      NodePath path,
      String className,
      String text,
      String description,
      String resourceId,
      String packageName,
      Bounds bounds,
      Set<ElementFlag> flags,
      boolean visible,
      List<UiNode> children) {
    this.path = Objects.requireNonNull(path, "path");
    this.bounds = Objects.requireNonNull(bounds, "bounds");
    this.className = className == null ? "" : className;
    this.text = text == null ? "" : text;
    this.description = description == null ? "" : description;
    this.resourceId = resourceId == null ? "" : resourceId;
    this.packageName = packageName == null ? "" : packageName;
    this.flags =
        flags == null || flags.isEmpty()
            ? Set.of()
            : Collections.unmodifiableSet(EnumSet.copyOf(flags));
    this.visible = visible;
    this.children = children == null ? List.of() : List.copyOf(children);
  }

  /**
   * The node's position from the root as child indexes, e.g. {@code 0/2/1}; with {@code className}
   * and {@code resourceId} it makes the element id stable across captures. Written on each call, in
   * time linear in the depth.
   */
  public String path() {
    return path.toString();
  }

  /** The same position, without writing it out. */
  public NodePath nodePath() {
    return path;
  }

  /** The platform class or type, e.g. {@code android.widget.Button}, {@code button}. */
  public String className() {
    return className;
  }

  /** The node's text (Android text, iOS value/label, DOM text); empty, never null. */
  public String text() {
    return text;
  }

  /** The accessibility description (content-desc, iOS label/name, aria-label). */
  public String description() {
    return description;
  }

  /** Android resource-id, iOS name/identifier, DOM id; empty when none. */
  public String resourceId() {
    return resourceId;
  }

  /** The app it belongs to, where known. */
  public String packageName() {
    return packageName;
  }

  /** In screenshot pixels (the parser applies the capture's scale). */
  public Bounds bounds() {
    return bounds;
  }

  /** State flags. */
  public Set<ElementFlag> flags() {
    return flags;
  }

  /** False when the platform says it is not visible. */
  public boolean visible() {
    return visible;
  }

  /** Child nodes in document order. */
  public List<UiNode> children() {
    return children;
  }

  /** This node and all its descendants, depth first, in document order. */
  public List<UiNode> flatten() {
    // An explicit stack: a tree may nest deeper than recursion allows.
    ArrayList<UiNode> out = new ArrayList<>();
    ArrayList<UiNode> stack = new ArrayList<>();
    stack.add(this);
    while (!stack.isEmpty()) {
      UiNode node = stack.remove(stack.size() - 1);
      out.add(node);
      for (int i = node.children.size() - 1; i >= 0; i--) {
        stack.add(node.children.get(i));
      }
    }
    return out;
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

  @Override
  public boolean equals(Object o) {
    return o == this
        || (o instanceof UiNode n
            && visible == n.visible
            && path.equals(n.path)
            && className.equals(n.className)
            && text.equals(n.text)
            && description.equals(n.description)
            && resourceId.equals(n.resourceId)
            && packageName.equals(n.packageName)
            && bounds.equals(n.bounds)
            && flags.equals(n.flags)
            && children.equals(n.children));
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        path,
        className,
        text,
        description,
        resourceId,
        packageName,
        bounds,
        flags,
        visible,
        children);
  }

  @Override
  public String toString() {
    return "UiNode[path="
        + path
        + ", className="
        + className
        + ", text="
        + text
        + ", description="
        + description
        + ", resourceId="
        + resourceId
        + ", packageName="
        + packageName
        + ", bounds="
        + bounds
        + ", flags="
        + flags
        + ", visible="
        + visible
        + ", children="
        + children.size()
        + "]";
  }
}
