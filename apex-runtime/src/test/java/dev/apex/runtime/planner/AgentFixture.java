package dev.apex.runtime.planner;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.anthropic.AnthropicToolUseClient;
import dev.apex.device.sim.SimApps;
import dev.apex.device.sim.SimDevice;
import dev.apex.llm.SemanticConfig;
import dev.apex.runtime.Cancellation;
import dev.apex.runtime.Observation;
import dev.apex.runtime.Observer;
import dev.apex.runtime.RunAssembly;
import dev.apex.runtime.RunParts;
import dev.apex.runtime.TaskOutcome;
import dev.apex.runtime.TaskRunner;
import dev.apex.runtime.safety.Confirmer;
import dev.apex.runtime.safety.SafetyPolicy;
import dev.apex.runtime.safety.SensitiveAction;
import dev.apex.testkit.FakeClock;
import dev.apex.testkit.RecordingSleeper;
import dev.apex.testkit.llm.FakeMessagesApi;
import dev.apex.testkit.llm.RecordedRequest;
import dev.apex.tools.ToolRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * The simulated phone, the real SDK client against {@link FakeMessagesApi} on loopback, a fake
 * clock that only the sleeper moves, and a listener recording the timeline.
 */
final class AgentFixture implements AutoCloseable {

  static final String SETTINGS = "com.android.settings";
  static final String MESSAGES = "com.apex.sim.messages";

  final FakeMessagesApi api = FakeMessagesApi.start();
  final FakeClock clock = new FakeClock();
  final RecordingSleeper sleeper = new RecordingSleeper(clock);
  final CountingDevice device;
  final RecordingSteps steps = new RecordingSteps();
  final List<SensitiveAction> asked = new ArrayList<>();
  ModelAgent agent;

  AgentFixture() {
    this(SimApps.defaults());
  }

  AgentFixture(SimApps apps) {
    device = new CountingDevice(SimDevice.create(apps, clock));
  }

  /** The sim's Settings allowed to launch; everything else asks. */
  static SafetyPolicy settingsAllowed() {
    return SafetyPolicy.defaults().withAllowedApps(Set.of(SETTINGS));
  }

  SemanticConfig connection() {
    return SemanticConfig.defaults().withApiKey("test").withBaseUrl(api.baseUrl());
  }

  ModelAgent agent(PlannerConfig config, SafetyPolicy policy, Confirmer confirmer) {
    Confirmer recording =
        action -> {
          asked.add(action);
          return confirmer.confirm(action);
        };
    agent =
        ModelAgent.create(
            AnthropicToolUseClient.create(connection(), clock, sleeper),
            config,
            policy,
            recording,
            ToolRegistry.defaultRegistry(),
            clock,
            sleeper,
            new Random(7));
    return agent;
  }

  TaskOutcome run(String goal, PlannerConfig config, SafetyPolicy policy, Confirmer confirmer) {
    ModelAgent a = agent(config, policy, confirmer);
    return runner(a, a.parts(observer()).withListener(steps)).run(goal);
  }

  /** Observes this fixture's device. */
  Observer observer() {
    return () -> Observation.of(SimScenes.capture(device));
  }

  /** The runner for {@code parts} on this fixture's device, with the agent's tools and policy. */
  TaskRunner runner(ModelAgent a, RunParts parts) {
    return RunAssembly.of(device, a.registry(), a.policy(), clock, sleeper)
        .runner(parts, new Cancellation());
  }

  TaskOutcome run(String goal) {
    return run(goal, PlannerConfig.defaults(), settingsAllowed(), Confirmer.DENY);
  }

  List<RecordedRequest> requests() {
    return api.requests();
  }

  /** The user message of request {@code i}. */
  String user(int i) {
    return userOf(requests().get(i).json());
  }

  static String userOf(JsonNode request) {
    JsonNode content = request.path("messages").get(0).path("content");
    if (content.isTextual()) {
      return content.asText();
    }
    StringBuilder out = new StringBuilder();
    content.forEach(block -> out.append(block.path("text").asText()));
    return out.toString();
  }

  /** The nonce named on the message's first line. */
  static String nonce(String user) {
    String marker = Untrusted.TAG + "-";
    int at = user.indexOf(marker);
    return user.substring(at + marker.length(), at + marker.length() + 16);
  }

  /** The message with every data block of its nonce cut out: what the model reads as trusted. */
  static String outsideBlocks(String user) {
    String nonce = nonce(user);
    String open = "<" + Untrusted.TAG + "-" + nonce;
    String close = "</" + Untrusted.TAG + "-" + nonce + ">";
    StringBuilder out = new StringBuilder();
    int from = 0;
    while (true) {
      int start = user.indexOf(open, from);
      if (start < 0) {
        out.append(user.substring(from));
        return out.toString();
      }
      out.append(user, from, start);
      int end = user.indexOf(close, start);
      if (end < 0) {
        throw new AssertionError("a block is not closed: " + user.substring(start));
      }
      from = end + close.length();
    }
  }

  /** The content of the block of {@code kind}, or null. */
  static String block(String user, String kind) {
    String nonce = nonce(user);
    String open = "<" + Untrusted.TAG + "-" + nonce + " kind=\"" + kind + "\">";
    String close = "</" + Untrusted.TAG + "-" + nonce + ">";
    int start = user.indexOf(open);
    if (start < 0) {
      return null;
    }
    int end = user.indexOf(close, start);
    return user.substring(start + open.length(), end);
  }

  @Override
  public void close() {
    if (agent != null) {
      agent.close();
    }
    api.close();
    device.close();
  }
}
