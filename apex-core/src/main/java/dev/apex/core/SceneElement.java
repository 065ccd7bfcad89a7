package dev.apex.core;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * One thing on the screen.
 *
 * @param id stable per-screen id, derived from the node's path, resource id and class (never a
 *     counter), so the same node on two captures of an unchanged screen has the same id
 * @param type short element type, e.g. {@code button}, {@code text}, {@code input}, {@code switch}
 * @param bounds where it is, in screenshot pixels
 * @param text what it shows or says (text, else content description or label); empty, never null
 * @param confidence 1.0 for tree elements; the OCR confidence in [0, 1] for OCR and fused text
 * @param source where the element came from
 * @param resourceId the platform's id (Android resource-id, iOS name, DOM id); empty when none
 * @param flags state flags; an element with an {@link ElementFlag#interactive() interactive} flag
 *     is never dropped by the scene builder
 * @param hint what names a field beside the value it shows: its placeholder or accessible name (a
 *     web page's aria-label, {@code <label>}, title or placeholder; Android's content description,
 *     else its {@code hint}; iOS's label, else its {@code placeholderValue}), so a filled field is
 *     named by it rather than by what was typed. Kept for {@link ElementFlag#EDITABLE editable}
 *     elements only, and equal to {@code text} when the field is empty and shows it; empty, never
 *     null, when there is none. Left out of the JSON form when empty, so a row written before it
 *     existed reads back unchanged.
 */
public record SceneElement(
    String id,
    String type,
    Bounds bounds,
    String text,
    double confidence,
    Source source,
    String resourceId,
    Set<ElementFlag> flags,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String hint) {

  public SceneElement {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(bounds, "bounds");
    Objects.requireNonNull(source, "source");
    type = type == null ? "" : type;
    text = text == null ? "" : text;
    resourceId = resourceId == null ? "" : resourceId;
    hint = hint == null ? "" : hint;
    flags =
        flags == null || flags.isEmpty()
            ? Set.of()
            : Collections.unmodifiableSet(EnumSet.copyOf(flags));
  }

  /** The six-field form of the seeds' contract: no resource id, no flags. */
  public SceneElement(
      String id, String type, Bounds bounds, String text, double confidence, Source source) {
    this(id, type, bounds, text, confidence, source, "", Set.of(), "");
  }

  /** The eight-field form: no {@link #hint}. */
  public SceneElement(
      String id,
      String type,
      Bounds bounds,
      String text,
      double confidence,
      Source source,
      String resourceId,
      Set<ElementFlag> flags) {
    this(id, type, bounds, text, confidence, source, resourceId, flags, "");
  }

  public boolean has(ElementFlag flag) {
    return flags.contains(flag);
  }

  /** Whether a user can act on it: clickable, long-clickable, checkable, editable or scrollable. */
  public boolean interactive() {
    return flags.stream().anyMatch(ElementFlag::interactive);
  }

  public SceneElement withText(String newText, double newConfidence, Source newSource) {
    return new SceneElement(
        id, type, bounds, newText, newConfidence, newSource, resourceId, flags, hint);
  }
}
