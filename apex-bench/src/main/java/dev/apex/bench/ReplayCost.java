package dev.apex.bench;

import dev.apex.core.ElementFlag;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.core.TaskStatus;
import dev.apex.device.sim.SimApps;
import dev.apex.llm.SemanticConfig;
import dev.apex.perception.OcrEngine;
import dev.apex.runtime.agent.Agent;
import dev.apex.runtime.agent.AgentBuilder;
import dev.apex.runtime.agent.AgentOutcome;
import dev.apex.runtime.agent.AgentRun;
import dev.apex.runtime.agent.FlowRecording;
import dev.apex.runtime.agent.ReplayReport;
import dev.apex.runtime.flow.Flow;
import dev.apex.runtime.observe.LabelCacheMode;
import dev.apex.runtime.safety.Confirmer;
import dev.apex.runtime.safety.SafetyPolicy;
import dev.apex.world.ScreenSignature;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * M7: what record, replay and heal cost in model calls, on the simulated phone, with apex's real
 * model clients (the labeller and the Claude planner) against {@link ScriptedMessagesApi} on
 * loopback. A 20-step goal that revisits Settings' pages runs with labels on, and is recorded; the
 * recording replays with no key at all; then it replays with {@code heal} on each of the sim's
 * drift variants ({@link SimApps#DRIFTS}), the planner scripted to act on what the screen shows,
 * and each healed flow replays on its variant with no key. Counts, not timings.
 */
final class ReplayCost {

  static final String GOAL = "Visit each Settings page twice and leave Wi-Fi off";

  private static final String SETTINGS = "com.android.settings";
  private static final String SWITCH = "com.android.settings:id/wifi_switch";

  private ReplayCost() {}

  private static ScriptedMessagesApi.ToolCall call(String name, Map<String, Object> input) {
    return new ScriptedMessagesApi.ToolCall(name, input);
  }

  private static ScriptedMessagesApi.ToolCall tap(String text) {
    return call("tap", Map.of("text", text));
  }

  private static ScriptedMessagesApi.ToolCall back() {
    return call("press_key", Map.of("key", "back"));
  }

  /** The planner's twenty steps: every page of Settings twice, the Wi-Fi switch on, then off. */
  static List<ScriptedMessagesApi.ToolCall> script() {
    List<ScriptedMessagesApi.ToolCall> steps = new ArrayList<>();
    steps.add(call("launch_app", Map.of("app_id", SETTINGS)));
    for (String page : List.of("Bluetooth", "Display", "About")) {
      steps.add(tap(page));
      steps.add(back());
    }
    steps.add(tap("Wi-Fi"));
    steps.add(call("tap", Map.of("element", SWITCH)));
    steps.add(back());
    for (String page : List.of("Bluetooth", "Display", "About")) {
      steps.add(tap(page));
      steps.add(back());
    }
    steps.add(tap("Wi-Fi"));
    steps.add(call("assert_visible", Map.of("id", SWITCH, "checked", true)));
    steps.add(call("tap", Map.of("element", SWITCH)));
    steps.add(call("assert_visible", Map.of("id", SWITCH, "checked", false)));
    return List.copyOf(steps);
  }

  /** Heals as a model would from the screen it is shown: the renamed row, the pop-up's button. */
  static final ScriptedMessagesApi.Responder HEALER =
      (plans, body) -> {
        if (!plans) {
          return ScriptedMessagesApi.LABELS.answer(false, body);
        }
        if (body.contains("WLAN")) {
          return tap("WLAN");
        }
        if (body.contains("Not now")) {
          return tap("Not now");
        }
        return call("done", Map.of("summary", "Nothing on this screen to do."));
      };

  static ReplayCostResult measure(PrintWriter progress) {
    try (ScriptedMessagesApi api =
        ScriptedMessagesApi.start(
            ScriptedMessagesApi.planner(script(), ScriptedMessagesApi.LABELS))) {
      SemanticConfig model =
          SemanticConfig.defaults().withApiKey("bench-loopback-key").withBaseUrl(api.baseUrl());

      // 0. The goal with the label cache off: one labelling call per observation.
      AgentOutcome uncached;
      try (Agent agent = agent(model).labels(true).labelCache(LabelCacheMode.OFF).build()) {
        uncached = agent.run(AgentRun.goal(GOAL));
      }
      if (uncached.status() != TaskStatus.SUCCEEDED) {
        throw new IllegalStateException(
            "M7's goal run without a cache ended " + uncached.status() + ": " + uncached.reason());
      }
      int uncachedCalls = api.labellingCalls();
      long uncachedTokens = uncached.labels().totalTokens();

      // 1. The goal, planned by Claude, labels on with the default cache (within the task).
      api.respondWith(ScriptedMessagesApi.planner(script(), ScriptedMessagesApi.LABELS));
      int labelsBefore = api.labellingCalls();
      int plansBefore = api.planningCalls();
      FlowRecording recording = new FlowRecording();
      AgentOutcome goal;
      try (Agent agent = agent(model).labels(true).build()) {
        goal = agent.run(AgentRun.goal(GOAL).withListener(recording));
      }
      if (goal.status() != TaskStatus.SUCCEEDED) {
        throw new IllegalStateException(
            "M7's goal run ended " + goal.status() + ": " + goal.reason());
      }
      int distinct = distinctScreens(goal);
      ReplayCostResult.GoalRun run =
          new ReplayCostResult.GoalRun(
              goal.steps(),
              goal.context().scenes().size(),
              distinct,
              api.labellingCalls() - labelsBefore,
              api.planningCalls() - plansBefore,
              goal.labels().totalTokens(),
              uncachedCalls,
              uncachedTokens,
              goal.labelSavings().calls(),
              goal.labelSavings().tokens());
      String yaml = recording.toFlow(goal);
      say(
          progress,
          "  goal: "
              + run.steps()
              + " steps, "
              + run.distinctScreens()
              + " distinct screens, "
              + run.labellingCalls()
              + " labelling calls ("
              + run.uncachedLabellingCalls()
              + " without the cache), "
              + run.planningCalls()
              + " planning calls");

      // 2. Its replay, with no key at all.
      int before = api.calls();
      AgentOutcome replayed;
      try (Agent agent = agent(SemanticConfig.defaults()).build()) {
        replayed = agent.run(AgentRun.flow(Flow.parse(yaml, "m7-recorded.yaml", agent.tools())));
      }
      ReplayCostResult.Replay replay =
          new ReplayCostResult.Replay(
              replayed.status(),
              replayed.steps(),
              api.calls() - before,
              endState(replayed).equals(endState(goal)),
              endState(goal));
      say(progress, "  replay: " + replayed.status() + ", " + replay.modelCalls() + " model calls");

      // 3. Each drift, healed by the planner, and the healed flow replayed with no key.
      api.respondWith(HEALER);
      List<ReplayCostResult.Drift> drifts = new ArrayList<>();
      for (String drift : SimApps.DRIFTS) {
        int planning = api.planningCalls();
        int all = api.calls();
        AgentOutcome healed;
        try (Agent agent = agent(model, "sim:" + drift).build()) {
          healed =
              agent.run(
                  AgentRun.flow(Flow.parse(yaml, "m7-recorded.yaml", agent.tools())).withHeal(2));
        }
        ReplayReport report = healed.replay();
        int healCalls = api.planningCalls() - planning;
        int modelCalls = api.calls() - all;
        int maxPerStep = maxPlansPerHealedStep(report);
        TaskStatus again = null;
        int againCalls = 0;
        if (report.healedFlow().isPresent()) {
          int calls = api.calls();
          try (Agent agent = agent(SemanticConfig.defaults(), "sim:" + drift).build()) {
            again =
                agent
                    .run(
                        AgentRun.flow(
                            Flow.parse(report.healedFlow().get(), "m7-healed.yaml", agent.tools())))
                    .status();
          }
          againCalls = api.calls() - calls;
        }
        drifts.add(
            new ReplayCostResult.Drift(
                drift,
                healed.status(),
                report.healedSteps(),
                report.screenDrifts(),
                healCalls,
                modelCalls,
                maxPerStep,
                again,
                againCalls));
        say(
            progress,
            "  "
                + drift
                + ": "
                + healed.status()
                + " ("
                + healed.reason()
                + "), "
                + report.healedSteps()
                + " step(s) healed with "
                + healCalls
                + " planner call(s), "
                + report.screenDrifts()
                + " screen drift(s); healed flow replays "
                + (again == null ? "(none written)" : again + " with " + againCalls + " calls"));
      }
      return new ReplayCostResult(run, replay, drifts);
    }
  }

  private static AgentBuilder agent(SemanticConfig model) {
    return agent(model, "sim");
  }

  private static AgentBuilder agent(SemanticConfig model, String device) {
    return Agent.builder()
        .device(device)
        .ocr(OcrEngine.NONE)
        .model(model)
        .maxSteps(40)
        .noTimeline()
        .safety(SafetyPolicy.defaults().withAllowedApps(Set.of(SETTINGS)))
        .confirmer(Confirmer.DENY);
  }

  /** The screens the run saw, by signature. */
  private static int distinctScreens(AgentOutcome outcome) {
    Set<String> seen = new HashSet<>();
    for (Scene scene : outcome.context().scenes()) {
      seen.add(ScreenSignature.of(scene));
    }
    return seen.size();
  }

  /** The last screen's signature and the Wi-Fi switch's state on it. */
  private static String endState(AgentOutcome outcome) {
    Scene last = outcome.context().latestScene();
    String wifi = "no Wi-Fi switch";
    for (SceneElement e : last.elements()) {
      if (SWITCH.equals(e.resourceId())) {
        wifi = "Wi-Fi " + (e.has(ElementFlag.CHECKED) ? "on" : "off");
      }
    }
    return "screen " + ScreenSignature.of(last) + ", " + wifi;
  }

  /** The most planner calls one drifted step took. */
  private static int maxPlansPerHealedStep(ReplayReport report) {
    return report.healPlans().values().stream().mapToInt(Integer::intValue).max().orElse(0);
  }

  private static void say(PrintWriter progress, String line) {
    progress.println(line);
    progress.flush();
  }
}
