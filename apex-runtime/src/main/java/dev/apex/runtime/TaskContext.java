package dev.apex.runtime;

import dev.apex.core.Scene;
import dev.apex.core.StepResult;
import dev.apex.core.TaskId;
import dev.apex.llm.SemanticScene;
import dev.apex.perception.Handles;
import dev.apex.tools.ToolOffer;
import dev.apex.world.WorldState;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One task's memory while it runs: its goal, every scene observed and every step result, oldest
 * first. Written by the runner's thread; readable from any thread (reads return snapshots).
 */
public final class TaskContext {

  private final TaskId taskId;
  private final String goal;
  private final List<Scene> scenes = new ArrayList<>();
  private final List<StepResult> stepResults = new ArrayList<>();
  private volatile WorldState world;
  private volatile SemanticScene latestSemanticScene;
  private volatile PlanListener planListener = PlanListener.NONE;
  private volatile List<ToolOffer> offeredTools;
  private final Handles handles = new Handles();

  public TaskContext(TaskId taskId, String goal) {
    this.taskId = Objects.requireNonNull(taskId, "taskId");
    this.goal = Objects.requireNonNull(goal, "goal");
  }

  public TaskId taskId() {
    return taskId;
  }

  public String goal() {
    return goal;
  }

  /**
   * The task's element handles: what its listings, change summaries and planner prompts name
   * elements by, and what its tools' {@code element} arguments are read against.
   */
  public Handles handles() {
    return handles;
  }

  /**
   * The tools a planner may offer its model for this task's device ({@link
   * dev.apex.tools.ToolRegistry#offeredOn}), set by the runner before the first plan; null when no
   * device is known (a planner then offers its whole registry).
   */
  public List<ToolOffer> offeredTools() {
    return offeredTools;
  }

  /** Sets {@link #offeredTools()}; the runner calls it once, before planning. */
  public void offeredTools(List<ToolOffer> offers) {
    this.offeredTools = List.copyOf(offers);
  }

  public synchronized void addScene(Scene scene) {
    scenes.add(Objects.requireNonNull(scene, "scene"));
  }

  public synchronized void addStepResult(StepResult result) {
    stepResults.add(Objects.requireNonNull(result, "result"));
  }

  public synchronized List<Scene> scenes() {
    return List.copyOf(scenes);
  }

  public synchronized List<StepResult> stepResults() {
    return List.copyOf(stepResults);
  }

  /** The most recently observed scene, or null before the first observation. */
  public synchronized Scene latestScene() {
    return scenes.isEmpty() ? null : scenes.get(scenes.size() - 1);
  }

  /**
   * Where the task stands (seed 000): the world model's latest snapshot, immutable, or null when
   * world tracking is off. The runner refreshes it after every executed step.
   */
  public WorldState world() {
    return world;
  }

  /** Set by the runner after each step; planners only read. */
  void world(WorldState world) {
    this.world = world;
  }

  /**
   * The semantic labels of the most recent observation (seed 004), or null when that observation
   * had none (enrichment off or unavailable). Set by the runner with each scene.
   */
  public SemanticScene latestSemanticScene() {
    return latestSemanticScene;
  }

  /** Set by the runner after each observation; planners only read. */
  void latestSemanticScene(SemanticScene semanticScene) {
    this.latestSemanticScene = semanticScene;
  }

  /**
   * Where the planner reports its model calls and a reached goal, on the task's thread: the run's
   * collector, which records them with the plan's first step and tells the runner's {@link
   * PlanListener}s; {@link PlanListener#NONE} for a context made outside a runner. Never null.
   */
  public PlanListener planListener() {
    return planListener;
  }

  /** Set by the runner when the run starts. */
  void planListener(PlanListener planListener) {
    this.planListener = planListener;
  }

  public synchronized int stepCount() {
    return stepResults.size();
  }
}
