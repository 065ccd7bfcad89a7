package dev.apex.cli.suite;

import dev.apex.core.InvalidInputException;
import dev.apex.runtime.flow.Flow;
import dev.apex.runtime.flow.FlowVariables;
import dev.apex.tools.ToolRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Finds a suite's flows and checks every one before anything runs: each path is a flow file, or a
 * folder searched recursively for {@code *.yaml} (not into hidden folders, and not the {@code
 * *.healed.yaml} copies {@code apex run --heal} writes beside a flow). Every problem is collected,
 * so one run lists them all. Stateless.
 */
public final class SuiteFlows {

  /** The most flow files one suite may hold: a bound on the walk, not a expected size. */
  public static final int MAX_FLOWS = 10_000;

  /**
   * What loading found.
   *
   * @param flows the flows that loaded, in file order
   * @param problems one line per problem (a missing path, a malformed flow, an unnamed variable)
   */
  public record Loaded(List<SuiteFlow> flows, List<String> problems) {
    public Loaded {
      flows = List.copyOf(flows);
      problems = List.copyOf(problems);
    }
  }

  private SuiteFlows() {}

  /**
   * Loads the flows under {@code paths}.
   *
   * @param cwd the working folder, which the flows' names are relative to when under it
   * @param vars fills each flow's {@code ${NAME}}; a variable a flow uses and {@code vars} lacks is
   *     a problem of that flow
   */
  public static Loaded load(List<Path> paths, Path cwd, ToolRegistry registry, FlowVariables vars) {
    Objects.requireNonNull(registry, "registry");
    Objects.requireNonNull(vars, "vars");
    List<String> problems = new ArrayList<>();
    Set<Path> files = new LinkedHashSet<>();
    for (Path path : paths) {
      files.addAll(find(path, problems));
    }
    if (files.size() > MAX_FLOWS) {
      problems.add(
          files.size() + " flow files found; a suite holds at most " + MAX_FLOWS + ": split it");
      return new Loaded(List.of(), problems);
    }
    if (files.isEmpty() && problems.isEmpty()) {
      problems.add(
          "no flow (*.yaml) found under "
              + String.join(", ", paths.stream().map(Path::toString).toList())
              + "; give flow files or folders that hold them");
    }
    List<SuiteFlow> flows = new ArrayList<>();
    files.stream()
        .map(f -> f.toAbsolutePath().normalize())
        .distinct()
        .sorted(Comparator.comparing(f -> shown(f, cwd)))
        .forEach(file -> load(file, cwd, registry, vars, problems).ifPresent(flows::add));
    return new Loaded(flows, problems);
  }

  private static java.util.Optional<SuiteFlow> load(
      Path file, Path cwd, ToolRegistry registry, FlowVariables vars, List<String> problems) {
    String shown = shown(file, cwd);
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      problems.add("cannot read flow file " + shown + " (" + e + "); give a readable UTF-8 file");
      return java.util.Optional.empty();
    }
    try {
      Flow flow =
          Flow.parse(text, shown, registry)
              .withVariables(vars, names -> "pass --var " + names.get(0) + "=VALUE (or --vars)");
      return java.util.Optional.of(new SuiteFlow(shown, classname(shown), flow));
    } catch (InvalidInputException e) {
      problems.add(e.getMessage());
      return java.util.Optional.empty();
    }
  }

  private static List<Path> find(Path path, List<String> problems) {
    if (Files.isRegularFile(path)) {
      return List.of(path);
    }
    if (!Files.isDirectory(path)) {
      problems.add(path + " is neither a flow file nor a folder; check the path");
      return List.of();
    }
    try (Stream<Path> walk = Files.walk(path)) {
      return walk.filter(p -> isFlow(path, p)).limit(MAX_FLOWS + 1L).toList();
    } catch (IOException | UncheckedIOException e) {
      problems.add("cannot read the folder " + path + ": " + e.getMessage());
      return List.of();
    }
  }

  private static boolean isFlow(Path root, Path p) {
    String name = p.getFileName().toString();
    if (!name.endsWith(".yaml") || name.endsWith(".healed.yaml") || !Files.isRegularFile(p)) {
      return false;
    }
    for (Path part : root.relativize(p)) {
      if (part.toString().startsWith(".")) {
        return false;
      }
    }
    return true;
  }

  /** The file as the suite names it: relative to {@code cwd} when under it, with {@code /}. */
  static String shown(Path file, Path cwd) {
    Path absolute = file.toAbsolutePath().normalize();
    Path base = cwd.toAbsolutePath().normalize();
    Path shown = absolute.startsWith(base) ? base.relativize(absolute) : absolute;
    return shown.toString().replace('\\', '/');
  }

  /** The file's folder, dotted, as JUnit's {@code classname}: {@code flows.settings}. */
  static String classname(String shown) {
    int slash = shown.lastIndexOf('/');
    String folder = slash <= 0 ? "" : shown.substring(0, slash);
    folder = folder.replaceFirst("^/+", "").replace('/', '.');
    return folder.isEmpty() ? "flows" : folder;
  }
}
