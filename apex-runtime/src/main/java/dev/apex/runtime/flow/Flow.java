package dev.apex.runtime.flow;

import dev.apex.core.InvalidInputException;
import dev.apex.core.PlannedStep;
import dev.apex.core.Secrets;
import dev.apex.tools.ToolRegistry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

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
 * and underscores), filled when the flow runs from the variables the user named for that run
 * ({@link #withVariables(FlowVariables)}; {@code apex run --var NAME}), never from the whole
 * environment: how a recorded flow types a password it never stored, and why a flow from elsewhere
 * cannot send a secret the user did not hand it.
 *
 * <p>Beside {@code name} and {@code steps}, a flow may carry metadata: {@code tags: [smoke, wifi]}
 * (which {@code apex test --include-tags} / {@code --exclude-tags} select by) and {@code timeout:
 * 2m} (units {@code ms s m h}, combinable as {@code 1m30s}; past it the task ends FAILED, the steps
 * it ran kept).
 *
 * <p>The YAML is read strictly: an anchor or alias, a second document or a duplicate key is refused
 * naming its line, since each would otherwise run silently wrong.
 *
 * @param name the flow's name, used as the task's goal
 * @param source where it came from (the file, as given), for messages
 * @param steps the steps, validated
 * @param screens per step, the signature of the screen it was recorded on, or null
 * @param written the steps as the file wrote them, {@code ${NAME}} unfilled: what a healed copy of
 *     the flow writes back ({@link #steps} once no variable is left)
 * @param tags the flow's tags, in order, no repeats; empty when it has none
 * @param timeout how long the flow may run before it fails, or null for no limit of its own
 */
public record Flow(
    String name,
    String source,
    List<PlannedStep> steps,
    List<String> screens,
    List<PlannedStep> written,
    List<String> tags,
    Duration timeout) {

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
    tags = tags == null ? List.of() : List.copyOf(tags);
    if (timeout != null && (timeout.isZero() || timeout.isNegative())) {
      throw new IllegalArgumentException("a flow's timeout must be above zero, got " + timeout);
    }
  }

  /** A flow with no metadata: no tags, no timeout. */
  public Flow(
      String name,
      String source,
      List<PlannedStep> steps,
      List<String> screens,
      List<PlannedStep> written) {
    this(name, source, steps, screens, written, null, null);
  }

  /** This flow with {@code tags} and {@code timeout} (null: none) as its metadata. */
  public Flow withMetadata(List<String> tags, Duration timeout) {
    return new Flow(name, source, steps, screens, written, tags, timeout);
  }

  /** Whether it carries {@code tag}. */
  public boolean hasTag(String tag) {
    return tags.contains(tag);
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
    steps.forEach(step -> names.addAll(variablesOf(step)));
    return names;
  }

  private static Set<String> variablesOf(PlannedStep step) {
    Set<String> names = new LinkedHashSet<>();
    for (Object value : step.args().values()) {
      if (value instanceof String s) {
        Matcher m = VARIABLE.matcher(s);
        while (m.find()) {
          names.add(m.group(1));
        }
      }
    }
    return names;
  }

  /**
   * How {@code apex run} names variables: {@code pass --var PASSWORD=VALUE (or --var PASSWORD …)}.
   */
  public static final Function<List<String>, String> NAME_WITH_VAR =
      names ->
          "pass "
              + names.stream().map(n -> "--var " + n + "=VALUE").collect(Collectors.joining(" "))
              + " (or --var "
              + names.get(0)
              + " alone to take its value from the environment, or --vars FILE)";

  /** The flow filled from a plain map; see {@link #withVariables(FlowVariables)}. */
  public Flow withVariables(Map<String, String> vars) {
    return withVariables(FlowVariables.of(vars));
  }

  /**
   * The flow filled from {@code vars}; an unnamed variable's message says {@link #NAME_WITH_VAR}.
   */
  public Flow withVariables(FlowVariables vars) {
    return withVariables(vars, NAME_WITH_VAR);
  }

  /**
   * The flow with every {@code ${NAME}} filled from {@code vars}, the variables the run named, and
   * nothing else (never the environment); each value filled becomes a {@link Secrets secret}, so no
   * log, timeline or message shows it. Variables the flow does not use are ignored.
   *
   * @param howToName given the unnamed variables, says how this caller's user names them (a flag, a
   *     parameter), for the message
   * @throws InvalidInputException before anything is filled, naming every variable the flow uses
   *     that {@code vars} does not name, with the step that first uses it, and how to name it
   */
  public Flow withVariables(FlowVariables vars, Function<List<String>, String> howToName) {
    Objects.requireNonNull(vars, "vars");
    Objects.requireNonNull(howToName, "howToName");
    requireNamed(vars, howToName);
    List<PlannedStep> filled = new ArrayList<>();
    for (PlannedStep step : steps) {
      Map<String, Object> args = new LinkedHashMap<>();
      step.args().forEach((key, value) -> args.put(key, fill(value, vars.values())));
      filled.add(PlannedStep.of(step.action(), args));
    }
    return new Flow(name, source, filled, screens, written, tags, timeout);
  }

  private void requireNamed(FlowVariables vars, Function<List<String>, String> howToName) {
    Map<String, Integer> unnamed = new LinkedHashMap<>();
    for (int i = 0; i < steps.size(); i++) {
      for (String variable : variablesOf(steps.get(i))) {
        if (!vars.values().containsKey(variable)) {
          unnamed.putIfAbsent(variable, i + 1);
        }
      }
    }
    if (unnamed.isEmpty()) {
      return;
    }
    String uses =
        unnamed.entrySet().stream()
            .map(e -> "${" + e.getKey() + "} (step " + e.getValue() + ")")
            .collect(Collectors.joining(", "));
    throw new InvalidInputException(
        source
            + " uses "
            + uses
            + ", which this run does not name; "
            + howToName.apply(List.copyOf(unnamed.keySet())));
  }

  private static Object fill(Object value, Map<String, String> vars) {
    if (!(value instanceof String s)) {
      return value;
    }
    Matcher m = VARIABLE.matcher(s);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String v = vars.get(m.group(1));
      Secrets.register(v);
      m.appendReplacement(out, Matcher.quoteReplacement(v));
    }
    m.appendTail(out);
    return out.toString();
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
