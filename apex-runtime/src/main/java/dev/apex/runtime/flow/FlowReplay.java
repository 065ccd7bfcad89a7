package dev.apex.runtime.flow;

import dev.apex.core.InvalidInputException;
import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.core.Secrets;
import dev.apex.core.StepResult;
import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.core.Text;
import dev.apex.runtime.Planner;
import dev.apex.runtime.StopTaskException;
import dev.apex.runtime.TaskContext;
import dev.apex.runtime.TaskRunner;
import dev.apex.timeline.ReplayMark;
import dev.apex.tools.ElementLocator;
import dev.apex.tools.ElementQuery;
import dev.apex.tools.ElementTargeted;
import dev.apex.tools.ToolRegistry;
import dev.apex.world.ScreenSignature;
import dev.apex.world.WorldState;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Replays a {@link Flow} step by step (every flow a run is given: {@code apex run --flow}, the
 * console, the MCP server's {@code run_flow}, the JUnit extension) and, given a healer (the model's
 * planner), heals a recorded step the app drifted away from.
 *
 * <p><b>Drift.</b> A step that looks for an element (a tap on an element, an {@code
 * assert_visible}) drifted when, after its wait, nothing on the screen is that element whatever its
 * state (the query without its flags finds nothing), or, for a step recorded with its screen
 * ({@code screen:}), when its locator, unique when recorded, now matches more than one element
 * (checked on the screen before the step: the tool would take the first). An element that is there
 * but in another state (a switch an {@code assert_visible} wants on is off) is not drift: that
 * check failed. A recorded step whose screen signature differs while its target still resolves is
 * not drift either: it is run, marked {@link ReplayMark.Kind#SCREEN_DRIFT} and counted.
 *
 * <p><b>Healing.</b> With a healer, a drifted step is handed to it with the flow's goal and that
 * step's intent (the step, why it failed, and the step the flow goes on with); the healer's steps
 * run in its place, each marked {@link ReplayMark.Kind#HEALED}, until the drifted step's own target
 * resolves (a pop-up was in the way: the step runs after all) or the next recorded step's does (the
 * step is replaced), or the healer says its part is done. At most {@code maxCalls} plans per
 * drifted step, else the step fails with its own error. An {@code assert_visible} is never skipped
 * on the healer's word: if its target never resolves, it fails. Without a healer, a drifted step
 * fails the task as any failed step does, with the tool's message (the step, what it looked for,
 * what is on screen), or, for an ambiguous one, a message naming the matches.
 *
 * <p>Who confirms a sensitive step: {@link #healing()} tells whether the plan just returned came
 * from the healer, so the caller's confirmer asks a person for those and lets the flow's own (a
 * person wrote or recorded them) through.
 *
 * <p>One replay per run: it keeps the run's state (what it emitted, what it healed); a new task id
 * starts it afresh. Used on the task's thread; the counts are readable after the run.
 */
public final class FlowReplay implements Planner {

  /** How many plans a drifted step may ask of the healer by default. */
  public static final int DEFAULT_MAX_CALLS = 4;

  /** The most {@code maxCalls} may be. */
  public static final int MAX_CALLS = 50;

  /** The longest note a mark keeps. */
  private static final int NOTE_CHARS = 240;

  private static final Logger log = LoggerFactory.getLogger(FlowReplay.class);

  private final Flow flow;

  /** Per step, the element it looks for: parsed once, not on every plan. */
  private final List<Optional<ElementQuery>> targets;

  private final Planner healer;
  private final int maxCalls;

  private TaskId task;
  private int next;
  private int checked;
  private Heal heal;
  private boolean healing;
  private final List<Integer> origins = new ArrayList<>();
  private final List<ReplayMark> marks = new ArrayList<>();
  private final Map<Integer, Integer> spent = new HashMap<>();
  private int healedSteps;
  private int healCalls;
  private int screenDrifts;

  /**
   * @param registry the tools the flow was checked against (to find each step's target)
   * @param healer plans in place of a drifted step, or null to let drift fail the step
   * @param maxCalls the most plans one drifted step may ask of the healer, 1 to {@value #MAX_CALLS}
   */
  public FlowReplay(Flow flow, ToolRegistry registry, Planner healer, int maxCalls) {
    this.flow = Objects.requireNonNull(flow, "flow");
    Objects.requireNonNull(registry, "registry");
    this.targets = flow.steps().stream().map(step -> target(registry, step)).toList();
    this.healer = healer;
    if (maxCalls < 1 || maxCalls > MAX_CALLS) {
      throw new InvalidInputException(
          "heal calls must be 1 to " + MAX_CALLS + ", got " + maxCalls + "; give one in range");
    }
    this.maxCalls = maxCalls;
  }

  /** A replay that heals nothing: drift fails the step. */
  public FlowReplay(Flow flow, ToolRegistry registry) {
    this(flow, registry, null, DEFAULT_MAX_CALLS);
  }

  public Flow flow() {
    return flow;
  }

  /** Whether a healer is given. */
  public boolean heals() {
    return healer != null;
  }

  @Override
  public List<PlannedStep> plan(String goal, Scene scene, TaskContext context) {
    return plan(goal, scene, context, context.world());
  }

  @Override
  public List<PlannedStep> plan(String goal, Scene scene, TaskContext context, WorldState world) {
    startIfNew(context.taskId());
    healing = false;
    List<StepResult> results = context.stepResults();
    for (; checked < results.size() && checked < origins.size(); checked++) {
      StepResult r = results.get(checked);
      int origin = origins.get(checked);
      if (!r.success() && origin >= 0) {
        onRecordedFailure(checked + 1, origin, r);
      }
    }
    if (heal != null) {
      List<PlannedStep> healed = heal(scene, context, world);
      if (healed != null) {
        return healed;
      }
    }
    if (next >= flow.steps().size()) {
      return List.of();
    }
    PlannedStep step = flow.steps().get(next);
    String recorded = flow.screens().get(next);
    Optional<ElementQuery> target = targets.get(next);
    boolean resolves = target.isEmpty();
    if (recorded != null && target.isPresent()) {
      List<SceneElement> found = ElementLocator.matches(scene, target.get());
      resolves = found.size() == 1;
      if (found.size() > 1) {
        String why = ambiguity(target.get(), found);
        if (healer == null) {
          throw new StopTaskException(
              TaskStatus.FAILED,
              "flow step "
                  + (next + 1)
                  + " ("
                  + step.describe()
                  + "): "
                  + why
                  + "; run with --heal and a model to let it pick, or make the step's locator"
                  + " unique");
        }
        heal = newHeal(next, why);
        List<PlannedStep> healed = heal(scene, context, world);
        // Null: the healer got past the step; plan the one the replay goes on with.
        return healed != null ? healed : plan(goal, scene, context, world);
      }
    }
    // Only a step that will find its target drifted harmlessly; one that will not fails (or heals).
    String seen = recorded != null && resolves ? ScreenSignature.of(scene) : null;
    if (seen != null && !recorded.equals(seen)) {
      screenDrifts++;
      ReplayMark mark =
          ReplayMark.screenDrift(next + 1, "recorded on screen " + recorded + ", ran on " + seen);
      marks.add(mark);
      context.planListener().replayMarked(mark);
    }
    origins.add(next);
    next++;
    return List.of(step);
  }

  /**
   * Whether the plan returned last came from the healer: its steps are the model's, and a person
   * confirms their sensitive actions.
   */
  public boolean healing() {
    return healing;
  }

  /** How many recorded steps the healer replaced or got past in the current or last run. */
  public int healedSteps() {
    return healedSteps;
  }

  /** How many plans the healer was asked for in the current or last run. */
  public int healCalls() {
    return healCalls;
  }

  /** How many recorded steps ran on a screen whose signature changed since it was recorded. */
  public int screenDrifts() {
    return screenDrifts;
  }

  /** Per flow step healed (1-based, in flow order), the plans asked of the healer for it. */
  public Map<Integer, Integer> healPlans() {
    Map<Integer, Integer> out = new java.util.TreeMap<>();
    spent.forEach((index, calls) -> out.put(index + 1, calls));
    return out;
  }

  /** Every mark of the current or last run, in order. */
  public List<ReplayMark> marks() {
    return List.copyOf(marks);
  }

  /**
   * Per step the run executed, in order: the index in {@link Flow#steps()} of the recorded step it
   * was, or -1 for a step the healer planned.
   */
  public List<Integer> origins() {
    return List.copyOf(origins);
  }

  private void startIfNew(TaskId id) {
    if (id.equals(task)) {
      return;
    }
    task = id;
    next = 0;
    checked = 0;
    heal = null;
    origins.clear();
    marks.clear();
    spent.clear();
    healedSteps = 0;
    healCalls = 0;
    screenDrifts = 0;
  }

  /** A recorded step failed: heal it when it drifted and a healer is given, else end the task. */
  private void onRecordedFailure(int stepNumber, int index, StepResult result) {
    Optional<String> drift = healer == null ? Optional.empty() : drift(index, result);
    if (drift.isEmpty() || spent.getOrDefault(index, 0) >= maxCalls) {
      throw new StopTaskException(TaskStatus.FAILED, TaskRunner.stepFailed(stepNumber, result));
    }
    heal = newHeal(index, drift.get());
  }

  /** A heal of step {@code index}, counting the plans already spent on it in this run. */
  private Heal newHeal(int index, String why) {
    Heal h = new Heal(index, why);
    h.calls = spent.getOrDefault(index, 0);
    h.before = h.calls;
    return h;
  }

  /**
   * The healer's next steps for the drifted step, or null when the replay goes on with a recorded
   * step ({@link #next} set to it).
   */
  private List<PlannedStep> heal(Scene scene, TaskContext context, WorldState world) {
    Heal h = heal;
    boolean healerPlanned = h.calls > h.before;
    if (healerPlanned && resolves(h.index, scene)) {
      resume(h.index, "its target is back on screen");
      return null;
    }
    if (healerPlanned && h.index + 1 < flow.steps().size() && resolves(h.index + 1, scene)) {
      resume(h.index + 1, "step " + (h.index + 2) + "'s target is on screen");
      return null;
    }
    PlannedStep step = flow.steps().get(h.index);
    if (h.calls >= maxCalls) {
      throw new StopTaskException(
          TaskStatus.FAILED,
          "flow step "
              + (h.index + 1)
              + " ("
              + step.describe()
              + ") could not be healed in "
              + maxCalls
              + " model call(s): "
              + h.why);
    }
    h.calls++;
    healCalls++;
    spent.put(h.index, h.calls);
    String healGoal = healGoal(context.goal(), h);
    List<PlannedStep> planned;
    try {
      planned = healer.plan(healGoal, scene, context, world);
    } catch (StopTaskException e) {
      throw new StopTaskException(
          e.status(), "healing flow step " + (h.index + 1) + ": " + e.getMessage());
    }
    if (planned == null || planned.isEmpty()) {
      // The healer says the step's part is done.
      if (isCheck(step)) {
        throw new StopTaskException(
            TaskStatus.FAILED,
            "flow step "
                + (h.index + 1)
                + " ("
                + step.describe()
                + ") checks what is not on screen, and the model found nothing to do about it: "
                + h.why);
      }
      resume(h.index + 1, "the model says the step's part is done");
      return null;
    }
    ReplayMark mark =
        ReplayMark.healed(
            h.index + 1,
            // Redacted before it is cut, so no part of a secret survives the cut.
            Text.oneLine(
                Secrets.redact(
                    "in place of flow step "
                        + (h.index + 1)
                        + " ("
                        + step.describe()
                        + "): "
                        + h.why),
                NOTE_CHARS));
    marks.add(mark);
    context.planListener().replayMarked(mark);
    for (int i = 0; i < planned.size(); i++) {
      origins.add(-1);
    }
    healing = true;
    return planned;
  }

  private void resume(int index, String why) {
    healedSteps++;
    log.info(
        "replay: healed flow step {} after {} model call(s); going on with step {} ({})",
        heal.index + 1,
        heal.calls - heal.before,
        index + 1,
        why);
    heal = null;
    next = index;
  }

  /** What the healer is asked: the goal, the step and why it failed, and what comes after it. */
  private String healGoal(String goal, Heal h) {
    PlannedStep step = flow.steps().get(h.index);
    StringBuilder out = new StringBuilder();
    out.append(flow.name())
        .append(". A recorded flow for this goal is being replayed, and its step ")
        .append(h.index + 1)
        .append(" no longer works on this screen: ")
        .append(step.describe())
        .append(" (")
        .append(Text.oneLine(Secrets.redact(h.why), 300))
        .append("). Do on this screen what that step was for, one step at a time, and call done")
        .append(" once it is done");
    if (h.index + 1 < flow.steps().size()) {
      out.append("; the flow then goes on with ").append(flow.steps().get(h.index + 1).describe());
    }
    out.append(".");
    if (!flow.name().equals(goal) && goal != null && !goal.isBlank()) {
      out.append(" (Task: ").append(Text.oneLine(goal, 200)).append(")");
    }
    return out.toString();
  }

  /**
   * Why a failed recorded step drifted (its target is not on the screen it last saw, whatever its
   * state), or empty when it failed otherwise.
   */
  private Optional<String> drift(int index, StepResult result) {
    Optional<ElementQuery> target = targets.get(index);
    if (target.isEmpty() || !(result.output() instanceof Scene seen)) {
      return Optional.empty();
    }
    if (!ElementLocator.matches(seen, anyState(target.get())).isEmpty()) {
      return Optional.empty(); // there, in another state: the check failed
    }
    return Optional.of(result.error() == null ? "its target is not on screen" : result.error());
  }

  /** Whether step {@code index}'s target is on {@code scene}, once, whatever its state. */
  private boolean resolves(int index, Scene scene) {
    Optional<ElementQuery> target = targets.get(index);
    return target.isPresent() && ElementLocator.matches(scene, anyState(target.get())).size() == 1;
  }

  /** {@code query} without its state flags: the element, checked or not. */
  private static ElementQuery anyState(ElementQuery query) {
    return new ElementQuery(query.ref(), query.text(), Map.of());
  }

  private static Optional<ElementQuery> target(ToolRegistry registry, PlannedStep step) {
    try {
      Object args = registry.parse(step).args();
      if (args instanceof ElementTargeted t && !t.query().hasNoTarget()) {
        return Optional.of(t.query());
      }
    } catch (RuntimeException e) {
      // A step the registry cannot parse has no target to look for; running it says why.
    }
    return Optional.empty();
  }

  private static boolean isCheck(PlannedStep step) {
    return step.action().equals("assert_visible");
  }

  private static String ambiguity(ElementQuery query, List<SceneElement> found) {
    StringBuilder out =
        new StringBuilder(query.describe())
            .append(" matches ")
            .append(found.size())
            .append(" elements on screen (");
    for (int i = 0; i < Math.min(found.size(), 4); i++) {
      SceneElement e = found.get(i);
      out.append(i == 0 ? "" : ", ").append(e.id());
      if (!e.text().isBlank()) {
        out.append(" \"").append(Text.oneLine(e.text(), 40)).append('"');
      }
    }
    out.append(found.size() > 4 ? ", …" : "").append("); it was unique when recorded");
    return out.toString();
  }

  /** The drifted step being healed: its index, why, and the plans asked for it. */
  private static final class Heal {
    final int index;
    final String why;
    int calls;
    int before;

    Heal(int index, String why) {
      this.index = index;
      this.why = why;
    }
  }
}
