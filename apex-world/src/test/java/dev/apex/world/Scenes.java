package dev.apex.world;

import dev.apex.core.Bounds;
import dev.apex.core.ElementFlag;
import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.core.Source;
import dev.apex.core.StepResult;
import dev.apex.llm.SemanticScene;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Screens and steps built by hand for the world tests: a phone of 1080 x 2400 pixels. */
final class Scenes {

  static final int WIDTH = 1080;
  static final int HEIGHT = 2400;

  private Scenes() {}

  static SceneElement tree(String type, String resourceId, Bounds bounds, String text) {
    return new SceneElement(
        type + "/" + resourceId + bounds,
        type,
        bounds,
        text,
        1.0,
        Source.TREE,
        resourceId,
        Set.of());
  }

  /** A mail inbox: status bar clock, a title with an unread counter, and {@code rows} messages. */
  static Scene inbox(String clock, String unread, int rows) {
    List<SceneElement> elements = new ArrayList<>();
    elements.add(tree("text", "com.android.systemui:id/clock", new Bounds(40, 10, 160, 70), clock));
    elements.add(tree("text", "com.mail:id/title", new Bounds(40, 120, 400, 200), "Inbox"));
    elements.add(tree("text", "com.mail:id/unread", new Bounds(900, 120, 1040, 200), unread));
    elements.add(tree("list", "com.mail:id/messages", new Bounds(0, 240, 1080, 2200), ""));
    for (int i = 0; i < rows; i++) {
      int top = 240 + i * 200;
      elements.add(
          tree("text", "com.mail:id/subject", new Bounds(40, top, 1040, top + 200), "Mail " + i));
    }
    elements.add(tree("button", "com.mail:id/compose", new Bounds(860, 2220, 1040, 2380), ""));
    return new Scene(WIDTH, HEIGHT, elements);
  }

  /** A login form: same status bar, different structure below it. */
  static Scene login(String clock) {
    return new Scene(
        WIDTH,
        HEIGHT,
        List.of(
            tree("text", "com.android.systemui:id/clock", new Bounds(40, 10, 160, 70), clock),
            tree("input", "com.mail:id/user", new Bounds(40, 600, 1040, 720), ""),
            tree("input", "com.mail:id/password", new Bounds(40, 760, 1040, 880), ""),
            tree("button", "com.mail:id/sign_in", new Bounds(40, 940, 1040, 1060), "Sign in")));
  }

  static SceneElement withFlags(SceneElement e, Set<ElementFlag> flags) {
    return new SceneElement(
        e.id(), e.type(), e.bounds(), e.text(), e.confidence(), e.source(), e.resourceId(), flags);
  }

  static SemanticScene semantic(String page) {
    return new SemanticScene(page, List.of("read mail"), List.of());
  }

  static PlannedStep step(String action, Map<String, Object> args) {
    return PlannedStep.of(action, args);
  }

  static StepResult ok(PlannedStep step) {
    return StepResult.ok(step, null, 1, Duration.ZERO);
  }

  static StepResult failed(PlannedStep step) {
    return StepResult.failed(step, "device said no", 1, Duration.ZERO);
  }
}
