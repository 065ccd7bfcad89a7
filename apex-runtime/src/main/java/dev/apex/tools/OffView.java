package dev.apex.tools;

import dev.apex.core.ElementFlag;
import dev.apex.core.InvalidInputException;
import dev.apex.core.SceneElement;
import dev.apex.device.Gestures;
import java.time.Duration;
import java.util.Optional;

/**
 * Brings an element scrolled out of its scrolling box ({@link ElementFlag#OFF_VIEW}: an option
 * below a list box's fold) into view before a tool acts on it, since its listed bounds are where it
 * is, not where it shows: a gesture there lands on something else. Asks the device's {@link
 * Gestures.Reveal} role, then looks for the same element (by id) on fresh observations until it is
 * in view or the step's timeout passes.
 */
final class OffView {

  private OffView() {}

  /**
   * {@code found} itself when it is in view; else the element and scene once scrolled into view.
   *
   * @throws InvalidInputException when the device cannot scroll it into view, naming the element
   *     and what to do instead (swipe inside its box)
   */
  static ElementWait.Found inView(
      ToolContext ctx, ElementWait.Found found, Duration timeout, String tool) {
    SceneElement element = found.element();
    if (!element.has(ElementFlag.OFF_VIEW)) {
      return found;
    }
    Optional<Gestures.Reveal> device = ctx.device().role(Gestures.Reveal.class);
    if (device.isEmpty() || !device.get().reveal(element.bounds())) {
      throw outOfView(element, tool);
    }
    ElementWait.Found again = ElementWait.await(ctx, ElementQuery.byRef(element.id()), timeout);
    if (again.element().has(ElementFlag.OFF_VIEW)) {
      throw outOfView(element, tool);
    }
    return again;
  }

  private static InvalidInputException outOfView(SceneElement element, String tool) {
    return new InvalidInputException(
        tool
            + ": \""
            + element.text()
            + "\" is scrolled out of its box and could not be scrolled into view; swipe inside"
            + " the box until it shows, then try again");
  }
}
