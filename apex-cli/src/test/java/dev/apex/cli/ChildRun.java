package dev.apex.cli;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Assumptions;

/**
 * {@code apex} in a child JVM with this test's classpath, its stdout read line by line (so a test
 * waits for what the child printed, never for a time) and its stderr kept in a file.
 */
final class ChildRun implements AutoCloseable {

  private static final Map<String, Integer> SIGNALS = Map.of("HUP", 1, "INT", 2, "TERM", 15);

  final Process process;
  private final BufferedReader out;
  private final Path errFile;
  private final List<String> lines = new ArrayList<>();

  private ChildRun(Process process, Path errFile) {
    this.process = process;
    this.out = new BufferedReader(new InputStreamReader(process.getInputStream(), UTF_8));
    this.errFile = errFile;
  }

  /** Starts {@code apex ARGS} with APEX_HOME in {@code home} and no model key. */
  static ChildRun start(Path home, String... args) throws IOException {
    return start(home, null, args);
  }

  /** As {@link #start(Path, String...)}, in {@code home} as the working folder. */
  static ChildRun startInHome(Path home, String... args) throws IOException {
    return start(home, home, args);
  }

  private static ChildRun start(Path home, Path workingFolder, String... args) throws IOException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(ApexCli.class.getName());
    command.addAll(List.of(args));
    Path errFile = Files.createTempFile(home, "child-stderr", ".txt");
    ProcessBuilder builder = new ProcessBuilder(command).redirectError(errFile.toFile());
    if (workingFolder != null) {
      builder.directory(workingFolder.toFile());
    }
    builder.environment().put("APEX_HOME", home.toString());
    builder.environment().remove("ANTHROPIC_API_KEY");
    return new ChildRun(builder.start(), errFile);
  }

  /** Reads stdout until a line matches, and returns it; fails when the child ends first. */
  String awaitLine(Predicate<String> wanted) throws IOException {
    String line;
    while ((line = out.readLine()) != null) {
      lines.add(line);
      if (wanted.test(line)) {
        return line;
      }
    }
    throw new AssertionError(
        "the child ended without printing the line awaited; stdout:\n"
            + String.join("\n", lines)
            + "\nstderr:\n"
            + err());
  }

  /**
   * Waits up to two minutes for the exit (a bound against a child that never ends, not a timing),
   * reads stdout to its end and returns the exit code.
   */
  int awaitExit() throws IOException, InterruptedException {
    if (!process.waitFor(2, TimeUnit.MINUTES)) {
      throw new AssertionError(
          "the child did not exit within 2 minutes; stdout so far:\n"
              + String.join("\n", lines)
              + "\nstderr:\n"
              + err());
    }
    String line;
    while ((line = out.readLine()) != null) {
      lines.add(line);
    }
    return process.exitValue();
  }

  /** Every stdout line read so far. */
  List<String> out() {
    return List.copyOf(lines);
  }

  String err() throws IOException {
    return Files.exists(errFile) ? Files.readString(errFile) : "";
  }

  /**
   * Sends a signal by name ({@code INT}) with {@code kill}, as a terminal or a supervisor does.
   * Skips the test when the child ignores that signal from its start, as every process does that a
   * shell without job control started in the background ({@code cmd &} in a script): the JVM then
   * installs no handler, and nothing apex does can receive it.
   */
  void signal(String name) throws IOException, InterruptedException {
    Assumptions.assumeFalse(
        ignores(name),
        "the child ignores SIG"
            + name
            + ", inherited from this test's JVM (a background job of a shell without job"
            + " control); run the build in the foreground to test it");
    Process kill =
        new ProcessBuilder("kill", "-" + name, String.valueOf(process.pid()))
            .redirectErrorStream(true)
            .start();
    if (kill.waitFor() != 0) {
      throw new AssertionError(
          "kill -" + name + " failed: " + new String(kill.getInputStream().readAllBytes(), UTF_8));
    }
  }

  /** Whether the child ignores the signal (Linux's /proc/PID/status); false where unknown. */
  private boolean ignores(String name) throws IOException {
    Integer number = SIGNALS.get(name);
    Path status = Path.of("/proc", String.valueOf(process.pid()), "status");
    if (number == null || !Files.isReadable(status)) {
      return false;
    }
    for (String line : Files.readAllLines(status)) {
      if (line.startsWith("SigIgn:")) {
        long mask = Long.parseUnsignedLong(line.substring(7).strip(), 16);
        return (mask & (1L << (number - 1))) != 0;
      }
    }
    return false;
  }

  @Override
  public void close() {
    process.destroyForcibly();
    try {
      process.waitFor(1, TimeUnit.MINUTES);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
