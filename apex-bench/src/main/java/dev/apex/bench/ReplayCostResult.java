package dev.apex.bench;

import dev.apex.core.TaskStatus;
import java.util.List;
import java.util.Objects;

/**
 * M7's figures: model calls of a goal run with labels, of its replay, and of healing each drift.
 *
 * @param goal the 20-step goal run
 * @param replay its recording replayed with no key
 * @param drifts per sim drift variant, the heal and the healed flow's replay
 */
public record ReplayCostResult(GoalRun goal, Replay replay, List<Drift> drifts)
    implements MetricResult {

  /** The most labelling calls the goal run may make. */
  public static final int LABELLING_GOAL = 7;

  /** The most planner calls one drifted step may take to heal. */
  public static final int HEAL_GOAL = 2;

  /**
   * @param steps the steps it ran
   * @param observations the screens it observed (one per plan, and the last)
   * @param distinctScreens of those, how many distinct screen signatures
   * @param labellingCalls the labeller's model calls
   * @param planningCalls the planner's model calls
   * @param labelTokens the labelling calls' tokens
   * @param uncachedLabellingCalls the labeller's calls of the same run with the cache off
   * @param uncachedLabelTokens their tokens
   * @param savedCalls the labelling calls the cache saved, as the task's usage records them
   * @param savedTokens their tokens
   */
  public record GoalRun(
      int steps,
      int observations,
      int distinctScreens,
      int labellingCalls,
      int planningCalls,
      long labelTokens,
      int uncachedLabellingCalls,
      long uncachedLabelTokens,
      int savedCalls,
      long savedTokens) {}

  /**
   * @param status how the replay ended
   * @param steps the steps it ran (the recording's, asserts included)
   * @param modelCalls the model calls it made
   * @param sameEnd whether it ended where the goal run did
   * @param end where the goal run ended
   */
  public record Replay(TaskStatus status, int steps, int modelCalls, boolean sameEnd, String end) {}

  /**
   * @param variant the sim's drift option ({@code --device sim:VARIANT})
   * @param status how the healing replay ended
   * @param healedSteps the recorded steps the planner healed
   * @param screenDrifts the recorded steps whose screen changed while their target resolved
   * @param plannerCalls the planner's model calls while healing
   * @param modelCalls every model call of the healing replay
   * @param maxPerStep the most planner calls one drifted step took
   * @param healedReplay how the healed flow's replay with no key ended, or null when none was
   *     written (nothing needed healing)
   * @param healedReplayCalls the model calls of that replay
   */
  public record Drift(
      String variant,
      TaskStatus status,
      int healedSteps,
      int screenDrifts,
      int plannerCalls,
      int modelCalls,
      int maxPerStep,
      TaskStatus healedReplay,
      int healedReplayCalls) {

    boolean healed() {
      return status == TaskStatus.SUCCEEDED
          && maxPerStep <= HEAL_GOAL
          && (healedReplay == null
              ? healedSteps == 0
              : healedReplay == TaskStatus.SUCCEEDED && healedReplayCalls == 0);
    }
  }

  public ReplayCostResult {
    Objects.requireNonNull(goal, "goal");
    Objects.requireNonNull(replay, "replay");
    drifts = List.copyOf(drifts);
  }

  @Override
  public String id() {
    return "M7";
  }

  @Override
  public String title() {
    return "Record, replay, heal: model calls on the simulated phone";
  }

  @Override
  public String method() {
    return "apex's real model clients (the labeller's structured call and the Claude planner's"
        + " tool call) run against a scripted Messages API on loopback (`ScriptedMessagesApi`),"
        + " which counts every request; usage is estimated at four characters a token of the"
        + " request. A goal (\""
        + ReplayCost.GOAL
        + "\") runs on the sim with labels on, first with the label cache off, then with"
        + " its default (within the task), the planner scripted to "
        + goal.steps()
        + " steps that visit every Settings page twice; the run is recorded"
        + " (`FlowRecording`). The recording replays with no API key. Then it replays with"
        + " healing on (`AgentRun.withHeal(2)`, what `apex run --heal --max-heal-calls 2`"
        + " does) on each drift variant of the sim (`--device sim:VARIANT`), the planner"
        + " scripted to act on what the screen it is shown holds (tap `WLAN`, tap `Not now`,"
        + " else done), and each healed flow replays on its variant with no key. Counts, not"
        + " timings.";
  }

  @Override
  public List<Table> tables() {
    Table.Builder g =
        Table.builder(
            "The goal run and its replay",
            "run",
            "steps",
            "screens observed",
            "distinct screens",
            "labelling calls (tokens)",
            "saved by the cache (as the task's usage records it)",
            "planner calls",
            "model calls");
    g.row(
        "goal, labels on, cache off (before this cache)",
        goal.steps(),
        goal.observations(),
        goal.distinctScreens(),
        goal.uncachedLabellingCalls() + " (" + Fmt.count(goal.uncachedLabelTokens()) + ")",
        "—",
        goal.planningCalls(),
        goal.uncachedLabellingCalls() + goal.planningCalls());
    g.row(
        "goal, labels on, cache within the task (the default)",
        goal.steps(),
        goal.observations(),
        goal.distinctScreens(),
        goal.labellingCalls() + " (" + Fmt.count(goal.labelTokens()) + ")",
        goal.savedCalls() + " calls, " + Fmt.count(goal.savedTokens()) + " tokens",
        goal.planningCalls(),
        goal.labellingCalls() + goal.planningCalls());
    g.row(
        "its recording, replayed with no key (" + replay.status() + ")",
        replay.steps(),
        "",
        "",
        "",
        "",
        "",
        replay.modelCalls()
            + (replay.sameEnd() ? " (same end: " + replay.end() + ")" : " (end differs)"));
    Table.Builder d =
        Table.builder(
            "The recording replayed with --heal on each drift variant",
            "--device",
            "replay",
            "steps healed",
            "screens drifted (target found)",
            "planner calls",
            "most per drifted step",
            "healed flow replayed with no key");
    for (Drift drift : drifts) {
      d.row(
          "`sim:" + drift.variant() + "`",
          drift.status(),
          drift.healedSteps(),
          drift.screenDrifts(),
          drift.plannerCalls(),
          drift.maxPerStep(),
          drift.healedReplay() == null
              ? "none written (nothing to heal)"
              : drift.healedReplay() + ", " + drift.healedReplayCalls() + " model calls");
    }
    return List.of(g.build(), d.build());
  }

  @Override
  public List<Goal> goals() {
    boolean labels =
        goal.labellingCalls() <= LABELLING_GOAL && goal.labellingCalls() == goal.distinctScreens();
    boolean replays =
        replay.status() == TaskStatus.SUCCEEDED && replay.modelCalls() == 0 && replay.sameEnd();
    int worst = drifts.stream().mapToInt(Drift::maxPerStep).max().orElse(0);
    boolean heals = !drifts.isEmpty() && drifts.stream().allMatch(Drift::healed);
    return List.of(
        Goal.goal(
            "M7",
            "labelling calls of the " + goal.steps() + "-step goal",
            "≤ " + LABELLING_GOAL + " and = distinct screens",
            goal.labellingCalls() + " (" + goal.distinctScreens() + " distinct screens)",
            labels),
        Goal.goal(
            "M7",
            "model calls of its replay",
            "0, same end state",
            replay.modelCalls() + (replay.sameEnd() ? ", same end" : ", end differs"),
            replays),
        Goal.goal(
            "M7",
            "planner calls to heal one drifted step",
            "≤ " + HEAL_GOAL + ", each healed flow replays with 0 calls",
            worst + " at most",
            heals));
  }
}
