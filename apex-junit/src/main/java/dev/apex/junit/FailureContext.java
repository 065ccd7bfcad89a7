package dev.apex.junit;

import dev.apex.core.Scene;
import dev.apex.perception.CompactEncoder;
import dev.apex.runtime.agent.Session;
import java.util.function.Supplier;

/** The lines a failure message ends with: the screen at the failure and the task to open. */
final class FailureContext {

  private FailureContext() {}

  /** Observes the screen now (or says why it could not) and names the session's task. */
  static String of(Session session) {
    return of(session, session::scene);
  }

  static String of(Session session, Supplier<Scene> scene) {
    String screen;
    try {
      screen = CompactEncoder.encode(scene.get(), session.handles());
    } catch (RuntimeException e) {
      screen = "(not observed: " + e.getMessage() + ")";
    }
    return "screen at the failure (compact scene):\n"
        + screen.strip()
        + "\ntask "
        + session.taskId()
        + " ("
        + session.title()
        + "): open it in `apex console`, or run `apex timeline "
        + session.taskId()
        + "`";
  }
}
