package dev.apex.tools;

/**
 * A parsed step that acts on, or checks, one element its query finds: a tap on an element, an
 * {@code assert_visible}. What a replay asks of a recorded step before and after it runs: is its
 * target on the screen, and is it the only match.
 */
public interface ElementTargeted {

  /** The element the step looks for. */
  ElementQuery query();
}
