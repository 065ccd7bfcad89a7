package dev.apex.tools;

import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Waits for an element to hold still before a tap: a button that slides into place (a CSS
 * transition, a sheet opening) would otherwise be tapped where it was, and the tap lost.
 *
 * <p>Settled means the element's box is the same on two consecutive observations {@value #POLL_MS}
 * ms apart (the first of them is the scene it was found on). It pauses through the context's
 * sleeper and reads the context's clock, observing until the box repeats or the bound passes; then
 * the caller acts on the last box seen and says so. The element is followed by its id (stable
 * across captures), else by the query. A zero bound skips the check (no observation).
 */
final class ElementSettle {

  /** How long a tap waits for its element to hold still by default. */
  static final Duration DEFAULT_BOUND = Duration.ofSeconds(2);

  /** The pause between two observations of a moving element, in ms. */
  static final long POLL_MS = 100;

  private static final Duration POLL = Duration.ofMillis(POLL_MS);

  /**
   * The element to act on.
   *
   * @param scene the scene it was last seen on
   * @param element the element as last seen
   * @param settled whether its box repeated before the bound passed
   */
  record Result(Scene scene, SceneElement element, boolean settled) {}

  private ElementSettle() {}

  /**
   * @param scene the scene {@code element} was found on
   * @param bound the most time to wait; zero to act at once
   */
  static Result await(
      ToolContext ctx, ElementQuery query, Scene scene, SceneElement element, Duration bound) {
    if (bound.isZero() || bound.isNegative()) {
      return new Result(scene, element, true);
    }
    Instant deadline = ctx.clock().instant().plus(bound);
    Scene lastScene = scene;
    SceneElement last = element;
    // The count bounds the loop too, so a clock that does not move (a fixed test clock) cannot
    // keep a tap waiting forever.
    long looks = bound.toMillis() / POLL_MS;
    for (long i = 0; i < looks && ctx.clock().instant().plus(POLL).compareTo(deadline) <= 0; i++) {
      try {
        ctx.sleeper().sleep(POLL);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
      Scene now = ctx.observeLayout();
      Optional<SceneElement> again = follow(now, query, last);
      if (again.isEmpty()) {
        // Gone for this observation (re-rendered, covered): keep the last box and look again.
        continue;
      }
      if (again.get().bounds().equals(last.bounds())) {
        return new Result(now, again.get(), true);
      }
      lastScene = now;
      last = again.get();
    }
    return new Result(lastScene, last, false);
  }

  private static Optional<SceneElement> follow(Scene scene, ElementQuery query, SceneElement was) {
    Optional<SceneElement> byId =
        scene.elements().stream()
            .filter(e -> e.id().equals(was.id()) && ElementLocator.onScreen(scene, e))
            .findFirst();
    return byId.isPresent() ? byId : ElementLocator.find(scene, query);
  }

  static ArgSpec boundArg() {
    return ArgSpec.optional(
        "settle_ms",
        ArgSpec.Type.INTEGER,
        "how long to wait for the element to stop moving, in ms (0: do not wait; default "
            + DEFAULT_BOUND.toMillis()
            + ")");
  }
}
