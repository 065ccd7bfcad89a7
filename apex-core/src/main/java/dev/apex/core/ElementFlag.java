package dev.apex.core;

/** State flags of a {@link SceneElement}, as the device reports them. */
public enum ElementFlag {
  CLICKABLE,
  LONG_CLICKABLE,
  CHECKABLE,
  CHECKED,
  EDITABLE,
  SCROLLABLE,
  SELECTED,
  FOCUSED,
  DISABLED,
  PASSWORD,
  /**
   * Reacts to the pointer passing over it (a hover menu's trigger: a {@code mouseenter} listener, a
   * CSS {@code :hover} rule that shows something); a web page's only. Interactive: {@code hover}
   * reaches it.
   */
  HOVERABLE,
  /**
   * Scrolled out of the visible part of a scrolling box it lies in (an option below a list box's
   * fold): its bounds are where it is, not where it shows. A tool scrolls it into view before
   * acting on it.
   */
  OFF_VIEW;

  /** Whether an element with this flag is one a user can act on. */
  public boolean interactive() {
    return this == CLICKABLE
        || this == LONG_CLICKABLE
        || this == CHECKABLE
        || this == EDITABLE
        || this == SCROLLABLE
        || this == HOVERABLE;
  }
}
