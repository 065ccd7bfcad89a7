package dev.apex.device.sim;

import dev.apex.core.Bounds;
import dev.apex.core.ElementFlag;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * One laid-out view of the current screen: what the uiautomator dump writes and the painter draws.
 * Immutable, compared by value (screens are cache keys).
 *
 * @param kind how it is drawn
 * @param className the Android class uiautomator reports
 * @param pkg the package it belongs to
 * @param resourceId the full resource id, empty when none
 * @param text the text, empty when none
 * @param description the content description, empty when none
 * @param bounds the visible part, clipped to its scroll container (what the dump reports and taps
 *     hit)
 * @param frame where it is drawn before clipping
 * @param flags clickable, checkable, checked, editable, focused, scrollable
 * @param lines the text wrapped as the painter draws it
 * @param onTap what a tap on it does
 * @param children in drawing order
 */
record SimNode(
    Kind kind,
    String className,
    String pkg,
    String resourceId,
    String text,
    String description,
    Bounds bounds,
    Bounds frame,
    Set<ElementFlag> flags,
    List<String> lines,
    List<SimAction> onTap,
    List<SimNode> children) {

  /** How a node is drawn; the text kinds share their metrics with the layout through SimStyle. */
  enum Kind {
    ROOT,
    STATUS_BAR,
    CLOCK,
    TOOLBAR,
    UP,
    HEADING,
    CONTAINER,
    TEXT,
    ROW,
    TITLE,
    SUMMARY,
    SWITCH,
    BUTTON,
    EDIT,
    EDIT_HINT,
    ICON
  }

  SimNode {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(className, "className");
    Objects.requireNonNull(bounds, "bounds");
    Objects.requireNonNull(frame, "frame");
    pkg = pkg == null ? "" : pkg;
    resourceId = resourceId == null ? "" : resourceId;
    text = text == null ? "" : text;
    description = description == null ? "" : description;
    flags = flags.isEmpty() ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(flags));
    lines = List.copyOf(lines);
    onTap = List.copyOf(onTap);
    children = List.copyOf(children);
  }

  boolean has(ElementFlag flag) {
    return flags.contains(flag);
  }

  boolean clickable() {
    return flags.contains(ElementFlag.CLICKABLE);
  }

  /** Uiautomator's {@code focusable}: what can be tapped or typed into takes focus. */
  boolean focusable() {
    return clickable() || flags.contains(ElementFlag.EDITABLE);
  }

  /** The same leaf drawn and reported at {@code frame}. */
  SimNode withFrame(Bounds frame) {
    return new SimNode(
        kind,
        className,
        pkg,
        resourceId,
        text,
        description,
        frame,
        frame,
        flags,
        lines,
        onTap,
        children);
  }

  SimNode withBounds(Bounds visible, List<SimNode> newChildren) {
    return new SimNode(
        kind,
        className,
        pkg,
        resourceId,
        text,
        description,
        visible,
        frame,
        flags,
        lines,
        onTap,
        newChildren);
  }
}
