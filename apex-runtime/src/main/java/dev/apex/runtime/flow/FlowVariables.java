package dev.apex.runtime.flow;

import dev.apex.core.InvalidInputException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The variables a run names for its flow's {@code ${NAME}}s, and only those: a flow is never filled
 * from the whole environment, so a flow from elsewhere cannot type or open a secret the user did
 * not hand it. What a shell builds from {@code --var NAME=VALUE}, {@code --var NAME} (the value
 * from the environment), a {@code --vars FILE} of {@code NAME=VALUE} lines, a JUnit test's map or a
 * console request's {@code vars}. Values are secrets: {@link #toString} shows the names only, and
 * {@link Flow#withVariables} registers each value it fills for redaction. No message here quotes a
 * value. Immutable.
 *
 * @param values each name (capitals, digits and underscores, as in {@code ${NAME}}) and its value,
 *     in the order given
 */
public record FlowVariables(Map<String, String> values) {

  /** A variable's name: what {@code ${NAME}} may hold. */
  static final Pattern NAME = Pattern.compile("[A-Z_][A-Z0-9_]*");

  private static final FlowVariables NONE = new FlowVariables(Map.of());

  public FlowVariables {
    Objects.requireNonNull(values, "values");
    Map<String, String> copy = new LinkedHashMap<>();
    values.forEach(
        (name, value) -> {
          requireName(name, "flow variable '" + name + "'");
          copy.put(name, Objects.requireNonNull(value, "the value of " + name));
        });
    values = Collections.unmodifiableMap(copy);
  }

  /** No variables: a flow that uses none runs; one that uses any is refused. */
  public static FlowVariables none() {
    return NONE;
  }

  /** The variables of {@code values}. */
  public static FlowVariables of(Map<String, String> values) {
    return new FlowVariables(values);
  }

  /**
   * The variables of {@code --var} arguments: {@code NAME=VALUE}, or {@code NAME} alone for the
   * value of the environment variable {@code NAME} in {@code env}. A later one wins.
   *
   * @throws InvalidInputException naming the argument (never its value) when a name is not {@code
   *     [A-Z_][A-Z0-9_]*}, or when {@code NAME} alone is not set in {@code env}
   */
  public static FlowVariables fromArguments(List<String> arguments, Map<String, String> env) {
    Objects.requireNonNull(arguments, "arguments");
    Objects.requireNonNull(env, "env");
    Map<String, String> values = new LinkedHashMap<>();
    for (String argument : arguments) {
      int eq = argument.indexOf('=');
      String name = eq < 0 ? argument : argument.substring(0, eq);
      requireName(name, "--var " + name + (eq < 0 ? "" : "=…"));
      String value = eq < 0 ? env.get(name) : argument.substring(eq + 1);
      if (value == null) {
        throw new InvalidInputException(
            "--var "
                + name
                + " takes its value from the environment, but "
                + name
                + " is not set there; export it or give --var "
                + name
                + "=VALUE");
      }
      values.put(name, value);
    }
    return new FlowVariables(values);
  }

  /**
   * The variables of a file of {@code NAME=VALUE} lines (UTF-8); blank lines and lines starting
   * with {@code #} are skipped. A value is everything after the first {@code =}, as written (no
   * quotes are removed). A later line wins.
   *
   * @throws InvalidInputException naming {@code file:line} (never the line's text, which may hold a
   *     value) for a line that is not {@code NAME=VALUE}, or the file when it cannot be read
   */
  public static FlowVariables read(Path file) {
    Objects.requireNonNull(file, "file");
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw new InvalidInputException("vars file " + file + " not found; check the path");
    } catch (IOException e) {
      throw new InvalidInputException(
          "cannot read vars file " + file + "; give a readable UTF-8 file of NAME=VALUE lines", e);
    }
    Map<String, String> values = new LinkedHashMap<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      String trimmed = line.strip();
      if (trimmed.isEmpty() || trimmed.startsWith("#")) {
        continue;
      }
      int eq = line.indexOf('=');
      String name = eq < 0 ? null : line.substring(0, eq).strip();
      if (name == null || !NAME.matcher(name).matches()) {
        throw new InvalidInputException(
            file
                + ":"
                + (i + 1)
                + ": not a NAME=VALUE line; write one variable per line, its NAME in capitals,"
                + " digits and _ (comments start with #)");
      }
      values.put(name, line.substring(eq + 1));
    }
    return new FlowVariables(values);
  }

  /** These variables, then {@code later}'s over them (a {@code --var} over a {@code --vars}). */
  public FlowVariables plus(FlowVariables later) {
    Map<String, String> merged = new LinkedHashMap<>(values);
    merged.putAll(later.values);
    return new FlowVariables(merged);
  }

  /** The names only: the values are secrets. */
  @Override
  public String toString() {
    return "FlowVariables" + values.keySet();
  }

  private static void requireName(String name, String what) {
    Objects.requireNonNull(name, "a variable's name");
    if (!NAME.matcher(name).matches()) {
      throw new InvalidInputException(
          what
              + ": a variable's NAME is capitals, digits and _ (as ${NAME} in a flow), e.g."
              + " --var PASSWORD=VALUE");
    }
  }
}
