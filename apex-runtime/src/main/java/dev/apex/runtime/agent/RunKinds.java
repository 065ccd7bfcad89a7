package dev.apex.runtime.agent;

import dev.apex.runtime.Observer;
import dev.apex.runtime.RunParts;
import dev.apex.runtime.flow.FlowReplay;
import dev.apex.runtime.planner.ModelAgent;
import dev.apex.runtime.planner.PlannerConfig;
import dev.apex.runtime.planner.PlannerModels;
import dev.apex.runtime.safety.Confirmer;
import dev.apex.runtime.safety.SensitiveAction;
import dev.apex.tools.ToolRegistry;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What each kind of {@link AgentRun} brings to the assembly: a flow's replay (healed by the model,
 * by a planner of the caller's, or not at all), a goal for the model, or a goal for the caller's
 * planner. Who confirms a sensitive step differs by who planned it: a flow's steps were written by
 * a person, who confirmed them by writing them; a model's (a goal's, a heal's) go to the agent's
 * confirmer. The policy sees every step at the executor either way.
 */
final class RunKinds {

  private final AgentBuilder options;
  private final ToolRegistry tools;

  RunKinds(AgentBuilder options, ToolRegistry tools) {
    this.options = options;
    this.tools = tools;
  }

  /** {@code run} made ready to run with {@code observer}. */
  PreparedRun prepare(AgentRun run, Observer observer) {
    Confirmer asks = run.confirmer() != null ? run.confirmer() : options.confirmer;
    PreparedRun prepared;
    if (run.flow() != null) {
      prepared = flow(run, observer, run.confirmer() != null ? asks : Confirmer.AUTHORED, asks);
    } else if (run.planner() != null) {
      prepared =
          new PreparedRun(RunParts.of(run.planner(), observer, asks), null, null, null, false);
    } else {
      ModelAgent model = model(asks);
      prepared = new PreparedRun(model.parts(observer), model, null, null, false);
    }
    return withTaskId(prepared, run);
  }

  private PreparedRun flow(AgentRun run, Observer observer, Confirmer authored, Confirmer asks) {
    boolean modelHeals =
        run.heal() && run.healer() == null && PlannerModels.configured(options.model);
    if (run.heal() && run.healer() == null && !modelHeals) {
      options.notices.accept(
          "healing needs a model (set ANTHROPIC_API_KEY): a drifted step fails, as without"
              + " --heal");
    }
    AtomicReference<FlowReplay> current = new AtomicReference<>();
    Confirmer replayConfirmer = replayConfirmer(current, authored, asks);
    ModelAgent model = null;
    FlowReplay replay;
    RunParts parts;
    try {
      if (modelHeals) {
        model = model(replayConfirmer);
        replay = new FlowReplay(run.flow(), tools, model.planner(), run.healCalls());
        parts = model.parts(observer, replay);
      } else if (run.heal() && run.healer() != null) {
        replay = new FlowReplay(run.flow(), tools, run.healer(), run.healCalls());
        parts = RunParts.of(replay, observer, replayConfirmer).goingOnAfterFailure();
      } else {
        replay = new FlowReplay(run.flow(), tools);
        parts = RunParts.of(replay, observer, authored);
      }
    } catch (RuntimeException e) {
      if (model != null) {
        model.close();
      }
      throw e;
    }
    current.set(replay);
    FlowRecording healing = replay.heals() ? new FlowRecording(run.flow().name()) : null;
    if (healing != null) {
      parts = parts.withListener(healing);
    }
    return new PreparedRun(
        parts.withTimeout(run.flow().timeout()), model, replay, healing, run.heal());
  }

  private static PreparedRun withTaskId(PreparedRun prepared, AgentRun run) {
    return new PreparedRun(
        prepared.parts().withTaskId(run.taskId()),
        prepared.model(),
        prepared.replay(),
        prepared.healing(),
        prepared.healAsked());
  }

  /** The model's agent for one run, its step budget the agent's step limit. */
  private ModelAgent model(Confirmer confirmer) {
    PlannerConfig planner =
        options.planner.withBudget(options.planner.budget().withMaxSteps(options.maxSteps));
    return ModelAgent.create(
        options.model, planner, options.policy(), confirmer, tools, options.clock, options.sleeper);
  }

  /**
   * Who confirms a replay's sensitive steps: {@code authored} for the flow's own steps, {@code
   * asks} (a person) for those the healer planned.
   */
  private static Confirmer replayConfirmer(
      AtomicReference<FlowReplay> replay, Confirmer authored, Confirmer asks) {
    return new Confirmer() {
      @Override
      public boolean confirm(SensitiveAction action) {
        return modelPlanned() ? asks.confirm(action) : authored.confirm(action);
      }

      @Override
      public String refusal(SensitiveAction action) {
        return modelPlanned() ? asks.refusal(action) : authored.refusal(action);
      }

      private boolean modelPlanned() {
        FlowReplay r = replay.get();
        return r != null && r.healing();
      }
    };
  }
}
