package dev.apex.runtime.planner;

import dev.apex.core.Sleeper;
import dev.apex.device.Device;
import dev.apex.llm.LlmProviders;
import dev.apex.llm.SemanticConfig;
import dev.apex.llm.ToolUseClient;
import dev.apex.runtime.LlmTotals;
import dev.apex.runtime.Observer;
import dev.apex.runtime.Planner;
import dev.apex.runtime.TaskRunner;
import dev.apex.runtime.safety.Confirmer;
import dev.apex.runtime.safety.SafetyPolicy;
import dev.apex.tools.ToolRegistry;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;

/**
 * Everything a goal run needs, wired: a {@link ModelPlanner} on the model API, and a runner builder
 * set up for a planner that recovers, with the {@link SafetyPolicy} and its {@link Confirmer}
 * applied at the executor ({@link TaskRunner.Builder#safety}) and the agent's tally of what the
 * model cost listening. What {@code apex run --goal} calls when an API key is configured:
 *
 * <pre>{@code
 * SemanticConfig connection = SemanticConfig.fromEnv();   // ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL
 * if (ModelAgent.available(connection)) {
 *   try (ModelAgent agent = ModelAgent.create(connection, PlannerConfig.defaults(),
 *       SafetyPolicy.defaults().withAllowedApps(Set.of("com.android.settings")), terminalConfirmer)) {
 *     TaskOutcome outcome = agent.runner(device, observer).listener(timeline).build().run(goal);
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
  private final Clock clock;
  private final Sleeper sleeper;
  private final AgentTally tally;

  private ModelAgent(
      ModelPlanner planner,
      ToolRegistry registry,
      SafetyPolicy policy,
      Confirmer confirmer,
      Clock clock,
      Sleeper sleeper) {
    this.planner = planner;
    this.registry = registry;
    this.policy = policy;
    this.confirmer = confirmer;
    this.clock = clock;
    this.sleeper = sleeper;
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
    return new ModelAgent(planner, tools, policy, confirmer, clock, sleeper);
  }

  /**
   * A runner builder for {@code device}: this agent's planner and tools, its safety policy and
   * confirmer at the executor, the step budget as {@code maxSteps}, {@code
   * stopOnStepFailure(false)} (the model is told of a failure and recovers), this agent's clock and
   * sleeper, and the tally behind {@link #totals()} and {@link #summary()} as a listener. Add
   * listeners and build.
   */
  public TaskRunner.Builder runner(Device device, Observer observer) {
    return runner(device, observer, planner);
  }

  /**
   * {@link #runner(Device, Observer)} with {@code planner} in front of this agent's own: one that
   * asks it for some plans and makes others itself (a replay that heals a drifted step with the
   * model). This agent's tally hears the model calls it reports.
   */
  public TaskRunner.Builder runner(Device device, Observer observer, Planner planner) {
    return TaskRunner.builder(device, observer, planner)
        .registry(registry)
        .safety(policy, confirmer)
        .listener(tally)
        .planListener(tally)
        .maxSteps(this.planner.config().budget().maxSteps())
        .stopOnStepFailure(false)
        .clock(clock)
        .sleeper(sleeper);
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
   * Tokens and estimated cost of the current or last task run through {@link #runner}, every call
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
