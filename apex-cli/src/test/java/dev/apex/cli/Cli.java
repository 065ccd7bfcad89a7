package dev.apex.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.Json;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Runs {@code apex} in-process with a chosen environment and captures what it prints. */
final class Cli {

  record Result(int exit, String out, String err) {
    List<String> errLines() {
      return err.lines().toList();
    }
  }

  static Path projectRoot() {
    String root = System.getProperty("apex.projectRoot");
    return root != null ? Path.of(root) : Path.of("..").toAbsolutePath().normalize();
  }

  static Result run(Map<String, String> env, String... args) {
    return run(Wiring.DEFAULT, env, args);
  }

  /** Runs with devices opened (and retries waited for) through {@code wiring}. */
  static Result run(Wiring wiring, Map<String, String> env, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit =
        ApexCli.execute(env, wiring, new PrintWriter(out, true), new PrintWriter(err, true), args);
    return new Result(exit, out.toString(), err.toString());
  }

  static Result run(String... args) {
    return run(Map.of(), args);
  }

  /** The task ids {@code apex run} printed ({@code task id: X} lines), in order. */
  static List<String> taskIds(String out) {
    List<String> ids = new ArrayList<>();
    Matcher m = Pattern.compile("task id: (\\w+)").matcher(out);
    while (m.find()) {
      ids.add(m.group(1));
    }
    return ids;
  }

  /**
   * {@code apex timeline ID --json} on {@code db}, parsed; fails the test if it does not exit 0.
   */
  static JsonNode timeline(Path db, String taskId) {
    Result r = run(withDb(db, "timeline", taskId, "--json"));
    if (r.exit() != 0) {
      throw new AssertionError("apex timeline " + taskId + " exited " + r.exit() + ": " + r.err());
    }
    try {
      return Json.mapper().readTree(r.out());
    } catch (IOException e) {
      throw new AssertionError("apex timeline --json printed no JSON: " + r.out(), e);
    }
  }

  /** The steps of {@link #timeline}, in order. */
  static List<JsonNode> steps(JsonNode task) {
    List<JsonNode> steps = new ArrayList<>();
    task.get("stepList").forEach(steps::add);
    return steps;
  }

  /** The args with {@code --db FILE} appended. */
  static String[] withDb(Path db, String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    all.add("--db");
    all.add(db.toString());
    return all.toArray(String[]::new);
  }

  private Cli() {}
}
