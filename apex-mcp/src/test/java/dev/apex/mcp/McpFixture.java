package dev.apex.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.TaskId;
import dev.apex.core.TaskRecord;
import dev.apex.core.TaskStatus;
import dev.apex.device.Device;
import dev.apex.perception.OcrEngine;
import dev.apex.runtime.agent.Agent;
import dev.apex.runtime.agent.AgentBuilder;
import dev.apex.runtime.safety.SafetyPolicy;
import dev.apex.storage.SqliteTimeline;
import dev.apex.storage.StoredStep;
import dev.apex.testkit.FakeClock;
import dev.apex.testkit.RecordingSleeper;
import dev.apex.timeline.StepRecord;
import dev.apex.timeline.TaskTimeline;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * An {@link ApexMcpServer} serving in this JVM over in-memory pipes ({@link InProcessSession}), the
 * SDK's own sync client talking to it, and the SQLite timeline its agents record into. Agents are
 * built as {@code apex mcp} builds them (the server's tools and confirmer), on the sim or on a
 * device the test gives for a selector, with no OCR, no tap settling and a recording sleeper. Every
 * wait is bounded.
 */
final class McpFixture implements AutoCloseable {

  /** The longest any one wait of a test may take. */
  static final Duration BOUND = Duration.ofSeconds(30);

  /** Apps that launch without asking, unless a test sets its own policy. */
  static final Set<String> ALLOWED_APPS = Set.of("com.android.settings", "com.apex.sim.messages");

  final SqliteTimeline timeline;
  final List<String> progress = new CopyOnWriteArrayList<>();
  final List<McpSchema.ElicitFormRequest> asked = new CopyOnWriteArrayList<>();
  final List<String> opened = new CopyOnWriteArrayList<>();

  /** Each tool list the client fetched after a {@code tools/list_changed} notification. */
  final List<List<McpSchema.Tool>> toolsChanged = new CopyOnWriteArrayList<>();

  final ApexMcpServer server;
  final McpSyncClient client;
  final StreamClientTransport transport;
  private final CountDownLatch stopHeard = new CountDownLatch(1);
  private final InProcessSession session;

  private McpFixture(Builder b) {
    this(b, true);
  }

  private McpFixture(Builder b, boolean withClient) {
    this.timeline = SqliteTimeline.open(b.dir.resolve("timeline.db"));
    TaskTimeline recorded = new HearingTimeline(timeline, stopHeard);
    ApexMcpServer.AgentFactory agents =
        (selector, tools, confirmer) -> {
          opened.add(selector);
          FakeClock clock = new FakeClock();
          AgentBuilder agent =
              Agent.builder()
                  .ocr(OcrEngine.NONE)
                  .tapSettle(Duration.ZERO)
                  .clock(clock)
                  .sleeper(new RecordingSleeper(clock))
                  .tools(tools)
                  .safety(b.safety)
                  .confirmer(confirmer)
                  .timeline(recorded);
          Device given = b.devices.get(selector);
          return (given != null ? agent.device(given) : agent.device(selector)).build();
        };
    ApexMcpServer.Options options =
        new ApexMcpServer.Options(
            b.device,
            agents,
            () -> "sim  the simulated phone",
            b.maxSteps,
            "0.0.0-test",
            BOUND,
            progress::add,
            b.safety);
    session =
        new InProcessSession(
            options,
            BOUND,
            withClient
                ? spec -> {
                  spec.clientInfo(new McpSchema.Implementation("test-client", "1.2"))
                      .toolsChangeConsumer(tools -> toolsChanged.add(tools));
                  if (b.elicitation != null) {
                    spec.elicitation(
                        request -> {
                          asked.add(request);
                          return b.elicitation.apply(request);
                        });
                  }
                }
                : null);
    server = session.server();
    client = session.client();
    transport = session.transport();
  }

  static Builder in(Path dir) {
    return new Builder(dir);
  }

  /** What a test may change; the defaults are the sim, {@link #ALLOWED_APPS}, no step limit. */
  static final class Builder {
    private final Path dir;
    private String device = "sim";
    private final Map<String, Device> devices = new HashMap<>();
    private SafetyPolicy safety = SafetyPolicy.defaults().withAllowedApps(ALLOWED_APPS);
    private Integer maxSteps;
    private Function<McpSchema.ElicitFormRequest, McpSchema.ElicitResult> elicitation;

    private Builder(Path dir) {
      this.dir = dir;
    }

    Builder device(String selector) {
      this.device = selector;
      return this;
    }

    /** Agents opened for {@code selector} drive {@code fake} instead of what it names. */
    Builder deviceFor(String selector, Device fake) {
      devices.put(selector, fake);
      return this;
    }

    Builder safety(SafetyPolicy value) {
      this.safety = value;
      return this;
    }

    Builder maxSteps(int value) {
      this.maxSteps = value;
      return this;
    }

    /** The client can elicit, and its user answers so. */
    Builder elicitation(Function<McpSchema.ElicitFormRequest, McpSchema.ElicitResult> answer) {
      this.elicitation = answer;
      return this;
    }

    McpFixture start() {
      return new McpFixture(this);
    }

    /**
     * Serves with no client: the test writes the server's stdin ({@link #stdin}) and reads its
     * stdout ({@link #stdout}) as raw lines, and ends its input with {@link #closeStdin}.
     */
    McpFixture startRaw() {
      return new McpFixture(this, false);
    }
  }

  /** The server's stdin, for a fixture started with {@link Builder#startRaw}. */
  OutputStream stdin() {
    return session.stdin();
  }

  /** The server's stdout, for a fixture started with {@link Builder#startRaw}. */
  InputStream stdout() {
    return session.stdout();
  }

  /** Ends the server's input, as a client that closes its end of the pipe. */
  void closeStdin() {
    session.closeStdin();
  }

  /** Ends what the test reads of the server's output (after {@code serve} returned). */
  void closeStdout() {
    session.closeStdout();
  }

  /** How {@code serve} ended: normally, or with what it threw; bounded by {@link #BOUND}. */
  CompletableFuture<Void> serving() {
    return session.serving();
  }

  McpSchema.CallToolResult call(String tool, Map<String, Object> args) {
    return client.callTool(new McpSchema.CallToolRequest(tool, args));
  }

  McpSchema.CallToolResult call(String tool) {
    return call(tool, Map.of());
  }

  /** All the text of a result, its parts joined by newlines. */
  static String text(McpSchema.CallToolResult result) {
    return TaskTokens.text(result);
  }

  static boolean isError(McpSchema.CallToolResult result) {
    return Boolean.TRUE.equals(result.isError());
  }

  /** The tasks recorded, oldest first. */
  List<TaskRecord> tasks() {
    List<TaskRecord> tasks = new ArrayList<>(timeline.tasks(100, 0));
    Collections.reverse(tasks);
    return tasks;
  }

  /** The one task recorded. */
  TaskRecord onlyTask() {
    assertThat(tasks()).hasSize(1);
    return tasks().get(0);
  }

  List<StoredStep> steps(TaskId id) {
    return timeline.steps(id);
  }

  /** Closes the client's output (the server's stdin) and waits for {@code serve} to return. */
  void closeClient() {
    client.closeGracefully();
    awaitServed();
  }

  /** Waits, bounded, for {@code serve} to return; fails the test if it threw or hangs. */
  void awaitServed() {
    session.serving().orTimeout(BOUND.toSeconds(), TimeUnit.SECONDS).join();
  }

  boolean served() {
    return session.serving().isDone();
  }

  /**
   * Waits, bounded, until the timeline has handed a stop request for a session's task to the
   * session (the console's Cancel reaches a task so).
   */
  void awaitStopHeard() throws InterruptedException {
    assertThat(stopHeard.await(BOUND.toSeconds(), TimeUnit.SECONDS))
        .as("the timeline handed the stop request to the session")
        .isTrue();
  }

  /** The status and reason of a task, e.g. {@code ENDED the client closed…}. */
  static String end(TaskRecord task) {
    return task.status() + " " + task.reason();
  }

  static boolean isFinal(TaskRecord task) {
    return task.status() != TaskStatus.RUNNING;
  }

  @Override
  public void close() {
    try {
      session.close();
    } finally {
      timeline.close();
    }
  }

  /** The timeline as the agents record into it, telling the test when a stop request is heard. */
  private record HearingTimeline(SqliteTimeline delegate, CountDownLatch heard)
      implements TaskTimeline {
    @Override
    public void startTask(TaskId id, String device, String goal) {
      delegate.startTask(id, device, goal);
    }

    @Override
    public void append(StepRecord step) {
      delegate.append(step);
    }

    @Override
    public void finishTask(TaskId id, TaskStatus status, String reason) {
      delegate.finishTask(id, status, reason);
    }

    @Override
    public boolean onStopRequest(TaskId id, Consumer<String> listener) {
      return delegate.onStopRequest(
          id,
          reason -> {
            listener.accept(reason);
            heard.countDown();
          });
    }

    @Override
    public void close() {
      // The fixture closes the timeline.
    }
  }
}
