package dev.apex.runtime.planner;

import java.time.Duration;
import java.util.Objects;
import java.util.Set;

/**
 * How the {@link ModelPlanner} talks to the model and what it may spend.
 *
 * @param model the model id; default {@value #DEFAULT_MODEL} (the current Sonnet, per the SDK's
 *     {@code Model} constants; not a deprecated one)
 * @param maxOutputTokens the most output tokens per call, thinking included; default 4,096
 * @param callTimeout the wall time one model call may take, its retries and waits included; cut to
 *     what is left of {@link Budget#maxWallTime()}; default 60 s
 * @param effort {@code output_config.effort} ({@code low} … {@code max}), or null to send none;
 *     default {@code low}: one UI step needs little thought, and thinking is billed as output. Set
 *     null for a model that takes no effort parameter
 * @param budget what one task may spend
 * @param onLoop what to do when the model repeats an action on the same screen a third time
 * @param recentSteps how many past steps the model is shown, at least 1; default 8
 * @param maxReasks how many times one plan may ask the model again (after a reply without a tool
 *     call, one cut off at {@code max_tokens}, garbage on the wire, a skipped navigation or a
 *     loop), in [0, 5]; default 2. Each ask counts against the budget
 * @param hiddenTools registry tools not offered to the model; default {@code describe_screen} and
 *     {@code describe_screen_semantic}, since every request already holds the screen (and its
 *     labels, when the observer labels it). The gestures are offered where the task's device makes
 *     them ({@link dev.apex.tools.ToolRegistry#offeredOn})
 */
public record PlannerConfig(
    String model,
    long maxOutputTokens,
    Duration callTimeout,
    String effort,
    Budget budget,
    LoopAction onLoop,
    int recentSteps,
    int maxReasks,
    Set<String> hiddenTools) {

  public static final String DEFAULT_MODEL = "claude-sonnet-5-5";

  /**
   * The output limit with an OpenAI-compatible provider: many local models run with an 8,192-token
   * context, which must hold the prompt and the reply; one tool call without Claude's thinking
   * needs far less than the default 4,096 (the bench's M10 measures the fit).
   */
  public static final long SMALL_CONTEXT_MAX_OUTPUT_TOKENS = 2048;

  public PlannerConfig {
    if (model == null || model.isBlank()) {
      throw new IllegalArgumentException("model must not be blank (e.g. " + DEFAULT_MODEL + ")");
    }
    if (maxOutputTokens < 1) {
      throw new IllegalArgumentException("maxOutputTokens must be >= 1, got " + maxOutputTokens);
    }
    Objects.requireNonNull(callTimeout, "callTimeout");
    if (callTimeout.compareTo(Duration.ofMillis(100)) < 0) {
      throw new IllegalArgumentException("callTimeout must be at least 100 ms, got " + callTimeout);
    }
    Objects.requireNonNull(budget, "budget");
    Objects.requireNonNull(onLoop, "onLoop");
    if (recentSteps < 1) {
      throw new IllegalArgumentException("recentSteps must be >= 1, got " + recentSteps);
    }
    if (maxReasks < 0 || maxReasks > 5) {
      throw new IllegalArgumentException("maxReasks must be in [0, 5], got " + maxReasks);
    }
    hiddenTools = hiddenTools == null ? Set.of() : Set.copyOf(hiddenTools);
  }

  /** The defaults listed on each component. */
  public static PlannerConfig defaults() {
    return new PlannerConfig(
        DEFAULT_MODEL,
        4096,
        Duration.ofSeconds(60),
        "low",
        Budget.DEFAULT,
        LoopAction.REPLAN,
        8,
        2,
        Set.of("describe_screen", "describe_screen_semantic"));
  }

  public PlannerConfig withModel(String value) {
    return new PlannerConfig(
        value,
        maxOutputTokens,
        callTimeout,
        effort,
        budget,
        onLoop,
        recentSteps,
        maxReasks,
        hiddenTools);
  }

  public PlannerConfig withMaxOutputTokens(long value) {
    return new PlannerConfig(
        model, value, callTimeout, effort, budget, onLoop, recentSteps, maxReasks, hiddenTools);
  }

  public PlannerConfig withCallTimeout(Duration value) {
    return new PlannerConfig(
        model, maxOutputTokens, value, effort, budget, onLoop, recentSteps, maxReasks, hiddenTools);
  }

  public PlannerConfig withEffort(String value) {
    return new PlannerConfig(
        model,
        maxOutputTokens,
        callTimeout,
        value,
        budget,
        onLoop,
        recentSteps,
        maxReasks,
        hiddenTools);
  }

  public PlannerConfig withBudget(Budget value) {
    return new PlannerConfig(
        model,
        maxOutputTokens,
        callTimeout,
        effort,
        value,
        onLoop,
        recentSteps,
        maxReasks,
        hiddenTools);
  }

  public PlannerConfig withOnLoop(LoopAction value) {
    return new PlannerConfig(
        model,
        maxOutputTokens,
        callTimeout,
        effort,
        budget,
        value,
        recentSteps,
        maxReasks,
        hiddenTools);
  }

  public PlannerConfig withRecentSteps(int value) {
    return new PlannerConfig(
        model, maxOutputTokens, callTimeout, effort, budget, onLoop, value, maxReasks, hiddenTools);
  }

  public PlannerConfig withMaxReasks(int value) {
    return new PlannerConfig(
        model,
        maxOutputTokens,
        callTimeout,
        effort,
        budget,
        onLoop,
        recentSteps,
        value,
        hiddenTools);
  }

  public PlannerConfig withHiddenTools(Set<String> value) {
    return new PlannerConfig(
        model, maxOutputTokens, callTimeout, effort, budget, onLoop, recentSteps, maxReasks, value);
  }
}
