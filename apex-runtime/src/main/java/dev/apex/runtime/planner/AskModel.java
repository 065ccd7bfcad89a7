package dev.apex.runtime.planner;

import dev.apex.core.Text;
import dev.apex.llm.LlmResult;
import dev.apex.llm.ToolCall;
import dev.apex.llm.ToolUseClient;
import dev.apex.llm.ToolUseRequest;
import java.time.Clock;
import java.time.Duration;
import java.util.Random;

/**
 * The last {@link PlanInterceptor}: asks the model once. Writes the prompt (the goal, the screen,
 * the task's step notes, this plan's notes, the budget so far), gives the call what is left of the
 * wall time up to {@link PlannerConfig#callTimeout()}, counts its tokens and estimated cost in the
 * task's spend and reports them to the context's {@link dev.apex.runtime.PlanListener}, and turns
 * the reply into a {@link Decision}: {@code done}, {@code give_up}, a registry tool as the step, or
 * the failure. Never throws for a failed call. One per task.
 */
final class AskModel implements PlanInterceptor {

  private final ToolUseClient client;
  private final PlannerConfig config;
  private final ToolCatalog catalog;
  private final ModelPricing pricing;
  private final Clock clock;
  private final Random random;
  private final TaskSession session;

  AskModel(
      ToolUseClient client,
      PlannerConfig config,
      ToolCatalog catalog,
      ModelPricing pricing,
      Clock clock,
      Random random,
      TaskSession session) {
    this.client = client;
    this.config = config;
    this.catalog = catalog;
    this.pricing = pricing;
    this.clock = clock;
    this.random = random;
    this.session = session;
  }

  @Override
  public Decision intercept(Chain chain) {
    PlanTurn turn = chain.turn();
    ToolUseRequest request = request(turn);
    LlmResult<ToolCall> result = client.next(request);
    double cost = pricing.costUsd(result.usage());
    session.spent(result.usage(), cost);
    turn.context().planListener().modelCalled(config.model(), result.usage(), cost);
    if (!result.succeeded()) {
      return new Decision.Failed(result, request.budget().compareTo(config.callTimeout()) < 0);
    }
    ToolCall call = result.value();
    return switch (call.name()) {
      case ToolCatalog.DONE -> new Decision.Done(text(call, "summary"));
      case ToolCatalog.GIVE_UP -> new Decision.GiveUp(text(call, "reason"));
      default ->
          new Decision.Step(ToolCatalog.toStep(call, turn.scene(), turn.context().handles()));
    };
  }

  private ToolUseRequest request(PlanTurn turn) {
    Duration elapsed = Duration.between(session.startedAt(), clock.instant());
    String user =
        PromptWriter.write(
            new PromptWriter.Input(
                Untrusted.nonce(random),
                turn.goal(),
                turn.scene(),
                turn.signature(),
                turn.semantic(),
                turn.world(),
                session.notes(),
                config.recentSteps(),
                turn.notes(),
                PromptWriter.budgetLine(
                    turn.stepNumber(), config.budget(), session.spend(), elapsed),
                turn.context().handles()));
    Duration left = config.budget().maxWallTime().minus(elapsed);
    Duration callBudget = left.compareTo(config.callTimeout()) < 0 ? left : config.callTimeout();
    return new ToolUseRequest(
        config.model(),
        PlannerPrompt.SYSTEM,
        catalog.definitions(),
        user,
        config.maxOutputTokens(),
        callBudget,
        config.effort());
  }

  private static String text(ToolCall call, String arg) {
    Object value = call.input().get(arg);
    return value == null ? "" : Text.oneLine(value.toString(), 300);
  }
}
