/**
 * The model planner: goals, not scripts. {@link dev.apex.runtime.planner.ModelPlanner} asks a model
 * (Anthropic's or an OpenAI-compatible one, whichever provider is configured), through the llm
 * module's {@link dev.apex.llm.ToolUseClient}, for one tool call per step, reading the scene, the
 * semantic scene and the world state; a plan is a chain of small plan interceptors (loop detector,
 * navigation memory, re-asker, budget guard, then the model call), each with its own state and
 * tests, and usage goes to the runner's {@link dev.apex.runtime.PlanListener}. {@link
 * dev.apex.runtime.planner.ModelAgent} wires it with the tools and a runner for {@code apex run
 * --goal}.
 *
 * <p>Safety is not logic in the planner: it applies at the executor to every step, whoever planned
 * it ({@link dev.apex.runtime.safety.StepGuard}, set by {@link
 * dev.apex.runtime.TaskRunner.Builder#safety}): the {@link
 * dev.apex.runtime.safety.SafetyInterceptor} holds back password entry, paying, deleting, sending
 * and launching unlisted apps for a {@link dev.apex.runtime.safety.Confirmer}, and refuses them
 * with {@link dev.apex.runtime.safety.PolicyDenied} otherwise. Screen content reaches the model
 * only inside nonce-marked untrusted blocks. Budgets ({@link dev.apex.runtime.planner.Budget}) and
 * the loop detector end a task through {@link dev.apex.runtime.StopTaskException}; costs are
 * estimated from one price table ({@link dev.apex.runtime.planner.Pricing}).
 */
package dev.apex.runtime.planner;
