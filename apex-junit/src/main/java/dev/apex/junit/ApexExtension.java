package dev.apex.junit;

import dev.apex.config.ApexConfig;
import dev.apex.config.ApexConfigStore;
import dev.apex.config.ConfigField;
import dev.apex.config.Settings;
import dev.apex.core.TaskStatus;
import dev.apex.device.DeviceOptions;
import dev.apex.runtime.agent.Agent;
import dev.apex.runtime.agent.AgentBuilder;
import dev.apex.runtime.agent.Session;
import dev.apex.runtime.flow.FlowVariables;
import dev.apex.runtime.observe.PerceivingObserver;
import dev.apex.runtime.safety.Confirmer;
import dev.apex.storage.Timeline;
import dev.apex.storage.Timelines;
import dev.apex.timeline.TimelineOptions;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/**
 * The extension behind {@link ApexTest}. Before each test it opens an {@link Agent} on the device
 * {@link ApexOptions} names, with the settings of the config file and the environment (as {@code
 * apex run} reads them, each declared setting also as a JUnit parameter: {@link
 * ParameterSettings}), and starts a {@link Session} named {@code Class#method}; the test gets it as
 * an {@link ApexSession} parameter. After the test it records the end — passed {@link
 * TaskStatus#SUCCEEDED}, a failed assertion {@link TaskStatus#FAILED} with its message, an aborted
 * test ({@code Assumptions}) {@link TaskStatus#CANCELLED} — and closes the device. A failure gets
 * the compact Scene at that moment and the task id appended to its message. Every test's task id
 * also goes to its report output (a report entry and a line on standard output).
 *
 * <p>A flow's {@code ${NAME}}s are filled only from what the test names: the map given to {@link
 * ApexSession#runFlow(Path, Map)} and the vars file of {@code apex.vars}, never from the rest of
 * the environment.
 *
 * <p>The timeline ({@code $APEX_HOME/timeline.db} unless {@code apex.timeline} says otherwise) is
 * opened once per test run and shared by every test.
 *
 * <p>With the standard {@code OTEL_*} variables set, each test's task is traced under its class's
 * {@code apex.suite} span, and the spans are exported when the run ends ({@link TestTraces}).
 */
