package dev.apex.testkit;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * A real PostgreSQL server for tests, on loopback. Two ways to get one:
 *
 * <ul>
 *   <li>{@link #fromEnvironment()}: the server {@code .ci/run} started, named by {@value #ENV} (a
 *       {@code postgresql://USER:PASSWORD@127.0.0.1:PORT/DBNAME} whose role may create databases).
 *       Missing, a test fails under {@code CI=true} and is skipped elsewhere, saying why;
 *   <li>{@link #startPrivate()}: a cluster of the test's own ({@code initdb} and {@code pg_ctl}
 *       from {@value #BIN}), on a free port with its socket folder in the temp folder, which the
 *       test may restart or stop (a fault) without touching anyone else's. As root, the server runs
 *       as the {@code postgres} user ({@code runuser}), since PostgreSQL refuses root. The packaged
 *       cluster on 5432 is never touched.
 * </ul>
 *
 * Every wait here is bounded ({@link #COMMAND_TIMEOUT}).
 */
public final class PostgresServer implements AutoCloseable {

  /** The variable naming the shared test server. */
  public static final String ENV = "APEX_TEST_POSTGRES";

  /** Where Debian puts the server's programs (not on the PATH). */
  public static final String BIN = "/usr/lib/postgresql/15/bin";

  /** The longest any server command (initdb, start, restart, stop) may take. */
  public static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(60);

  private static final String SUPERUSER = "apex";

  private final String url;
  private final Path data;
  private final Path log;
  private final int port;

  private PostgresServer(String url, Path data, Path log, int port) {
    this.url = url;
    this.data = data;
    this.log = log;
    this.port = port;
  }

  /**
   * The shared test server of {@value #ENV}.
   *
   * @throws AssertionError under {@code CI=true} when the variable is missing; elsewhere the test
   *     is skipped (an aborted assumption) saying how to get one
   */
  public static PostgresServer fromEnvironment() {
    return fromEnvironment(System.getenv());
  }

  static PostgresServer fromEnvironment(Map<String, String> env) {
    String url = env.get(ENV);
    if (url == null || url.isBlank()) {
      String why =
          ENV
              + " is not set: these tests need a PostgreSQL server (.ci/run starts one; or set "
              + ENV
              + "=postgresql://USER:PASSWORD@127.0.0.1:PORT/DBNAME, a role that may create"
              + " databases)";
      if ("true".equalsIgnoreCase(env.get("CI"))) {
        throw new AssertionError(why);
      }
      Assumptions.abort(why);
    }
    return new PostgresServer(url.strip(), null, null, -1);
  }

  /**
   * Starts a private cluster; close it to stop it and delete its files.
   *
   * @throws AssertionError under {@code CI=true} when PostgreSQL is not installed; elsewhere the
   *     test is skipped
   */
  public static PostgresServer startPrivate() {
    Optional<String> missing = privateUnavailable();
    if (missing.isPresent()) {
      if ("true".equalsIgnoreCase(System.getenv("CI"))) {
        throw new AssertionError(missing.get());
      }
      Assumptions.abort(missing.get());
    }
    return startPrivateCluster();
  }

  /**
   * Why {@link #startPrivate()} cannot start a cluster here (the server programs are missing, with
   * what to install), or empty when it can. For callers outside a test (the bench), which say so
   * instead of skipping.
   */
  public static Optional<String> privateUnavailable() {
    for (String program : List.of("initdb", "pg_ctl", "postgres", "createdb")) {
      if (!Files.isExecutable(Path.of(BIN, program))) {
        return Optional.of(
            "PostgreSQL's server programs are not installed ("
                + BIN
                + "/"
                + program
                + " is missing): apt-get install postgresql");
      }
    }
    return Optional.empty();
  }

  /**
   * Starts a private cluster, as {@link #startPrivate()} does, without JUnit: for a caller outside
   * a test. Check {@link #privateUnavailable()} first.
   *
   * @throws IllegalStateException when it cannot be started
   */
  public static PostgresServer startPrivateCluster() {
    try {
      Path dir = Files.createTempDirectory("apex-pg-");
      Path data = dir.resolve("data");
      Path log = dir.resolve("server.log");
      Path pwfile = dir.resolve("pw");
      String password = "pw-" + UUID.randomUUID();
      Files.writeString(pwfile, password + "\n", StandardCharsets.UTF_8);
      Files.writeString(log, "");
      int port = freePort();
      giveToServerUser(dir);
      run(
          "initdb",
          "-D",
          data.toString(),
          "-U",
          SUPERUSER,
          "--pwfile=" + pwfile,
          "--auth-host=scram-sha-256",
          "--auth-local=trust",
          "-E",
          "UTF8",
          "--no-sync");
      Files.writeString(
          data.resolve("postgresql.conf"),
          "\nlisten_addresses = '127.0.0.1'\nport = "
              + port
              + "\nunix_socket_directories = '"
              + dir
              + "'\nmax_connections = 100\n",
          java.nio.file.StandardOpenOption.APPEND);
      PostgresServer server =
          new PostgresServer(
              "postgresql://" + SUPERUSER + ":" + password + "@127.0.0.1:" + port + "/postgres",
              data,
              log,
              port);
      server.pgCtl("start", "-w");
      return server;
    } catch (IOException e) {
      throw new IllegalStateException("cannot start a private PostgreSQL: " + e.getMessage(), e);
    }
  }

  /**
   * {@code postgresql://USER:PASSWORD@127.0.0.1:PORT/DBNAME} of a role that may create databases.
   */
  public String url() {
    return url;
  }

  /** The URL of database {@code name} on this server, as the same role. */
  public String url(String name) {
    return url.substring(0, url.lastIndexOf('/') + 1) + name;
  }

  /** The port it listens on (127.0.0.1). */
  public int port() {
    return port >= 0 ? port : Integer.parseInt(url.replaceAll(".*:(\\d+)/[^/]*$", "$1"));
  }

  /** Restarts a private server fast (every session is cut); returns once it accepts again. */
  public void restart() {
    requirePrivate();
    pgCtl("restart", "-w", "-m", "fast");
  }

  /**
   * Creates database {@code name} on a private server (through its socket, as the superuser); its
   * URL is {@link #url(String) url(name)}.
   *
   * @param name letters, digits and underscores, starting with a letter
   */
  public void createDatabase(String name) {
    requirePrivate();
    if (!name.matches("[A-Za-z][A-Za-z0-9_]{0,62}")) {
      throw new IllegalArgumentException(
          "database name " + name + " must be letters, digits and underscores");
    }
    run(
        "createdb",
        "-h",
        data.getParent().toString(),
        "-p",
        String.valueOf(port),
        "-U",
        SUPERUSER,
        name);
  }

  /** Stops a private server (fast); {@link #start()} brings it back. */
  public void stop() {
    requirePrivate();
    pgCtl("stop", "-w", "-m", "fast");
  }

  /** Starts a private server stopped by {@link #stop()}. */
  public void start() {
    requirePrivate();
    pgCtl("start", "-w");
  }

  /** Stops a private server and deletes its files; nothing for the shared one. */
  @Override
  public void close() {
    if (data == null) {
      return;
    }
    try {
      pgCtl("stop", "-w", "-m", "immediate");
    } catch (RuntimeException e) {
      // already stopped
    }
    deleteTree(data.getParent());
  }

  private void pgCtl(String... args) {
    List<String> command =
        new ArrayList<>(List.of("pg_ctl", "-D", data.toString(), "-l", log.toString()));
    command.addAll(List.of(args));
    run(command.toArray(String[]::new));
  }

  private void requirePrivate() {
    if (data == null) {
      throw new IllegalStateException("only a private server (startPrivate) may be restarted");
    }
  }

  private static void run(String... args) {
    List<String> command = new ArrayList<>();
    if (isRoot()) {
      command.addAll(List.of("runuser", "-u", "postgres", "--"));
    }
    command.add(BIN + "/" + args[0]);
    command.addAll(List.of(args).subList(1, args.length));
    try {
      Process process =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .directory(Path.of(System.getProperty("java.io.tmpdir")).toFile())
              .start();
      if (!process.waitFor(COMMAND_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new IllegalStateException(args[0] + " did not finish in " + COMMAND_TIMEOUT);
      }
      if (process.exitValue() != 0) {
        throw new IllegalStateException(
            String.join(" ", args) + " failed with exit " + process.exitValue());
      }
    } catch (IOException e) {
      throw new IllegalStateException("cannot run " + args[0] + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted running " + args[0], e);
    }
  }

  private static boolean isRoot() {
    return "root".equals(System.getProperty("user.name"));
  }

  private static void giveToServerUser(Path dir) throws IOException {
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
    if (isRoot()) {
      try {
        Process chown =
            new ProcessBuilder("chown", "-R", "postgres:postgres", dir.toString()).start();
        if (!chown.waitFor(30, TimeUnit.SECONDS) || chown.exitValue() != 0) {
          throw new IOException("chown postgres " + dir + " failed");
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted", e);
      }
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }

  private static void deleteTree(Path dir) {
    try (var walk = Files.walk(dir)) {
      walk.sorted(java.util.Comparator.reverseOrder())
          .forEach(
              p -> {
                try {
                  Files.deleteIfExists(p);
                } catch (IOException e) {
                  // best effort: the temp folder is cleaned later
                }
              });
    } catch (IOException e) {
      // best effort
    }
  }

  @Override
  public String toString() {
    return url.replaceAll("://([^:@/]+):[^@/]*@", "://$1:***@");
  }
}
