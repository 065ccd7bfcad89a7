package dev.apex.runtime;

import dev.apex.core.ElementNotFoundException;
import dev.apex.core.InvalidInputException;
import dev.apex.core.PlannedStep;
import dev.apex.core.StepResult;
import dev.apex.runtime.safety.StepGuard;
import dev.apex.tools.HandleRefs;
import dev.apex.tools.ParsedStep;
import dev.apex.tools.Tool;
import dev.apex.tools.ToolContext;
import dev.apex.tools.ToolRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Acts: runs one planned step through its tool, retrying what is retriable through the {@link
 * Retrier}. Never throws for a step's failure — an unknown tool, bad arguments, a device that stays
 * down, a missing element all give a failed {@link StepResult} with a one-line error.
 *
 * <p>A handle in a step's element argument is read against the task's handles first ({@link
 * HandleRefs}): it becomes its element's id, or the step fails at once (0 attempts) when its
 * element has left the screen. A step's arguments are parsed once, by its tool ({@link
 * ToolRegistry#parse}), before the first attempt; every attempt executes that parsed value. {@link
 * StepResult#attempts()} is 0 when the tool was never called (unknown tool, arguments its parse
 * rejected, a step the executor's {@link StepGuard} refused: the safety policy, when one is set, is
 * asked once per parsed step before its first attempt). {@link StepResult#duration()} is measured
 * on the context's clock and includes backoff. A failed {@code ElementNotFoundException} step
 * carries the scene it looked at as its output. The result's step is the step as its tool lets it
 * be {@link Tool#recorded recorded} (a typed password masked), which every caller records and shows
 * instead of the step it passed. Not thread-safe; one task uses one executor.
 */
public final class Executor {

  private static final Logger log = LoggerFactory.getLogger(Executor.class);

  private final ToolRegistry registry;
  private final ToolContext toolContext;
  private final Retrier retrier;
  private final StepGuard guard;
  private final Clock clock;

  /** An executor that runs every valid step: no policy. */
  public Executor(ToolRegistry registry, ToolContext toolContext, Retrier retrier) {
    this(registry, toolContext, retrier, StepGuard.NONE);
  }

  /**
   * @param guard asked once per valid step before its first attempt; a step it refuses fails with
   *     its message and 0 attempts, never retried (see {@link StepGuard})
   */
  public Executor(
      ToolRegistry registry, ToolContext toolContext, Retrier retrier, StepGuard guard) {
    this.guard = Objects.requireNonNull(guard, "guard");
    this.registry = Objects.requireNonNull(registry, "registry");
    this.toolContext = Objects.requireNonNull(toolContext, "toolContext");
    this.retrier = Objects.requireNonNull(retrier, "retrier");
    this.clock = toolContext.clock();
  }

  public StepResult execute(PlannedStep step) {
    Objects.requireNonNull(step, "step");
    Instant start = clock.instant();
    try {
      step = HandleRefs.resolve(step, toolContext.handles(), toolContext.latestScene());
    } catch (HandleRefs.GoneException e) {
      log.info("{}: not run: {}", step.action(), e.getMessage());
      return StepResult.failed(step, e.getMessage(), 0, elapsedSince(start));
    }
    ParsedStep<?> parsed;
    try {
      // Once: every attempt below executes this value, and flows were checked by the same parse.
      parsed = registry.parse(step);
    } catch (InvalidInputException e) {
      log.info("{}: not run: {}", step.action(), e.getMessage());
      return StepResult.failed(step, e.getMessage(), 0, elapsedSince(start));
    } catch (RuntimeException e) {
      // A tool whose parse itself breaks is a bug; the step still fails, not the task loop.
      log.warn("{}: parsing its arguments threw unexpectedly", step.action(), e);
      return StepResult.failed(step, Retrier.messageOf(e), 0, elapsedSince(start));
    }
    try {
      guard.admit(step, toolContext);
    } catch (RuntimeException e) {
      // A guard that breaks refuses too: a policy that cannot decide must not let the step through.
      log.info("{}: refused: {}", step.action(), Retrier.messageOf(e));
      return StepResult.failed(recorded(parsed), Retrier.messageOf(e), 0, elapsedSince(start));
    }
    Retrier.Attempted<Object> attempted =
        retrier.call(step.action(), () -> parsed.execute(toolContext));
    Duration duration = elapsedSince(start);
    PlannedStep shown = recorded(parsed);
    if (attempted.succeeded()) {
      log.debug("{}: ok after {} attempt(s)", step.action(), attempted.attempts());
      return StepResult.ok(shown, attempted.value(), attempted.attempts(), duration);
    }
    RuntimeException failure = attempted.failure();
    Object output = failure instanceof ElementNotFoundException e ? e.scene() : null;
    return new StepResult(
        shown, false, output, Retrier.messageOf(failure), attempted.attempts(), duration);
  }

  private PlannedStep recorded(ParsedStep<?> parsed) {
    PlannedStep step = parsed.step();
    try {
      PlannedStep shown = parsed.recorded(toolContext);
      return shown == null ? step : shown;
    } catch (RuntimeException e) {
      log.warn("{}: recorded() threw; recording the step as planned", step.action(), e);
      return step;
    }
  }

  private Duration elapsedSince(Instant start) {
    Duration d = Duration.between(start, clock.instant());
    return d.isNegative() ? Duration.ZERO : d;
  }
}
