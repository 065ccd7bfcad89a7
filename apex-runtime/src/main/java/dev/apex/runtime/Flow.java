package dev.apex.runtime;

import dev.apex.core.InvalidInputException;
import dev.apex.core.PlannedStep;
import dev.apex.tools.ToolRegistry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

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
 * @param name the flow's name, used as the task's goal
 * @param source where it came from (the file, as given), for messages
 * @param steps the steps, validated
 */
public record Flow(String name, String source, List<PlannedStep> steps) {

  public Flow {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(source, "source");
    steps = List.copyOf(steps);
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
