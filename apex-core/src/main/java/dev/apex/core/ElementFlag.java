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
  PASSWORD;

  /** Whether an element with this flag is one a user can act on. */
  public boolean interactive() {
    return this == CLICKABLE
        || this == LONG_CLICKABLE
        || this == CHECKABLE
        || this == EDITABLE
        || this == SCROLLABLE;
  }
}
