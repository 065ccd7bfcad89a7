/**
 * Flows: a YAML list of steps ({@link dev.apex.runtime.flow.Flow}, read strictly by {@link
 * dev.apex.runtime.flow.FlowParser}, its {@code ${NAME}}s filled only from what the user names for
 * the run by {@link dev.apex.runtime.flow.FlowVariables}); their replay, {@link
 * dev.apex.runtime.flow.FlowReplay}, the planner every flow runs with, healing a drifted step with
 * a healer planner when asked; and their recording, {@link dev.apex.runtime.flow.FlowWriter}, which
 * writes a run's steps back as a flow.
 *
 * <p>Above the loop: it uses the runner's ports (a {@link dev.apex.runtime.Planner}, a {@link
 * dev.apex.runtime.TaskListener}) and the tools, never the agent or the model planner, which
 * reaches a replay only as the healer it is given.
 */
package dev.apex.runtime.flow;
