package dev.apex.cli;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpSchema;
import java.lang.reflect.Field;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * {@code apex mcp} in a child JVM with this test's classpath, driven by the MCP SDK's own client
 * over its own stdio transport, as Claude Code or Cursor would spawn it: APEX_HOME in the test's
 * directory, no model key, the timeline in a file of the test's. Every wait is bounded: the
 * client's requests by {@link #TIMEOUT}, the child's exit by {@link #awaitExit}.
 */
final class McpChild implements AutoCloseable {

  /** The longest a request (JVM start and first device call included) or the exit may take. */
  static final Duration TIMEOUT = Duration.ofSeconds(60);

  final McpSyncClient client;
  final McpSchema.InitializeResult init;
  private final Process process;
  private final List<String> stderr;

  private McpChild(
      McpSyncClient client, McpSchema.InitializeResult init, Process process, List<String> stderr) {
    this.client = client;
    this.init = init;
    this.process = process;
    this.stderr = stderr;
  }

  /**
   * Starts {@code apex mcp --db DB --no-ocr ARGS} and initializes a client.
   *
   * @param elicitation the client's elicitation handler, or null for a client that cannot elicit
   */
  static McpChild start(
      Path home,
      Path db,
      Function<McpSchema.ElicitFormRequest, McpSchema.ElicitResult> elicitation,
      String... args) {
    return start(Map.of(), home, db, elicitation, args);
  }

  /** As {@link #start(Path, Path, Function, String...)}, with {@code env} added to the child's. */
  static McpChild start(
      Map<String, String> env,
      Path home,
      Path db,
      Function<McpSchema.ElicitFormRequest, McpSchema.ElicitResult> elicitation,
      String... args) {
    Map<String, String> childEnv = new java.util.HashMap<>(env);
    childEnv.put("APEX_HOME", home.toString());
    List<String> command = new ArrayList<>();
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(ApexCli.class.getName());
    command.addAll(List.of("mcp", "--db", db.toString(), "--no-ocr"));
    command.addAll(List.of(args));
    ServerParameters params =
        ServerParameters.builder(Path.of(System.getProperty("java.home"), "bin", "java").toString())
            .args(command)
            .env(childEnv)
            .build();
    List<String> stderr = new CopyOnWriteArrayList<>();
    StdioClientTransport transport = new NoKeyTransport(params);
    transport.setStdErrorHandler(stderr::add);
    McpClient.SyncSpec spec =
        McpClient.sync(transport)
            .clientInfo(new McpSchema.Implementation("apex-test", "1.0"))
            .requestTimeout(TIMEOUT)
            .initializationTimeout(TIMEOUT);
    if (elicitation != null) {
      spec.elicitation(elicitation);
    }
    McpSyncClient client = spec.build();
    McpSchema.InitializeResult init;
    try {
      init = client.initialize();
    } catch (RuntimeException e) {
      client.close();
      throw new AssertionError(
          "apex mcp did not initialize; stderr:\n" + String.join("\n", stderr), e);
    }
    return new McpChild(client, init, child(transport), stderr);
  }

  /**
   * The process the transport started. The SDK keeps it private, and listing this JVM's children
   * ({@code ProcessHandle.children()}) is not available everywhere (a sandboxed /proc), so it is
   * read from the transport's field: a test helper may know the SDK's insides; a change there fails
   * here, plainly.
   */
  private static Process child(StdioClientTransport transport) {
    try {
      Field field = StdioClientTransport.class.getDeclaredField("process");
      field.setAccessible(true);
      return (Process) Objects.requireNonNull(field.get(transport), "process");
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw new AssertionError("cannot reach the process StdioClientTransport started", e);
    }
  }

  /** Calls a tool; an McpError (a JSON-RPC error) propagates. */
  McpSchema.CallToolResult call(String tool, Map<String, Object> args) {
    return client.callTool(new McpSchema.CallToolRequest(tool, args));
  }

  /** The texts of a result's text contents, one after the other. */
  static String text(McpSchema.CallToolResult result) {
    return result.content().stream()
        .filter(c -> c instanceof McpSchema.TextContent)
        .map(c -> ((McpSchema.TextContent) c).text())
        .collect(Collectors.joining("\n"));
  }

  /** What the child wrote to stderr so far (the client stops reading it once it closes). */
  String stderr() {
    return String.join("\n", stderr);
  }

  /**
   * Closes the client as an MCP client does (the SDK's transport sends SIGTERM) and waits for the
   * child to be gone; fails when it is still there after {@link #TIMEOUT}.
   */
  void awaitExit() {
    client.closeGracefully();
    boolean exited;
    try {
      exited = process.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      exited = false;
    }
    if (!exited) {
      process.destroyForcibly();
      throw new AssertionError(
          "apex mcp did not exit within "
              + TIMEOUT
              + " of the client closing; stderr:\n"
              + stderr());
    }
  }

  @Override
  public void close() {
    if (process.isAlive()) {
      awaitExit();
    }
  }

  /** The SDK's transport, but the child's environment has no model key. */
  private static final class NoKeyTransport extends StdioClientTransport {
    NoKeyTransport(ServerParameters params) {
      super(params, McpJsonDefaults.getMapper());
    }

    @Override
    protected ProcessBuilder getProcessBuilder() {
      ProcessBuilder builder = new ProcessBuilder();
      builder.environment().remove("ANTHROPIC_API_KEY");
      return builder;
    }
  }
}
