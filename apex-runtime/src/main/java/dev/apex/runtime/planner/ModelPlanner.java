package dev.apex.runtime.planner;

import dev.apex.core.Json;
import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.core.TaskStatus;
import dev.apex.llm.ToolUseClient;
import dev.apex.runtime.LlmTotals;
import dev.apex.runtime.PlanListener;
import dev.apex.runtime.Planner;
import dev.apex.runtime.StopTaskException;
import dev.apex.runtime.TaskContext;
import dev.apex.tools.ToolOffer;
import dev.apex.tools.ToolRegistry;
import dev.apex.world.WorldState;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Plans by asking the model (Anthropic or OpenAI-compatible), one step per plan: goals, not
 * scripts. Each plan sends the goal, the screen listing, the semantic scene when the observation
 * has one, the world state and the recent steps with what they did, and takes the one tool the
 * model calls: a registry tool becomes the step; {@code done(summary)} ends the task as reached (no
 * steps); {@code give_up(reason)} ends it as failed.
 *
 * <p>A plan runs a chain of {@link PlanInterceptor}s, each readable and testable alone, outermost
 * first:
 *
 * <ol>
 *   <li>{@link LoopDetector}: the same action on the same screen signature a third time is not run;
 *       per {@link PlannerConfig#onLoop()} the task stops, or the model is told once and asked
 *       again.
 *   <li>{@link NavigationMemory}: a {@code launch_app} or element {@code tap} that led somewhere
 *       before, asked for while the screen already is there (same screen signature or semantic
 *       page), is not run; the model is told and asked again.
 *   <li>{@link Reasker}: a reply without a tool call, one cut off at {@code max_tokens}, or garbage
 *       is asked again. Every re-ask of a plan, whoever asks, counts against {@link
 *       PlannerConfig#maxReasks()}.
 *   <li>{@link BudgetGuard} ({@link Budget}): steps, then calls, tokens, estimated cost and wall
 *       time before every model call. A budget that runs out ends the task with {@link
 *       TaskStatus#BUDGET_EXCEEDED} (steps: {@link TaskStatus#MAX_STEPS}) and a reason naming it.
 *   <li>{@link AskModel}: the model call itself. The client retries transport failures (timeouts,
 *       refused or reset connections, 429, 5xx, 529) within the call's budget.
 * </ol>
 *
 * <p>What comes out is the step, or the end of the task: any failure left (400, 401, refusal, a
 * timeout that spent the call, re-asks used up) fails it with the reason's code. Steps already run
 * are kept; none is lost. Before the chain, the result of the step returned last time is noted for
 * the prompt with its effect on the screen ({@link dev.apex.perception.SceneDiff}): the model is
 * told plainly when a step had no visible effect, or was refused by the safety policy (which
 * applies at the executor: {@link dev.apex.runtime.TaskRunner.Builder#safety}).
 *
 * <p>Usage: every model call, including those that produced no step ({@code done}, failures), is
 * reported with its tokens and estimated cost to the context's {@link PlanListener}; the runner
 * records a plan's calls as the {@value #LLM_USAGE} annotation of its step ({@link LlmTotals}), and
 * {@link ModelAgent#totals()} sums a task's. A reached goal's summary is reported there too. One
 * task at a time, on the runner's thread; nothing it keeps is read from another thread. A new task
 * (a new task id in the context) starts fresh.
 */
public final class ModelPlanner implements Planner, AutoCloseable {

  /** The step annotation holding a plan's {@link LlmTotals}. */
  public static final String LLM_USAGE = PlanListener.LLM_USAGE;

  private static final Logger log = LoggerFactory.getLogger(ModelPlanner.class);

  private final ToolUseClient client;
  private final PlannerConfig config;
  private final ToolCatalog catalog;
  private final ModelPricing pricing;
  private final Clock clock;
  private final Random random;

  /** The current task's state and chain; only the runner's thread touches it. */
  private Task task;

  /**
   * @param client the model connection; closed by {@link #close()}
   * @param registry the tools steps may name (the one the runner executes with)
   * @param clock the clock for wall-time budgets
   * @param random the source of each request's delimiter nonce; use a {@link
   *     java.security.SecureRandom} outside tests
   * @throws IllegalArgumentException when the registry's tools break the strict-tool limits
   */
  public ModelPlanner(
      ToolUseClient client,
      ToolRegistry registry,
      PlannerConfig config,
      Clock clock,
      Random random) {
    this(client, registry, config, null, clock, random);
  }

  /**
   * As {@link #ModelPlanner(ToolUseClient, ToolRegistry, PlannerConfig, Clock, Random)}, the calls
   * priced by {@code pricing} (null: {@link Pricing#orMostExpensive}).
   */
  ModelPlanner(
      ToolUseClient client,
      ToolRegistry registry,
      PlannerConfig config,
      ModelPricing pricing,
      Clock clock,
      Random random) {
    this.client = Objects.requireNonNull(client, "client");
    this.config = Objects.requireNonNull(config, "config");
    // Every tool on offer at once: a device that supports them all (a browser) must fit too.
    this.catalog =
        ToolCatalog.of(Objects.requireNonNull(registry, "registry"), config.hiddenTools());
    this.clock = Objects.requireNonNull(clock, "clock");
    this.random = Objects.requireNonNull(random, "random");
    this.pricing = pricing != null ? pricing : Pricing.orMostExpensive(config.model());
    if (pricing == null && Pricing.of(config.model()).isEmpty()) {
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
    Task t = taskFor(context);
    t.session().settle(context, scene);
    PlanTurn turn =
        new PlanTurn(
            goal, scene, context.latestSemanticScene(), world, context, config.maxReasks());
    Decision decision = t.chain().proceed(turn);
    if (decision instanceof Decision.Step step) {
      t.session().returned(step.step(), scene, turn.stepNumber());
      return List.of(step.step());
    }
    if (decision instanceof Decision.Done done) {
      log.info("model says the goal is reached: {}", done.summary());
      context.planListener().goalReached(done.summary());
      return List.of();
    }
    if (decision instanceof Decision.GiveUp giveUp) {
      throw new StopTaskException(TaskStatus.FAILED, "the model gave up: " + giveUp.reason());
    }
    throw t.budget().failure((Decision.Failed) decision, turn.reasks());
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

  /** The current task's state and chain, fresh for a task the planner has not seen. */
  private Task taskFor(TaskContext context) {
    if (task == null || !task.session().taskId().equals(context.taskId())) {
      TaskSession session = new TaskSession(context.taskId(), clock.instant(), config.model());
      BudgetGuard budget = new BudgetGuard(config.budget(), clock, session);
      PlanChain chain =
          new PlanChain(
              List.of(
                  new LoopDetector(config.onLoop()),
                  new NavigationMemory(),
                  new Reasker(),
                  budget,
                  new AskModel(
                      client, config, catalogFor(context), pricing, clock, random, session)));
      task = new Task(session, budget, chain);
    }
    return task;
  }

  /** The task's device's catalog ({@link TaskContext#offeredTools()}), or the whole one. */
  private ToolCatalog catalogFor(TaskContext context) {
    List<ToolOffer> offers = context.offeredTools();
    return offers == null ? catalog : ToolCatalog.of(offers, config.hiddenTools());
  }

  /** One task's memory, its budget and the chain its plans run. */
  private record Task(TaskSession session, BudgetGuard budget, PlanChain chain) {}
}
