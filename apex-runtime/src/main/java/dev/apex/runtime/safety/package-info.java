/**
 * The guard between planning a step and acting on it: whoever planned a step (a goal's model, a
 * flow, a server's client, a heal), the {@link dev.apex.runtime.Executor} asks its {@link
 * dev.apex.runtime.safety.StepGuard} once before the tool runs. The {@link
 * dev.apex.runtime.safety.SafetyInterceptor} is that guard for a {@link
 * dev.apex.runtime.safety.SafetyPolicy}: it holds back password entry, paying, deleting, sending,
 * launching unlisted apps and opening web origins the {@link dev.apex.runtime.safety.OriginRule}
 * does not allow, asks a {@link dev.apex.runtime.safety.Confirmer}, and refuses with {@link
 * dev.apex.runtime.safety.PolicyDenied} otherwise.
 *
 * <p>Below the loop: it uses the tools' arguments and context, never the runner, the planners or
 * the agent, so the loop can hold its guard without a cycle.
 */
package dev.apex.runtime.safety;
