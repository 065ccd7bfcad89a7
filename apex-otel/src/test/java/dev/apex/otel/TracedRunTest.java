package dev.apex.otel;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.core.Secrets;
import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.device.sim.SimDevice;
import dev.apex.llm.SemanticConfig;
import dev.apex.perception.OcrEngine;
import dev.apex.runtime.TaskListener;
import dev.apex.runtime.agent.Agent;
import dev.apex.runtime.agent.AgentOutcome;
import dev.apex.runtime.safety.SafetyPolicy;
import dev.apex.testkit.RecordingSleeper;
import dev.apex.testkit.llm.FakeMessagesApi;
import dev.apex.testkit.llm.FakeReply;
import dev.apex.testkit.otlp.OtlpReceiver;
import dev.apex.testkit.otlp.OtlpReceiver.Received;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A goal run on the sim, planned by Claude (the real SDK against a fake Messages API on loopback),
 * traced to a loopback OTLP/HTTP receiver: the task, its steps, the model calls and the device
 * commands arrive as spans, linked parent to child, with counts and never a screen's or a typed
 * text.
 */
class TracedRunTest {

  private static final String SETTINGS = "com.android.settings";
  private static final String TYPED = "canary-typed-31415";
  private static final String GOAL = "turn Wi-Fi on and type the canary";

  private FakeMessagesApi claude;
  private OtlpReceiver receiver;
  private final List<String> notices = new CopyOnWriteArrayList<>();
  private final List<Scene> scenes = new CopyOnWriteArrayList<>();

  @BeforeEach
  void start() throws Exception {
    claude = FakeMessagesApi.start();
    receiver = OtlpReceiver.start();
  }

  @AfterEach
  void stop() {
    claude.close();
    receiver.close();
  }

  private Map<String, String> env() {
    return receiver.env();
  }

  private static FakeReply call(String tool, Map<String, ?> input) {
    return FakeReply.toolUse("toolu_" + tool + input.hashCode(), tool, input);
  }

  private void scriptGoal() {
    claude.enqueue(
        call("launch_app", Map.of("app_id", SETTINGS)),
        call("tap", Map.of("text", "Wi-Fi")),
        call("type_text", Map.of("text", TYPED)),
        call("done", Map.of("summary", "Wi-Fi is on.")));
  }

  /** Runs the scripted goal on a traced sim and closes the tracer (which flushes). */
  private AgentOutcome runGoal(RunTracer tracer, boolean payloads) {
    TaskListener sceneKeeper =
        new TaskListener() {
          @Override
          public void sceneObserved(TaskId taskId, int stepsSoFar, Scene scene) {
            scenes.add(scene);
          }
        };
    try (tracer;
        Agent agent =
            Agent.builder()
                .device(tracer.device(SimDevice.create()))
                .model(
                    SemanticConfig.defaults()
                        .withApiKey("sk-test-key")
                        .withBaseUrl(claude.baseUrl()))
                .safety(SafetyPolicy.defaults().withAllowedApps(Set.of(SETTINGS)))
                .ocr(OcrEngine.NONE)
                .sleeper(new RecordingSleeper())
                .listener(tracer.listener(payloads))
                .listener(sceneKeeper)
                .noTimeline()
                .build()) {
      return agent.runGoal(GOAL);
    }
  }

  private static List<Received> named(List<Received> spans, String prefix) {
    return spans.stream().filter(s -> s.name().startsWith(prefix)).collect(Collectors.toList());
  }

