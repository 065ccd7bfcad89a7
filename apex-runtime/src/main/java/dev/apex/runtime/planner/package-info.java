/**
 * The Claude planner: goals, not scripts. {@link dev.apex.runtime.planner.ClaudePlanner} asks
 * Claude, through the semantic module's {@link dev.apex.llm.ToolUseClient}, for one tool call per
 * step, reading the scene, the semantic scene and the world state; {@link
 * dev.apex.runtime.planner.ClaudeAgent} wires it with the tools and a runner for {@code apex run
 * --goal}.
 *
 * <p>Safety is an interceptor around tool execution ({@link
 * dev.apex.runtime.planner.ToolInterceptor}, {@link dev.apex.runtime.planner.InterceptedTools}),
 * not logic in the planner: the {@link dev.apex.runtime.planner.SafetyInterceptor} holds back
 * password entry, paying, deleting, sending and launching unlisted apps for a {@link
 * dev.apex.runtime.planner.Confirmer}, and refuses them with {@link
 * dev.apex.runtime.planner.PolicyDenied} otherwise. Screen content reaches the model only inside
 * nonce-marked untrusted blocks. Budgets ({@link dev.apex.runtime.planner.Budget}) and the loop
 * detector end a task through {@link dev.apex.runtime.StopTaskException}; costs are estimated from
 * one price table ({@link dev.apex.runtime.planner.Pricing}).
 */
package dev.apex.runtime.planner;
