package dev.apex.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

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
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit = ApexCli.execute(env, new PrintWriter(out, true), new PrintWriter(err, true), args);
    return new Result(exit, out.toString(), err.toString());
  }

  static Result run(String... args) {
    return run(Map.of(), args);
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
