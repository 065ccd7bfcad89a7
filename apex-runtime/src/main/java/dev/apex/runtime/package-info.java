/**
 * The Observe → Think → Act loop: {@link dev.apex.runtime.TaskRunner} observes through an {@link
 * dev.apex.runtime.Observer}, asks a {@link dev.apex.runtime.Planner} for steps, runs each through
 * the {@link dev.apex.runtime.Executor} (which retries a retriable device failure through the
 * {@link dev.apex.runtime.Retrier}, on core's one {@link dev.apex.core.retry.RetryLoop}, per a
 * {@link dev.apex.core.retry.RetryPolicy}, and asks its {@link dev.apex.runtime.safety.StepGuard} —
 * the safety policy when the runner has one — before each step, whoever planned it) and tells
 * {@link dev.apex.runtime.TaskListener}s what happened. A planner reports its model calls to a
 * {@link dev.apex.runtime.PlanListener}; the runner records them with the plan's first step. The
 * one planner here is the seeds' {@link dev.apex.runtime.StubPlanner}; the others plug in from
 * above: the model's ({@code planner}) and a flow's replay ({@code flow}). The guard it asks sits
 * below it ({@code safety}), beside the tools it acts through; nothing here uses a planner, a flow
 * or the agent, so its packages form no cycle. Time is injected everywhere (a {@link
 * java.time.Clock}, a {@link dev.apex.core.Sleeper}, a {@link java.util.Random} for jitter), so
 * nothing here sleeps for real in a test.
 */
package dev.apex.runtime;