public final class ApexExtension
    implements BeforeEachCallback,
        AfterEachCallback,
        ParameterResolver,
        TestExecutionExceptionHandler {

  private static final ExtensionContext.Namespace NAMESPACE =
      ExtensionContext.Namespace.create(ApexExtension.class);

  private final Map<String, String> env;

  /** Reads the process's environment. */
  public ApexExtension() {
    this(System.getenv());
  }

  /** Reads {@code env} instead of the process's environment: for tests of the extension. */
  ApexExtension(Map<String, String> env) {
    this.env = Objects.requireNonNull(env, "env");
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    ApexConfigStore store =
        ApexConfigStore.open(
            ApexConfigStore.defaultFile(env, System.getProperty("user.home")), env);
    ApexOptions options =
        ApexOptions.read(context::getConfigurationParameter, env, store.current());
    // Read before the device opens, so a bad line fails the test with nothing to close.
    FlowVariables vars = options.vars().map(FlowVariables::read).orElse(FlowVariables.none());
    ApexConfig config =
        ParameterSettings.apply(store.current(), context::getConfigurationParameter);
    Settings settings = Settings.of(config, env, options.ocr());
    AgentBuilder builder =
        settings
            .agent()
            .device(options.selector())
            .deviceOptions(new DeviceOptions(null, null, settings.device(), env))
            .ocr(PerceivingObserver.ocr(settings.ocr(), notice -> {}))
            // Each session step is one the test's author wrote; act(goal) asks for DENY itself.
            .confirmer(Confirmer.AUTHORED);
    TestTraces.trace(builder, context, env, config.bool(ConfigField.TRACES_PAYLOADS));
    options
        .timeline()
        .ifPresent(
            // The runtime's one recorder writes the task; the timeline is this test run's.
            file -> builder.timeline(timeline(context, file, settings)));
    Agent agent = builder.build();
    Session session;
    try {
      session = agent.session(title(context));
    } catch (RuntimeException e) {
      agent.close();
      throw e;
    }
    // With openai and no planning model, act() is refused up front, as `apex run --goal` is with
    // exit 2; with no model at all the runtime records the refusal as the goal's failed task.
    String refusal =
        settings.goalRefusal().filter(Settings.MISSING_PLANNER_MODEL::equals).orElse(null);
    Running running = new Running(agent, session, new ApexSession(agent, session, refusal, vars));
    context.getStore(NAMESPACE).put(Running.class, running);
    // A cancel from the console reaches the session through the agent's timeline (Agent.session).
    session
        .outcome()
        .ifPresent(
            ended -> {
              throw new IllegalStateException(
                  "apex could not start on "
                      + options.selector()
                      + ": "
                      + ended.status()
                      + ": "
                      + ended.reason()
                      + " (task "
                      + ended.taskId()
                      + ")");
            });
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == ApexSession.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    Running running = context.getStore(NAMESPACE).get(Running.class, Running.class);
    if (running == null) {
      throw new IllegalStateException(
          "an ApexSession is given to test methods only (not to constructors or @BeforeAll)");
    }
    return running.apex();
  }

  @Override
  public void handleTestExecutionException(ExtensionContext context, Throwable thrown)
      throws Throwable {
    Running running = context.getStore(NAMESPACE).get(Running.class, Running.class);
    if (running == null || thrown instanceof TestAbortedException) {
      throw thrown;
    }
    if (thrown instanceof ApexAssertionError) {
      throw thrown;
    }
    String failure = messageOf(thrown);
    String at = FailureContext.of(running.session());
    if (thrown instanceof AssertionFailedError a && a.isExpectedDefined() && a.isActualDefined()) {
      throw new ApexAssertionError(
          failure, at, a.getExpected().getValue(), a.getActual().getValue(), thrown);
    }
    if (thrown instanceof AssertionError) {
      throw new ApexAssertionError(failure, at, thrown);
    }
    // An error, not a failed assertion: keep its type, with the context beside it.
    thrown.addSuppressed(new ApexAssertionError("apex context of " + failure, at, null));
    throw thrown;
  }

  @Override
  public void afterEach(ExtensionContext context) {
    Running running = context.getStore(NAMESPACE).remove(Running.class, Running.class);
    if (running == null) {
      return;
    }
    try {
      Optional<Throwable> thrown = context.getExecutionException();
      if (thrown.isEmpty()) {
        running.session().end(TaskStatus.SUCCEEDED, "test passed");
      } else if (thrown.get() instanceof TestAbortedException aborted) {
        running.session().end(TaskStatus.CANCELLED, "test aborted: " + messageOf(aborted));
      } else {
        Throwable t = thrown.get();
        TestTraces.failed(context);
        running
            .session()
            .end(
                TaskStatus.FAILED,
                t instanceof ApexAssertionError apex ? apex.failure() : messageOf(t));
      }
      reportTaskId(context, running.session().taskId());
    } finally {
      running.agent().close();
    }
  }

  /** The key of the report entry that carries each test's task id. */
  static final String TASK_ID_ENTRY = "apex.task_id";

  /**
   * Puts the test's task id in its report output, so a CI page links a test to its recorded run: a
   * JUnit report entry ({@value #TASK_ID_ENTRY}, which the JUnit Platform's XML reports, Gradle and
   * IDEs show) and one line on standard output, which Surefire and Failsafe keep in the test's
   * {@code system-out} (they do not report entries).
   */
  private static void reportTaskId(ExtensionContext context, dev.apex.core.TaskId id) {
    context.publishReportEntry(TASK_ID_ENTRY, id.value());
    System.out.println("apex: task " + id + " (apex timeline " + id + "; apex report " + id + ")");
    System.out.flush();
  }

  /** {@code Class#method}, with the display name when it says more (a parameterized test). */
  static String title(ExtensionContext context) {
    java.lang.reflect.Method method = context.getRequiredTestMethod();
    String title = context.getRequiredTestClass().getSimpleName() + "#" + method.getName();
    String plain =
        method.getName()
            + java.util.Arrays.stream(method.getParameterTypes())
                .map(Class::getSimpleName)
                .collect(java.util.stream.Collectors.joining(", ", "(", ")"));
    String shown = context.getDisplayName();
    return shown.equals(plain) ? title : title + " " + shown;
  }

  private static String messageOf(Throwable t) {
    String message = t.getMessage();
    return message == null || message.isBlank() ? t.getClass().getName() : message;
  }

  /** The timeline of this test run for {@code file}, opened on first use, closed at the end. */
  private static Timeline timeline(ExtensionContext context, String location, Settings settings) {
    String key =
        Timelines.isServer(location)
            ? location
            : Path.of(location).toAbsolutePath().normalize().toString();
    return context
        .getRoot()
        .getStore(NAMESPACE)
        .getOrComputeIfAbsent(
            "timeline:" + key,
            k -> new OpenTimeline(location, settings.screenshotRetention()),
            OpenTimeline.class)
        .timeline();
  }

  /** A timeline the root store closes when the test run ends. */
  private record OpenTimeline(Timeline timeline) implements AutoCloseable {
    OpenTimeline(String location, int retention) {
      this(
          Timelines.open(location, TimelineOptions.DEFAULTS.withKeepScreenshotsOfTasks(retention)));
    }

    @Override
    public void close() {
      timeline.close();
    }
  }

  private record Running(Agent agent, Session session, ApexSession apex) {}
}
