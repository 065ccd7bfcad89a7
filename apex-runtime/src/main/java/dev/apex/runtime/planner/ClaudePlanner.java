package dev.apex.runtime.planner;

import dev.apex.core.Json;
import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.core.TaskStatus;
import dev.apex.core.Text;
import dev.apex.llm.LlmResult;
import dev.apex.llm.SemanticScene;
import dev.apex.llm.ToolCall;
import dev.apex.llm.ToolUseClient;
import dev.apex.llm.ToolUseRequest;
import dev.apex.runtime.Planner;
import dev.apex.runtime.StopTaskException;
import dev.apex.runtime.TaskContext;
import dev.apex.runtime.TaskRunner;
import dev.apex.tools.ToolRegistry;
import dev.apex.world.ScreenSignature;
import dev.apex.world.WorldState;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Plans by asking Claude, one step per plan: goals, not scripts. Each plan sends the goal, the
 * screen listing, the semantic scene when the observation has one, the world state and the recent
 * steps with what they did, and takes the one tool the model calls: a registry tool becomes the
 * step; {@code done(summary)} ends the task as reached (no steps); {@code give_up(reason)} ends it
 * as failed.
 *
 * <p>Between the model and the step:
 *
 * <ul>
 *   <li>Effect: the scene after each step is compared with the one before it ({@link
 *       ScreenChange}); the model is told plainly when a step had no visible effect, or was refused
 *       by the safety policy.
 *   <li>Navigation: a {@code launch_app} or element {@code tap} that led somewhere before, asked
 *       for while the screen already is there (same screen signature or semantic page), is not run;
 *       the model is told and asked again ({@link NavigationMemory}).
 *   <li>Loops: the same action on the same screen signature a third time is not run; per {@link
 *       PlannerConfig#onLoop()} the task stops, or the model is told once and asked again.
 *   <li>Budgets ({@link Budget}): steps before planning, then calls, tokens, estimated cost and
 *       wall time before every model call. A budget that runs out ends the task with {@link
 *       TaskStatus#BUDGET_EXCEEDED} (steps: {@link TaskStatus#MAX_STEPS}) and a reason naming it.
 *   <li>Model failures: the client retries transport failures (timeouts, refused or reset
 *       connections, 429, 5xx, 529) within the call's budget; a reply without a tool call, one cut
 *       off at {@code max_tokens}, or garbage is asked again up to {@link
 *       PlannerConfig#maxReasks()} times; anything else (400, 401, refusal, a timeout that spent
 *       the call) fails the task with the reason's code. Steps already run are kept; none is lost.
 * </ul>
 *
 * <p>Usage: every plan that returns a step records its calls' tokens and estimated cost as the
 * step's {@value #LLM_USAGE} annotation ({@link LlmTotals}); {@link #totals()} has the task's sum,
 * including calls that produced no step ({@code done}, failures). One task at a time, on the
 * runner's thread; {@link #totals()}, {@link #summary()} and {@link #currentSemanticScene()} may be
 * read from any thread. A new task (a new task id in the context) starts fresh.
 */
public final class ClaudePlanner implements Planner, AutoCloseable {

  /** The step annotation holding a plan's {@link LlmTotals}. */
  public static final String LLM_USAGE = "llm_usage";

  private static final Logger log = LoggerFactory.getLogger(ClaudePlanner.class);

  private final ToolUseClient client;
  private final PlannerConfig config;
  private final ToolCatalog catalog;
  private final ModelPricing pricing;
  private final Clock clock;
  private final Random random;
  private final BudgetGuard budgetGuard;

  private TaskSession session;
  private Map<String, Object> annotations = Map.of();
  private volatile LlmTotals totals;
  private volatile String summary;
  private volatile SemanticScene currentSemanticScene;

  /**
   * @param client the model connection; closed by {@link #close()}
   * @param registry the tools steps may name (the one the runner executes with)
   * @param clock the clock for wall-time budgets
   * @param random the source of each request's delimiter nonce; use a {@link
   *     java.security.SecureRandom} outside tests
   * @throws IllegalArgumentException when the registry's tools break the strict-tool limits
   */
  public ClaudePlanner(
      ToolUseClient client,
      ToolRegistry registry,
      PlannerConfig config,
      Clock clock,
      Random random) {
    this.client = Objects.requireNonNull(client, "client");
    this.config = Objects.requireNonNull(config, "config");
    this.catalog =
        ToolCatalog.of(Objects.requireNonNull(registry, "registry"), config.hiddenTools());
    this.clock = Objects.requireNonNull(clock, "clock");
    this.random = Objects.requireNonNull(random, "random");
    this.budgetGuard = new BudgetGuard(config.budget(), clock);
    this.pricing = Pricing.orMostExpensive(config.model());
    this.totals = LlmTotals.none(config.model());
    if (Pricing.of(config.model()).isEmpty()) {
      log.warn(
          "no price on file for model {}: costs are estimated at the most expensive listed rate",
          config.model());
    }
    int prefix = estimatedPrefixTokens();
    if (prefix < pricing.minCacheableTokens()) {
      log.info(
          "the static prompt (about {} tokens) is below {}'s minimum cacheable prefix ({}): it"
              + " will not be cached",
          prefix,
          config.model(),
          pricing.minCacheableTokens());
    }
  }

  public PlannerConfig config() {
    return config;
  }

  @Override
  public List<PlannedStep> plan(String goal, Scene scene, TaskContext context) {
    return plan(goal, scene, context, context.world());
  }

  @Override
  public List<PlannedStep> plan(String goal, Scene scene, TaskContext context, WorldState world) {
    Objects.requireNonNull(goal, "goal");
    Objects.requireNonNull(scene, "scene");
    Objects.requireNonNull(context, "context");
    annotations = Map.of();
    TaskSession s = sessionFor(context);
    SemanticScene semantic = context.latestSemanticScene();
    currentSemanticScene = semantic;
    String signature = ScreenSignature.of(scene);
    String page = semantic == null ? null : semantic.page();
    s.settle(context, scene, signature, page);
    Budget budget = config.budget();
    if (context.stepCount() >= budget.maxSteps()) {
      throw new StopTaskException(
          TaskStatus.MAX_STEPS,
          "reached the step budget ("
              + budget.maxSteps()
              + " steps) before the goal; "
              + TaskRunner.RAISE_MAX_STEPS);
    }
    int stepNumber = context.stepCount() + 1;
    List<String> notes = new ArrayList<>();
    Set<String> skipped = new HashSet<>();
    LlmTotals planUsage = LlmTotals.none(config.model());
    int reasks = 0;
    boolean loopTold = false;
    while (true) {
      Duration elapsed = budgetGuard.check(s);
      ToolUseRequest request =
          request(goal, scene, signature, semantic, world, s, notes, stepNumber, elapsed);
      LlmResult<ToolCall> result = client.next(request);
      double cost = pricing.costUsd(result.usage());
      s.totals = s.totals.plus(result.usage(), cost);
      totals = s.totals;
      planUsage = planUsage.plus(result.usage(), cost);
      if (!result.succeeded()) {
        if (reasks < config.maxReasks() && ModelFailures.reaskable(result.failure())) {
          reasks++;
          notes.add(ModelFailures.reaskNote(result.failure()));
          log.info(
              "model reply unusable ({}): {}; asking again",
              result.failure().code(),
              result.detail());
          continue;
        }
        throw budgetGuard.failure(
            s, result, reasks, request.budget().compareTo(config.callTimeout()) < 0);
      }
      ToolCall call = result.value();
      if (call.name().equals(ToolCatalog.DONE)) {
        s.summary = text(call, "summary");
        summary = s.summary;
        log.info("model says the goal is reached: {}", s.summary);
        return List.of();
      }
      if (call.name().equals(ToolCatalog.GIVE_UP)) {
        throw new StopTaskException(
            TaskStatus.FAILED, "the model gave up: " + text(call, "reason"));
      }
      PlannedStep step = ToolCatalog.toStep(call, scene);
      String navigationKey = NavigationMemory.key(step, scene);
      Optional<NavigationMemory.Destination> there =
          s.navigation.alreadyAt(navigationKey, signature, page);
      if (there.isPresent() && reasks < config.maxReasks() && skipped.add(navigationKey)) {
        reasks++;
        notes.add(
            "Not done: "
                + step.action()
                + " would go where step "
                + there.get().step()
                + " led, and the screen already is there (same screen signature or page), so"
                + " it was not run again. Choose the next action on this screen.");
        log.info(
            "skipped {}: the screen already is where it led at step {}",
            step.action(),
            there.get().step());
        continue;
      }
      if (s.loops.wouldLoop(signature, step)) {
        if (config.onLoop() == LoopAction.REPLAN && !loopTold && reasks < config.maxReasks()) {
          loopTold = true;
          reasks++;
          notes.add(
              "Not done: this exact "
                  + step.action()
                  + " already ran "
                  + s.loops.runsBefore(signature, step)
                  + " times on this very screen without reaching the goal; a third time would be"
                  + " a loop. Choose a different action, or call give_up.");
          continue;
        }
        throw new StopTaskException(
            TaskStatus.BUDGET_EXCEEDED,
            "loop detected: "
                + LoopDetector.canonical(step)
                + " asked for a "
                + ordinal(s.loops.runsBefore(signature, step) + 1)
                + " time on the same screen (signature "
                + signature
                + ")");
      }
      s.loops.ran(signature, step);
      s.pending =
          new TaskSession.Pending(
              step,
              scene,
              signature,
              navigationKey,
              PromptWriter.describe(step, scene),
              stepNumber);
      annotations = Map.of(LLM_USAGE, planUsage);
      return List.of(step);
    }
  }

  /** The {@value #LLM_USAGE} of the plan just made. */
  @Override
  public Map<String, Object> stepAnnotations() {
    return annotations;
  }

  /** Tokens and estimated cost of the current task so far, or of the last one. */
  public LlmTotals totals() {
    return totals;
  }

  /** What the model said when it called {@code done} in the current or last task. */
  public Optional<String> summary() {
    return Optional.ofNullable(summary);
  }

  /** The semantic scene of the screen the latest step was planned on, or null. */
  public SemanticScene currentSemanticScene() {
    return currentSemanticScene;
  }

  /** Closes the model connection. */
  @Override
  public void close() {
    client.close();
  }

  /**
   * Estimated size of the cached prefix (tools and system prompt), at about 4 characters a token.
   */
  int estimatedPrefixTokens() {
    return (PlannerPrompt.SYSTEM.length() + Json.write(catalog.definitions()).length()) / 4;
  }

  private TaskSession sessionFor(TaskContext context) {
    if (session == null || !session.taskId.equals(context.taskId())) {
      session = new TaskSession(context.taskId(), clock.instant(), config.model());
      totals = session.totals;
      summary = null;
    }
    return session;
  }

  private ToolUseRequest request(
      String goal,
      Scene scene,
      String signature,
      SemanticScene semantic,
      WorldState world,
      TaskSession s,
      List<String> notes,
      int stepNumber,
      Duration elapsed) {
    String user =
        PromptWriter.write(
            new PromptWriter.Input(
                Untrusted.nonce(random),
                goal,
                scene,
                signature,
                semantic,
                world,
                s.notes,
                config.recentSteps(),
                notes,
                PromptWriter.budgetLine(stepNumber, config.budget(), s.totals, elapsed)));
    Duration left = config.budget().maxWallTime().minus(elapsed);
    Duration callBudget = left.compareTo(config.callTimeout()) < 0 ? left : config.callTimeout();
    return new ToolUseRequest(
        config.model(),
        PlannerPrompt.SYSTEM,
        catalog.definitions(),
        user,
        config.maxOutputTokens(),
        callBudget,
        config.effort());
  }

  private static String text(ToolCall call, String arg) {
    Object value = call.input().get(arg);
    return value == null ? "" : Text.oneLine(value.toString(), 300);
  }

  private static String ordinal(int n) {
    return switch (n) {
      case 1 -> "1st";
      case 2 -> "2nd";
      case 3 -> "3rd";
      default -> n + "th";
    };
  }
}
