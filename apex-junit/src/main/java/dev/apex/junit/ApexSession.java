package dev.apex.junit;

import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.core.StepResult;
import dev.apex.core.TaskId;
import dev.apex.runtime.agent.Agent;
import dev.apex.runtime.agent.AgentOutcome;
import dev.apex.runtime.agent.Session;
import dev.apex.runtime.flow.Flow;
import dev.apex.runtime.flow.FlowVariables;
import dev.apex.runtime.safety.Confirmer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a test does on its device. Each action is one step of the test's task, recorded in the
 * timeline with the screen it ran on; an action that fails throws {@link ApexAssertionError} with
 * the compact Scene at that moment and the task id. Given to a test method by {@link ApexTest};
 * valid for that test only, on its thread.
 */
public final class ApexSession {

  private final Agent agent;
  private final Session session;
  private final String goalRefusal;
  private final FlowVariables vars;

  /**
   * @param goalRefusal the line that refuses {@link #act} before any task starts (an
   *     OpenAI-compatible provider with no planning model named), or null
   * @param vars the variables of the {@code apex.vars} file, for every flow this session runs
   */
  ApexSession(Agent agent, Session session, String goalRefusal, FlowVariables vars) {
    this.agent = agent;
    this.session = session;
    this.goalRefusal = goalRefusal;
    this.vars = Objects.requireNonNull(vars, "vars");
  }

  /** The test's task in the timeline. */
  public TaskId taskId() {
    return session.taskId();
  }

  /** The screen now: captured and perceived, not recorded as a step. */
  public Scene scene() {
    return session.scene();
  }

  /** Runs one step as a flow would and returns its result, failed or not. */
  public StepResult step(PlannedStep step) {
    return session.step(Objects.requireNonNull(step, "step"));
  }

  /**
   * Runs a flow file that names no variables beyond {@code apex.vars}'s; see {@link #runFlow(Path,
   * Map)}.
   */
  public ApexSession runFlow(String file) {
    return runFlow(Path.of(file));
  }

  /**
   * Runs a flow file that names no variables beyond {@code apex.vars}'s; see {@link #runFlow(Path,
   * Map)}.
   */
  public ApexSession runFlow(Path file) {
    return runFlow(file, Map.of());
  }

  /**
   * Runs every step of a flow file, in order; fails at the first step that fails. Its {@code
   * ${NAME}}s are filled from {@code vars} over the {@code apex.vars} file's, and from nothing else
   * (never the environment: pass {@code System.getenv("NAME")} yourself for one you trust the flow
   * with); each value filled is a secret, kept out of the timeline and messages.
   *
   * @throws dev.apex.core.InvalidInputException before any step runs, naming each variable the flow
   *     uses that neither names
   */
  public ApexSession runFlow(Path file, Map<String, String> vars) {
    Flow flow =
        Flow.load(file, agent.tools())
            .withVariables(this.vars.plus(FlowVariables.of(vars)), ApexSession::howToName);
    for (PlannedStep step : flow.steps()) {
      require(step);
    }
    return this;
  }

  /** Launches an app by its id (Android package, iOS bundle id on a device that takes it). */
  public ApexSession launch(String appId) {
    require(PlannedStep.of("launch_app", Map.of("app_id", appId)));
    return this;
  }

  /** Taps the element showing {@code text}, waiting for it to appear and hold still. */
  public ApexSession tap(String text) {
    require(PlannedStep.of("tap", Map.of("text", text)));
    return this;
  }

  /** Taps the element with this id or resource id. */
  public ApexSession tapId(String id) {
    require(PlannedStep.of("tap", Map.of("element", id)));
    return this;
  }

  /** Types {@code text} into the focused field. */
  public ApexSession type(String text) {
    require(PlannedStep.of("type_text", Map.of("text", text)));
    return this;
  }

  /** Types {@code text}, recorded masked: for a password. */
  public ApexSession typeSecret(String text) {
    require(PlannedStep.of("type_text", Map.of("text", text, "secret", true)));
    return this;
  }

  /** Presses a key: {@code back}, {@code home}, {@code enter}, … */
  public ApexSession press(String key) {
    require(PlannedStep.of("press_key", Map.of("key", key)));
    return this;
  }

  /** Swipes across the screen: {@code up}, {@code down}, {@code left} or {@code right}. */
  public ApexSession swipe(String direction) {
    require(PlannedStep.of("swipe", Map.of("direction", direction)));
    return this;
  }

  /** Asserts an element showing {@code text} is on screen within 5 s; returns it. */
  public SceneElement assertVisible(String text) {
    return visible(Map.of("text", text), null);
  }

  /** Asserts an element showing {@code text} is on screen within {@code wait}; returns it. */
  public SceneElement assertVisible(String text, Duration wait) {
    return visible(Map.of("text", text), wait);
  }

  /** Asserts the element with this id is on screen within {@code wait}; returns it. */
  public SceneElement assertVisibleId(String id, Duration wait) {
    return visible(Map.of("id", id), wait);
  }

  /**
   * Hands {@code goal} to the configured model and fails unless it is reached. The goal runs as a
   * task of its own in the timeline (the model's planner, budgets and safety policy, as {@code apex
   * run --goal}), on this test's device.
   *
   * @throws dev.apex.core.InvalidInputException naming how to configure a model when none is, or
   *     naming the missing planning model of an OpenAI-compatible provider: the test fails, it is
   *     never skipped
   */
  public AgentOutcome act(String goal) {
    if (goalRefusal != null) {
      throw new dev.apex.core.InvalidInputException(goalRefusal);
    }
    // Nobody is there to confirm what the model wants: its sensitive actions are refused unless
    // the config's allow-lists allow them.
    AgentOutcome outcome =
        agent.run(dev.apex.runtime.agent.AgentRun.goal(goal).withConfirmer(Confirmer.DENY));
    if (!outcome.succeeded()) {
      throw new ApexAssertionError(
          "act(\""
              + goal
              + "\") ended "
              + outcome.status()
              + ": "
              + outcome.reason()
              + " (its own task: "
              + outcome.taskId()
              + ")",
          FailureContext.of(session),
          null);
    }
    return outcome;
  }

  /** The agent behind this session, for what the session does not offer. */
  public Agent agent() {
    return agent;
  }

  private static String howToName(List<String> names) {
    return "pass them to runFlow(file, Map.of(\""
        + names.get(0)
        + "\", value, …)) or in a file of NAME=VALUE lines named by apex.vars / APEX_VARS";
  }

  private SceneElement visible(Map<String, Object> query, Duration wait) {
    Map<String, Object> args = new LinkedHashMap<>(query);
    if (wait != null) {
      args.put("timeout_ms", Math.toIntExact(wait.toMillis()));
    }
    StepResult result = require(PlannedStep.of("assert_visible", args));
    return result.output() instanceof SceneElement element ? element : null;
  }

  private StepResult require(PlannedStep step) {
    StepResult result = session.step(step);
    if (!result.success()) {
      throw new ApexAssertionError(
          result.step().describe() + " failed: " + result.error(),
          FailureContext.of(session),
          null);
    }
    return result;
  }
}
