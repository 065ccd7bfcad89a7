package dev.apex.runtime.planner;

import dev.apex.core.Sleeper;
import dev.apex.llm.LlmProviders;
import dev.apex.llm.SemanticConfig;
import dev.apex.llm.ToolUseClient;
import dev.apex.runtime.LlmTotals;
import dev.apex.runtime.Observer;
import dev.apex.runtime.Planner;
import dev.apex.runtime.RunAssembly;
import dev.apex.runtime.RunParts;
import dev.apex.runtime.safety.Confirmer;
import dev.apex.runtime.safety.SafetyPolicy;
import dev.apex.tools.ToolRegistry;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;

/**
 * Everything a goal run needs: a {@link ModelPlanner} on the model API, and the run's parts for the
 * {@link RunAssembly}: a planner that recovers, the {@link Confirmer} asked where the {@link
 * SafetyPolicy} does not allow a step, and the agent's tally of what the model cost listening. What
 * {@code apex run --goal} uses when a model is configured:
 *
 * <pre>{@code
 * SemanticConfig connection = SemanticConfig.fromEnv();   // ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL
 * if (ModelAgent.available(connection)) {
 *   try (ModelAgent agent = ModelAgent.create(connection, PlannerConfig.defaults(),
 *       SafetyPolicy.defaults().withAllowedApps(Set.of("com.android.settings")), terminalConfirmer)) {
 *     RunAssembly assembly = RunAssembly.of(device, agent.registry(), agent.policy(), clock, sleeper);
 *     TaskOutcome outcome = assembly.runner(agent.parts(observer), new Cancellation()).run(goal);
 *     System.out.println(outcome.status() + ": " + outcome.reason());
 *     System.out.println("model: " + agent.totals().summary());
 *   }
 * }
 * }</pre>
 *
 * <p>One agent runs one task at a time. Closing it closes the HTTP client.
 */
public final class ModelAgent implements AutoCloseable {

  private final ModelPlanner planner;
  private final ToolRegistry registry;
  private final SafetyPolicy policy;
  private final Confirmer confirmer;
  private final AgentTally tally;

  private ModelAgent(
      ModelPlanner planner, ToolRegistry registry, SafetyPolicy policy, Confirmer confirmer) {
    this.planner = planner;
    this.registry = registry;
    this.policy = policy;
    this.confirmer = confirmer;
    this.tally = new AgentTally(planner.config().model());
  }

  /**
   * Whether {@code connection} has what a goal run needs: an API key for Anthropic; nothing more
   * for an OpenAI-compatible endpoint (a local server takes none).
   */
  public static boolean available(SemanticConfig connection) {
    return connection != null && connection.ready();
  }

  /**
   * {@link #create(SemanticConfig, PlannerConfig, SafetyPolicy, Confirmer, ToolRegistry, Clock,
   * Sleeper)} with the default tools, the system clock and real sleeps.
   */
  public static ModelAgent create(
      SemanticConfig connection, PlannerConfig config, SafetyPolicy policy, Confirmer confirmer) {
    return create(
        connection,
        config,
        policy,
        confirmer,
        ToolRegistry.defaultRegistry(),
        Clock.systemUTC(),
        Sleeper.SYSTEM);
  }

  /**
   * An agent on the model provider {@code connection} names (Anthropic by default; any
   * OpenAI-compatible endpoint with {@code openai}), its calls priced by {@link
   * Pricing#forConnection} (an OpenAI-compatible model's cost is unknown, not $0).
   *
   * @param connection the provider, API key, base URL and retry count (its other settings are not
   *     used)
   * @param tools the tools steps may use; the policy applies to them at the executor
   * @throws IllegalArgumentException when {@code connection} has no API key
   */
  public static ModelAgent create(
      SemanticConfig connection,
      PlannerConfig config,
      SafetyPolicy policy,
      Confirmer confirmer,
      ToolRegistry tools,
      Clock clock,
      Sleeper sleeper) {
    Objects.requireNonNull(connection, "connection");
    Objects.requireNonNull(config, "config");
    ToolUseClient client =
        LlmProviders.require(connection.provider()).toolUse(connection, clock, sleeper);
    return create(
        client,
        config,
        Pricing.forConnection(connection, config.model()),
        policy,
        confirmer,
        tools,
        clock,
        sleeper,
        new SecureRandom());
  }

  /** An agent on any {@link ToolUseClient}; {@code random} draws the delimiter nonces. */
  public static ModelAgent create(
      ToolUseClient client,
      PlannerConfig config,
      SafetyPolicy policy,
      Confirmer confirmer,
      ToolRegistry tools,
      Clock clock,
      Sleeper sleeper,
      Random random) {
    return create(
        client,
        config,
        Pricing.orMostExpensive(config.model()),
        policy,
        confirmer,
        tools,
        clock,
        sleeper,
        random);
  }

  private static ModelAgent create(
      ToolUseClient client,
      PlannerConfig config,
      ModelPricing pricing,
      SafetyPolicy policy,
      Confirmer confirmer,
      ToolRegistry tools,
      Clock clock,
      Sleeper sleeper,
      Random random) {
    Objects.requireNonNull(client, "client");
    Objects.requireNonNull(policy, "policy");
    Objects.requireNonNull(confirmer, "confirmer");
    Objects.requireNonNull(tools, "tools");
    Objects.requireNonNull(sleeper, "sleeper");
    ModelPlanner planner = new ModelPlanner(client, tools, config, pricing, clock, random);
    return new ModelAgent(planner, tools, policy, confirmer);
  }

  /**
   * A goal run's parts, for {@link dev.apex.runtime.RunAssembly#runner}: this agent's planner, its
   * confirmer, the step budget as the step limit, going on after a failed step (the model is told
   * of it and recovers), and the tally behind {@link #totals()} and {@link #summary()} listening.
   */
  public RunParts parts(Observer observer) {
    return parts(observer, planner);
  }

  /**
   * {@link #parts(Observer)} with {@code front} planning in front of this agent's planner: one that
   * asks it for some plans and makes others itself (a replay that heals a drifted step with the
   * model). This agent's tally hears the model calls it reports.
   */
  public RunParts parts(Observer observer, Planner front) {
    return RunParts.of(front, observer, confirmer)
        .withListener(tally)
        .withPlanListener(tally)
        .withMaxSteps(planner.config().budget().maxSteps())
        .goingOnAfterFailure();
  }

  public ModelPlanner planner() {
    return planner;
  }

  /** The tools steps may use (the policy applies to them at the executor, not in the registry). */
  public ToolRegistry registry() {
    return registry;
  }

  public SafetyPolicy policy() {
    return policy;
  }

  /**
   * Tokens and estimated cost of the current or last task run with {@link #parts}, every call
   * counted (those that gave no step too). Readable from any thread.
   */
  public LlmTotals totals() {
    return tally.totals();
  }

  /** The model's summary when it called {@code done} in the current or last task. */
  public Optional<String> summary() {
    return tally.summary();
  }

  @Override
  public void close() {
    planner.close();
  }
}
