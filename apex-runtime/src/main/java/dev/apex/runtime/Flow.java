package dev.apex.runtime;

import dev.apex.core.InvalidInputException;
import dev.apex.core.PlannedStep;
import dev.apex.core.Secrets;
import dev.apex.tools.ToolRegistry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A scripted task: a name and steps, read from a YAML flow file (Maestro-like):
 *
 * <pre>{@code
 * name: Turn Wi-Fi on
 * steps:
 *   - launch_app: com.android.settings            # scalar: the tool's main argument
 *   - tap: { text: "Wi-Fi" }                      # map: the tool's arguments
 *   - tap: { text: "Wi-Fi", checkable: true }     # flags refine which element
 *   - assert_visible: { text: "Wi-Fi", checked: true }
 *   - type_text: "hello"
 *   - press_key: back
 *   - back                                        # shorthand for press_key: back (also home, enter)
 *   - wait: { ms: 500 }
 *   - describe_screen                             # a bare tool name: no arguments
 * }</pre>
 *
 * <p>Each step is {@code action: args} (args a map, a scalar for the tool's main argument, or
 * empty) or a bare action name. {@code name} is optional (the file name by default); {@code steps}
 * is required and not empty. Steps are checked against a {@link ToolRegistry} when the flow loads,
 * so a typo fails before the device is touched: every problem gives an {@link
 * InvalidInputException} with a one-line message naming the file, the step number and what to do.
 *
 * <p>A step may also say, beside its action, the signature of the screen it was recorded on ({@code
 * screen: 9f78611795ee1e51}, written by a recording: {@code apex run --goal G --record FILE}); it
 * is not a tool argument. A string argument may hold {@code ${NAME}} (a name in capitals, digits
 * and underscores), filled from the environment when the flow runs ({@link #withVariables}): how a
 * recorded flow types a password it never stored.
 *
 * @param name the flow's name, used as the task's goal
 * @param source where it came from (the file, as given), for messages
 * @param steps the steps, validated
 * @param screens per step, the signature of the screen it was recorded on, or null
 * @param written the steps as the file wrote them, {@code ${NAME}} unfilled: what a healed copy of
 *     the flow writes back ({@link #steps} once no variable is left)
 */
public record Flow(
    String name,
    String source,
    List<PlannedStep> steps,
    List<String> screens,
    List<PlannedStep> written) {

  private static final Pattern VARIABLE = Pattern.compile("\\$\\{([A-Z_][A-Z0-9_]*)\\}");

  public Flow {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(source, "source");
    steps = List.copyOf(steps);
    written = written == null ? steps : List.copyOf(written);
    if (written.size() != steps.size()) {
      throw new IllegalArgumentException(
          "a flow has one written step per step: " + written.size() + " for " + steps.size());
    }
    screens = screens == null ? null : Collections.unmodifiableList(new ArrayList<>(screens));
    if (screens == null) {
      screens = Collections.nCopies(steps.size(), null);
    }
    if (screens.size() != steps.size()) {
      throw new IllegalArgumentException(
          "a flow has one screen entry per step: " + screens.size() + " for " + steps.size());
    }
  }

  /** A flow with no recorded screens. */
  public Flow(String name, String source, List<PlannedStep> steps) {
    this(name, source, steps, null, null);
  }

  /** A flow as written, each step with the screen it was recorded on (or null). */
  public Flow(String name, String source, List<PlannedStep> steps, List<String> screens) {
    this(name, source, steps, screens, null);
  }

  /** The {@code ${NAME}} variables its steps use, in order of first use. */
  public Set<String> variables() {
    Set<String> names = new LinkedHashSet<>();
    for (PlannedStep step : steps) {
      for (Object value : step.args().values()) {
        if (value instanceof String s) {
          Matcher m = VARIABLE.matcher(s);
          while (m.find()) {
            names.add(m.group(1));
          }
        }
      }
    }
    return names;
  }

  /**
   * The flow with every {@code ${NAME}} filled from {@code env}; each value becomes a {@link
   * Secrets secret}, so no log, timeline or message shows it.
   *
   * @throws InvalidInputException naming the step and the variable when one is not set
   */
  public Flow withVariables(Map<String, String> env) {
    Objects.requireNonNull(env, "env");
    List<PlannedStep> filled = new ArrayList<>();
    for (int i = 0; i < steps.size(); i++) {
      PlannedStep step = steps.get(i);
      Map<String, Object> args = new LinkedHashMap<>();
      for (Map.Entry<String, Object> arg : step.args().entrySet()) {
        Object value = arg.getValue();
        if (value instanceof String s && VARIABLE.matcher(s).find()) {
          Matcher m = VARIABLE.matcher(s);
          StringBuilder out = new StringBuilder();
          while (m.find()) {
            String v = env.get(m.group(1));
            if (v == null) {
              throw new InvalidInputException(
                  source
                      + " step "
                      + (i + 1)
                      + " ("
                      + step.action()
                      + "): ${"
                      + m.group(1)
                      + "} is not set; export "
                      + m.group(1)
                      + " before running the flow");
            }
            Secrets.register(v);
            m.appendReplacement(out, Matcher.quoteReplacement(v));
          }
          m.appendTail(out);
          value = out.toString();
        }
        args.put(arg.getKey(), value);
      }
      filled.add(PlannedStep.of(step.action(), args));
    }
    return new Flow(name, source, filled, screens, written);
  }

  /** Reads and validates a flow file (UTF-8). */
  public static Flow load(Path file, ToolRegistry registry) {
    Objects.requireNonNull(file, "file");
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw new InvalidInputException(
          "flow file " + file + " not found; check the path (relative to " + cwd() + ")");
    } catch (IOException e) {
      throw new InvalidInputException(
          "cannot read flow file " + file + " (" + e + "); give a readable UTF-8 YAML file", e);
    }
    return parse(text, file.toString(), registry);
  }

  /** Parses and validates flow YAML; {@code source} names it in messages. */
  public static Flow parse(String yaml, String source, ToolRegistry registry) {
    Objects.requireNonNull(yaml, "yaml");
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(registry, "registry");
    return FlowParser.parse(yaml, source, registry);
  }

  private static String cwd() {
    return Path.of("").toAbsolutePath().toString();
  }
}
