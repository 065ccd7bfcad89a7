package dev.apex.tools;

import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Waits for an element: observes, and while nothing matches and the timeout has not passed on the
 * tool context's clock, pauses {@value #POLL_MS} ms through the context's sleeper and observes
 * again. Pages load and animations settle; a step should not fail because it looked too early.
 */
final class ElementWait {

  /** How long a tool looks for its element by default. */
  static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(5);

  /** The pause between two observations while waiting, in ms. */
  static final long POLL_MS = 250;

  private static final Duration POLL = Duration.ofMillis(POLL_MS);

  /** The element found and the scene it was found on. */
  record Found(Scene scene, SceneElement element) {}

  private ElementWait() {}

  /**
   * @throws dev.apex.core.ElementNotFoundException carrying the last scene observed, when the
   *     timeout passes (or the thread is interrupted) before the element appears
   */
  static Found await(ToolContext ctx, ElementQuery query, Duration timeout) {
    Instant deadline = ctx.clock().instant().plus(timeout);
    while (true) {
      // Where things are is all a poll needs: no labels, and no screenshot unless OCR reads it.
      Scene scene = ctx.observeLayout();
      Optional<SceneElement> found = ElementLocator.find(scene, query);
      if (found.isPresent()) {
        return new Found(scene, found.get());
      }
      if (!ctx.clock().instant().plus(POLL).isBefore(deadline)) {
        throw ElementLocator.notFound(scene, query);
      }
      try {
        ctx.sleeper().sleep(POLL);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw ElementLocator.notFound(scene, query);
      }
    }
  }

  /** The {@code timeout_ms} argument, or the default; for a tool's parse. */
  static Duration timeout(String tool, java.util.Map<String, Object> args) {
    Integer ms = Args.integer(tool, args, "timeout_ms");
    return ms == null ? DEFAULT_TIMEOUT : Duration.ofMillis(ms);
  }

  static ArgSpec timeoutArg() {
    return ArgSpec.optional(
        "timeout_ms",
        ArgSpec.Type.INTEGER,
        "ms to keep looking (default " + DEFAULT_TIMEOUT.toMillis() + ")");
  }
}
