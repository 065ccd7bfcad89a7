package dev.apex.runtime.planner;

import dev.apex.core.PlannedStep;
import dev.apex.llm.LlmResult;
import dev.apex.llm.ToolCall;
import java.util.Objects;

/**
 * What a {@link PlanInterceptor} decided: a step, the goal reached, giving up, or a failed call.
 */
sealed interface Decision {

  /** Run this step next. */
  record Step(PlannedStep step) implements Decision {
    public Step {
      Objects.requireNonNull(step, "step");
    }
  }

  /** The model called {@code done}: the goal is reached. */
  record Done(String summary) implements Decision {
    public Done {
      Objects.requireNonNull(summary, "summary");
    }
  }

  /** The model called {@code give_up}: the task fails with its reason. */
  record GiveUp(String reason) implements Decision {
    public GiveUp {
      Objects.requireNonNull(reason, "reason");
    }
  }

  /**
   * The model call gave no usable tool call.
   *
   * @param result the failed result, with its reason, attempts and detail
   * @param wallLimited whether the call was given less time than a call may take, because the
   *     task's wall time was running out
   */
  record Failed(LlmResult<ToolCall> result, boolean wallLimited) implements Decision {
    public Failed {
      Objects.requireNonNull(result, "result");
    }
  }
}
