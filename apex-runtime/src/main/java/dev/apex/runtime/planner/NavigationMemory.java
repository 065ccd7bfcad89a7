package dev.apex.runtime.planner;

import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.core.StepResult;
import dev.apex.tools.ElementLocator;
import dev.apex.tools.ElementQuery;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where navigation steps led, learned as the task runs, so a step that would lead where the task
 * already is is not run again (seed 000's "do not navigate again"): a {@link PlanInterceptor} that
 * judges each step the rest of the chain decides, and asks the model again, once per such step and
 * plan, instead of returning one that is redundant.
 *
 * <p>A navigation is a step that launched an app ({@code launch_app}, keyed by the app) or tapped
 * an element ({@code tap}, keyed by the element's id, resolved on the scene it was planned on),
 * that succeeded, and after which the screen signature changed. It is remembered, at the next plan,
 * with the signature and the semantic page (when there was one) of the screen it led to. A later
 * step with the same key is redundant when the current screen has that signature, or that page.
 * Taps at a point, keys, swipes and the rest are never judged redundant. Not thread-safe: one per
 * task.
 */
final class NavigationMemory implements PlanInterceptor {

  private static final Logger log = LoggerFactory.getLogger(NavigationMemory.class);

  /** Where a navigation led. */
  record Destination(String signature, String page, int step) {}

  /** A navigation this guard let through, until the plan after it sees where it led. */
  private record Sent(String key, String fromSignature, int step) {}

  private final Map<String, Destination> destinations = new HashMap<>();
  private Sent sent;

  @Override
  public Decision intercept(Chain chain) {
    PlanTurn turn = chain.turn();
    learnWhereTheLastStepLed(turn);
    while (true) {
      Decision decision = chain.proceed();
      if (!(decision instanceof Decision.Step proposed)) {
        return decision;
      }
      PlannedStep step = proposed.step();
      String key = key(step, turn.scene());
      Optional<Destination> there = alreadyAt(key, turn.signature(), turn.page());
      if (there.isPresent() && turn.mayReask() && turn.firstTime("navigation " + key)) {
        turn.reask(
            "Not done: "
                + step.action()
                + " would go where step "
                + there.get().step()
                + " led, and the screen already is there (same screen signature or page), so"
                + " it was not run again. Choose the next action on this screen.");
        log.info(
            "skipped {}: the screen already is where it led at step {}",
            step.action(),
            there.get().step());
        continue;
      }
      sent = key == null ? null : new Sent(key, turn.signature(), turn.stepNumber());
      return decision;
    }
  }

  /** Once the navigation sent last ran, remembers where it led if it succeeded. */
  private void learnWhereTheLastStepLed(PlanTurn turn) {
    Sent s = sent;
    if (s == null || s.step() >= turn.stepNumber()) {
      return; // none, or one of this very plan that an outer guard turned down
    }
    sent = null;
    List<StepResult> results = turn.context().stepResults();
    if (results.size() >= s.step() && results.get(s.step() - 1).success()) {
      learn(s.key(), s.fromSignature(), turn.signature(), turn.page(), s.step());
    }
  }

  /** The key of a navigation step planned on {@code scene}, or null for any other step. */
  static String key(PlannedStep step, Scene scene) {
    switch (step.action()) {
      case "launch_app" -> {
        String app =
            step.stringArg("app_id") != null
                ? step.stringArg("app_id")
                : step.stringArg("bundle_id");
        return app == null ? null : "launch_app " + app.strip();
      }
      case "tap" -> {
        if (step.args().get("x") != null) {
          return null;
        }
        String ref = step.stringArg("element");
        String text = step.stringArg("text");
        Optional<SceneElement> target =
            ref == null && text == null
                ? Optional.empty()
                : ElementLocator.find(scene, new ElementQuery(ref, text, Map.of()));
        return target.map(e -> "tap " + e.id()).orElse(null);
      }
      default -> {
        return null;
      }
    }
  }

  /** Remembers where a successful step led, if it was a navigation that changed the screen. */
  void learn(String key, String fromSignature, String toSignature, String toPage, int step) {
    if (key != null && toSignature != null && !toSignature.equals(fromSignature)) {
      destinations.put(key, new Destination(toSignature, toPage, step));
    }
  }

  /** Where the step with this key led before, when the current screen already is that place. */
  Optional<Destination> alreadyAt(String key, String signature, String page) {
    if (key == null) {
      return Optional.empty();
    }
    Destination d = destinations.get(key);
    if (d == null) {
      return Optional.empty();
    }
    boolean sameScreen = d.signature().equals(signature);
    boolean samePage = d.page() != null && d.page().equals(page);
    return sameScreen || samePage ? Optional.of(d) : Optional.empty();
  }
}