  @Test
  void aGoalRunArrivesAsTaskStepModelAndDeviceSpansLinkedParentToChild() {
    scriptGoal();

    AgentOutcome outcome = runGoal(RunTracer.fromEnvironment(env(), notices::add), false);

    assertThat(outcome.status()).isEqualTo(TaskStatus.SUCCEEDED);
    assertThat(notices).isEmpty();
    List<Received> spans = receiver.spans();
    assertThat(receiver.contentTypes()).allMatch(t -> t.startsWith("application/x-protobuf"));

    List<Received> tasks = named(spans, Names.TASK);
    assertThat(tasks).hasSize(1);
    Received task = tasks.get(0);
    assertThat(task.parentSpanId()).isEmpty();
    assertThat(task.attr("apex.task.status")).isEqualTo("SUCCEEDED");
    assertThat(task.attr("apex.task.id")).isEqualTo(outcome.taskId().toString());
    assertThat(task.attr("apex.device.id")).isEqualTo("sim");
    assertThat(task.attr("apex.task.goal_chars")).isEqualTo(String.valueOf(GOAL.length()));
    assertThat(task.resource()).containsEntry("service.name", "apex");
    assertThat(spans).allMatch(s -> s.traceId().equals(task.traceId()));

    List<Received> steps = named(spans, Names.STEP);
    assertThat(steps)
        .extracting(s -> s.attr("apex.step.tool"))
        .containsExactlyInAnyOrder("launch_app", "tap", "type_text");
    assertThat(steps).allMatch(s -> s.parentSpanId().equals(task.spanId()));
    Received launch = bySpanAttr(steps, "apex.step.tool", "launch_app");
    assertThat(launch.attr("apex.step.index")).isEqualTo("1");
    assertThat(launch.attr("apex.step.outcome")).isEqualTo("succeeded");
    assertThat(launch.attr("apex.step.attempts")).isEqualTo("1");
    assertThat(launch.attr("apex.scene.elements")).isNotNull();
    List<Received> finish = named(spans, Names.FINISH);
    assertThat(finish).hasSize(1);
    assertThat(finish.get(0).parentSpanId()).isEqualTo(task.spanId());

    Set<String> stepIds = new java.util.HashSet<>();
    steps.forEach(s -> stepIds.add(s.spanId()));
    stepIds.add(finish.get(0).spanId());

    List<Received> models = named(spans, "chat ");
    assertThat(models).hasSize(4);
    assertThat(models).allMatch(m -> stepIds.contains(m.parentSpanId()));
    Received model = models.get(0);
    assertThat(model.kind())
        .isEqualTo(io.opentelemetry.proto.trace.v1.Span.SpanKind.SPAN_KIND_CLIENT_VALUE);
    assertThat(model.attributes())
        .containsEntry("gen_ai.operation.name", "chat")
        .containsEntry("gen_ai.provider.name", "anthropic")
        .containsEntry("gen_ai.system", "anthropic")
        .containsEntry("gen_ai.usage.input_tokens", "100")
        .containsEntry("gen_ai.usage.output_tokens", "20")
        .containsEntry("apex.model.attempts", "1")
        .containsEntry("server.address", "127.0.0.1")
        .containsKey("gen_ai.request.max_tokens")
        .containsKey("apex.model.prompt_chars");
    assertThat(model.name()).isEqualTo("chat " + model.attr("gen_ai.request.model"));
    assertThat(model.attr("gen_ai.request.model")).isNotBlank();

    List<Received> device = named(spans, Names.DEVICE + ".");
    assertThat(device).allMatch(d -> stepIds.contains(d.parentSpanId()));
    assertThat(device)
        .extracting(d -> d.attr("apex.device.command"))
        .contains("launch_app", "tap", "type_text");
    assertThat(device).anyMatch(d -> d.name().startsWith("apex.device.capture"));
    Received typed = bySpanAttr(device, "apex.device.command", "type_text");
    assertThat(typed.attr("apex.device.text_chars")).isEqualTo(String.valueOf(TYPED.length()));
    assertThat(typed.parentSpanId())
        .isEqualTo(bySpanAttr(steps, "apex.step.tool", "type_text").spanId());
    Received capture =
        device.stream().filter(d -> d.name().startsWith("apex.device.capture")).findFirst().get();
    assertThat(Long.parseLong(capture.attr("apex.device.tree_bytes"))).isPositive();

    assertNoScreenOrTypedText(spans);
  }

