package dev.apex.runtime.planner;

import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.core.StepResult;
import dev.apex.core.TaskId;
import dev.apex.llm.FailureReason;
import dev.apex.llm.LlmResult;
import dev.apex.llm.LlmUsage;
import dev.apex.llm.ToolCall;
import dev.apex.runtime.TaskContext;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;

/**
 * The last link of a plan chain in place of the model: answers each ask with the next scripted
 * decision, and keeps the notes each ask was given. One ask is one call of {@code tokens} tokens in
 * the task's spend when a session is given, as {@link AskModel} counts it.
 */
final class ScriptedModel implements PlanInterceptor {

  private final Deque<Decision> answers = new ArrayDeque<>();
  private final TaskSession session;

  /** The notes of each ask, in order. */
  final List<List<String>> asks = new ArrayList<>();

  ScriptedModel() {
    this(null);
  }

  ScriptedModel(TaskSession session) {
    this.session = session;
  }

  ScriptedModel answer(Decision... decisions) {
    answers.addAll(List.of(decisions));
    return this;
  }

  @Override
  public Decision intercept(Chain chain) {
    asks.add(chain.turn().notes());
    if (session != null) {
      session.spent(new LlmUsage(100, 10, 0, 0), 0.001);
    }
    Decision next = answers.poll();
    if (next == null) {
      throw new AssertionError("the model was asked more often than scripted");
    }
    return next;
  }

  static Decision step(String action, Map<String, Object> args) {
    return new Decision.Step(PlannedStep.of(action, args));
  }

  static Decision failed(FailureReason reason) {
    LlmResult<ToolCall> result =
        LlmResult.<ToolCall>failed(reason, "scripted " + reason, LlmUsage.NONE).withAttempts(1);
    return new Decision.Failed(result, false);
  }

  /** A task's context with these step results so far. */
  static TaskContext context(StepResult... results) {
    TaskContext context = new TaskContext(TaskId.of("t1"), "the goal");
    for (StepResult r : results) {
      context.addStepResult(r);
    }
    return context;
  }

  static StepResult ok(Decision step) {
    return StepResult.ok(((Decision.Step) step).step(), null, 1, Duration.ZERO);
  }

  static StepResult failedStep(Decision step) {
    return StepResult.failed(((Decision.Step) step).step(), "it broke", 1, Duration.ZERO);
  }

  static PlanTurn turn(Scene scene, TaskContext context, int maxReasks) {
    return new PlanTurn("the goal", scene, null, null, context, maxReasks);
  }
}
