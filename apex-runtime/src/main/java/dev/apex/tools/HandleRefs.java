package dev.apex.tools;

import dev.apex.core.NonRetriableException;
import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.core.Text;
import dev.apex.perception.Handles;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Reads the handles in a step's element arguments ({@code element}, {@code from_element}, {@code
 * to_element}; {@code assert_visible}'s {@code id}) against the task's {@link Handles}, before its
 * tool parses it: a handle of an element on the screen becomes that element's id, so the tool finds
 * it as it finds any id; a handle whose element has left the screen, or one never given out, fails
 * the step at once, saying so, instead of being looked for until a timeout. An id or a resource id
 * passes unchanged. Stateless.
 */
public final class HandleRefs {

  /** The arguments that name an element, beside {@code assert_visible}'s {@code id}. */
  public static final Set<String> ARGS = Set.of("element", "from_element", "to_element");

  /** A handle that names no element of the screen now. */
  public static final class GoneException extends NonRetriableException {
    GoneException(String message) {
      super(message);
    }
  }

  private HandleRefs() {}

  /**
   * {@code step} with its handles turned into element ids on {@code scene}; {@code step} itself
   * when it names no element by handle.
   *
   * @throws GoneException naming the handle, what it named and that the screen changed
   */
  public static PlannedStep resolve(PlannedStep step, Handles handles, Scene scene) {
    Objects.requireNonNull(handles, "handles");
    Map<String, Object> args = null;
    for (Map.Entry<String, Object> arg : step.args().entrySet()) {
      if (!names(step.action(), arg.getKey())
          || !(arg.getValue() instanceof String ref)
          || !Handles.isHandle(ref)) {
        continue;
      }
      String id = idOf(ref, handles, scene);
      if (args == null) {
        args = new LinkedHashMap<>(step.args());
      }
      args.put(arg.getKey(), id);
    }
    return args == null ? step : PlannedStep.of(step.action(), args);
  }

  private static boolean names(String tool, String arg) {
    return ARGS.contains(arg) || "assert_visible".equals(tool) && "id".equals(arg);
  }

  private static String idOf(String ref, Handles handles, Scene scene) {
    if (scene == null) {
      throw new GoneException(
          "element " + ref.strip() + ": no screen observed yet; describe_screen lists the handles");
    }
    Handles.Lookup found = handles.lookup(scene, ref).orElseThrow();
    if (found instanceof Handles.Lookup.Found f) {
      return f.element().id();
    }
    if (found instanceof Handles.Lookup.Stale s) {
      throw new GoneException(
          "element "
              + s.handle()
              + (s.was() == null || s.was().text().isBlank()
                  ? ""
                  : " (\"" + Text.shorten(s.was().text().strip(), 40) + "\")")
              + " is no longer on screen: the screen changed since it was listed;"
              + " describe_screen lists it as it is now");
    }
    throw new GoneException(
        "no element has handle "
            + ((Handles.Lookup.Unknown) found).handle()
            + " yet: handles are the numbers describe_screen and change summaries list");
  }
}