  @Test
  void payloadsAreOnlyThereWhenAskedForAndRedactedFirst() {
    String secret = "sk-otel-secret-0123456789";
    Secrets.register(secret);
    claude.enqueue(
        call("launch_app", Map.of("app_id", SETTINGS)), call("done", Map.of("summary", "done")));

    runGoalWith(GOAL + " " + secret, true);

    Received task = named(receiver.spans(), Names.TASK).get(0);
    assertThat(task.attr("apex.task.goal"))
        .contains(GOAL)
        .contains(Secrets.MASK)
        .doesNotContain(secret);
    Received step = named(receiver.spans(), Names.STEP).get(0);
    assertThat(step.attr("apex.step.arguments")).contains(SETTINGS);
    assertThat(receiver.spans().toString()).doesNotContain(secret);
  }

  private void runGoalWith(String goal, boolean payloads) {
    RunTracer tracer = RunTracer.fromEnvironment(env(), notices::add);
    try (tracer;
        Agent agent =
            Agent.builder()
                .device(tracer.device(SimDevice.create()))
                .model(
                    SemanticConfig.defaults()
                        .withApiKey("sk-test-key")
                        .withBaseUrl(claude.baseUrl()))
                .safety(SafetyPolicy.defaults().withAllowedApps(Set.of(SETTINGS)))
                .ocr(OcrEngine.NONE)
                .sleeper(new RecordingSleeper())
                .listener(tracer.listener(payloads))
                .noTimeline()
                .build()) {
      agent.runGoal(goal);
    }
  }

  @Test
  void tasksStartedWhileASuiteIsOpenAreItsChildrenWhateverTheirThread() throws Exception {
    claude.enqueue(call("done", Map.of("summary", "a")), call("done", Map.of("summary", "b")));
    RunTracer tracer = RunTracer.fromEnvironment(env(), notices::add);
    try (tracer) {
      try (RunTracer.SuiteSpan suite = tracer.suite("flows/smoke")) {
        suite.count("apex.suite.flows", 2).tag("apex.suite.shard", "1/2").failed();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
          Thread t = new Thread(() -> oneTask(tracer));
          threads.add(t);
          t.start();
        }
        for (Thread t : threads) {
          t.join();
        }
      }
    }

    Received suite = named(receiver.spans(), Names.SUITE).get(0);
    assertThat(suite.attributes())
        .containsEntry("apex.suite.name", "flows/smoke")
        .containsEntry("apex.suite.flows", "2")
        .containsEntry("apex.suite.shard", "1/2");
    assertThat(suite.statusCode()).isEqualTo(2);
    List<Received> tasks = named(receiver.spans(), Names.TASK);
    assertThat(tasks).hasSize(2).allMatch(t -> t.parentSpanId().equals(suite.spanId()));
  }

  private void oneTask(RunTracer tracer) {
    try (Agent agent =
        Agent.builder()
            .device(tracer.device(SimDevice.create()))
            .ocr(OcrEngine.NONE)
            .listener(tracer.listener(false))
            .noTimeline()
            .build()) {
      agent.run(
          dev.apex.runtime.flow.Flow.parse(
              "name: t\nsteps:\n  - launch_app: " + SETTINGS + "\n",
              "t.yaml",
              dev.apex.tools.ToolRegistry.defaultRegistry()));
    }
  }

  private static Received bySpanAttr(List<Received> spans, String key, String value) {
    return spans.stream().filter(s -> value.equals(s.attr(key))).findFirst().orElseThrow();
  }

  /** No attribute of any span holds a text the screens showed, the typed text, or the goal. */
  private void assertNoScreenOrTypedText(List<Received> spans) {
    Set<String> screenTexts = new java.util.HashSet<>();
    for (Scene scene : scenes) {
      for (SceneElement e : scene.elements()) {
        if (e.text() != null && e.text().strip().length() >= 4) {
          screenTexts.add(e.text().strip());
        }
      }
    }
    assertThat(screenTexts).as("the sim showed texts to look for").contains("Wi-Fi");
    List<String> values = new ArrayList<>();
    spans.forEach(s -> values.addAll(s.attributes().values()));
    for (String value : values) {
      assertThat(value).doesNotContain(TYPED).doesNotContain(GOAL);
      for (String text : screenTexts) {
        assertThat(value).as("an attribute holds screen text").doesNotContain(text);
      }
    }
  }
}
