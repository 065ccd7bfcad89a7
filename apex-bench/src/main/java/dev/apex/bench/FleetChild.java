package dev.apex.bench;

import dev.apex.core.Secrets;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One {@code apex} child process of {@link FleetLoad}: its stdout read line by line on a daemon
 * thread of its own and handed to a listener (each line cut at {@value #MAX_LINE} characters), its
 * stderr kept in a file of the fleet's home. Every wait on it is bounded by the caller's deadline.
 */
final class FleetChild implements AutoCloseable {

  /** The longest stdout line handed on; the rest of a longer line is dropped. */
  static final int MAX_LINE = 8_192;

  /**
   * What the child may not read from the caller's environment: its apex settings, model keys and
   * PostgreSQL defaults.
   */
  private static final List<String> DROPPED_PREFIXES =
      List.of("APEX_", "ANTHROPIC_", "OPENAI_", "PG");

  /** Every child still running, for {@link #killAll()}. */
  private static final Set<Process> LIVE = ConcurrentHashMap.newKeySet();

  private final Process process;
  private final Path errFile;
  private final Thread reader;

  private FleetChild(Process process, Path errFile, Consumer<String> onLine) {
    this.process = process;
    this.errFile = errFile;
    LIVE.add(process);
    process.onExit().thenRun(() -> LIVE.remove(process));
    this.reader = new Thread(() -> readLines(process.getInputStream(), onLine), "fleet-child");
    reader.setDaemon(true);
    reader.start();
  }

  /**
   * How the fleet starts {@code apex}.
   *
   * @param command the command that runs the CLI (a JVM and its class path)
   * @param home each child's {@code APEX_HOME} and working folder
   * @param env variables set for each child (e.g. {@code PGPASSWORD}, kept off the command line)
   */
  record Launch(List<String> command, Path home, Map<String, String> env) {
    Launch {
      command = List.copyOf(command);
      Objects.requireNonNull(home, "home");
      env = Map.copyOf(env);
    }
  }

  /** Starts {@code apex ARGS}, each stdout line handed to {@code onLine} on the reading thread. */
  static FleetChild start(Launch launch, Consumer<String> onLine, String... args) {
    List<String> command = new ArrayList<>(launch.command());
    command.addAll(List.of(args));
    try {
      Path errFile = Files.createTempFile(launch.home(), "stderr-" + args[0] + "-", ".txt");
      ProcessBuilder builder =
          new ProcessBuilder(command)
              .directory(launch.home().toFile())
              .redirectError(errFile.toFile());
      Map<String, String> env = builder.environment();
      env.keySet().removeIf(name -> DROPPED_PREFIXES.stream().anyMatch(name::startsWith));
      env.put("APEX_HOME", launch.home().toString());
      env.putAll(launch.env());
      return new FleetChild(builder.start(), errFile, onLine);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start apex " + args[0] + ": " + e.getMessage(), e);
    }
  }

  /** Kills every child still running (SIGKILL), without waiting: for a shutdown hook. */
  static void killAll() {
    LIVE.forEach(Process::destroyForcibly);
  }

  long pid() {
    return process.pid();
  }

  boolean isAlive() {
    return process.isAlive();
  }

  /** Kills it as {@code kill -9} does (SIGKILL) and waits up to a minute for it to be gone. */
  void kill() throws InterruptedException {
    process.destroyForcibly().waitFor(1, TimeUnit.MINUTES);
  }

  /**
   * Waits up to {@code bound} for the exit, then for stdout's last line to be handed on.
   *
   * @return the exit code, or empty when it was still running at the bound (it is left running)
   */
  Optional<Integer> awaitExit(Duration bound) throws InterruptedException {
    if (!process.waitFor(bound.toMillis(), TimeUnit.MILLISECONDS)) {
      return Optional.empty();
    }
    reader.join(TimeUnit.SECONDS.toMillis(30));
    return Optional.of(process.exitValue());
  }

  /** The last line of its stderr, at most 300 characters, redacted; empty when there is none. */
  String lastError() {
    try {
      if (!Files.exists(errFile)) {
        return "";
      }
      List<String> lines = Files.readAllLines(errFile, StandardCharsets.UTF_8);
      for (int i = lines.size() - 1; i >= 0; i--) {
        String line = lines.get(i).strip();
        if (!line.isEmpty()) {
          String redacted = Secrets.redact(Secrets.withoutUserInfo(line));
          return redacted.length() > 300 ? redacted.substring(0, 300) + "…" : redacted;
        }
      }
      return "";
    } catch (IOException | UncheckedIOException e) {
      return "";
    }
  }

  @Override
  public void close() {
    try {
      kill();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void readLines(InputStream stdout, Consumer<String> onLine) {
    try (Reader in = new InputStreamReader(stdout, StandardCharsets.UTF_8)) {
      String line;
      while ((line = readLine(in)) != null) {
        onLine.accept(line);
      }
    } catch (IOException e) {
      // the child ended (or was killed): its output is complete
    }
  }

  /** One line without its end, cut at {@value #MAX_LINE} characters; null at the end. */
  static String readLine(Reader in) throws IOException {
    StringBuilder line = new StringBuilder();
    int c;
    boolean any = false;
    while ((c = in.read()) >= 0) {
      any = true;
      if (c == '\n') {
        break;
      }
      if (c != '\r' && line.length() < MAX_LINE) {
        line.append((char) c);
      }
    }
    return any ? line.toString() : null;
  }
}
