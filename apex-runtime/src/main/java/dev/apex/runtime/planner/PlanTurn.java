package dev.apex.runtime.planner;

import dev.apex.core.Scene;
import dev.apex.llm.SemanticScene;
import dev.apex.runtime.TaskContext;
import dev.apex.world.ScreenSignature;
import dev.apex.world.WorldState;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * One plan: what it works from (the goal, the screen, its signature and semantic page, the world,
 * the task so far) and what the chain told the model during it. Every ask of the plan after the
 * first is a re-ask; one plan may re-ask at most {@code maxReasks} times, whichever guard asks.
 * Used on the task's thread, by one plan.
 */
final class PlanTurn {

  private final String goal;
  private final Scene scene;
  private final String signature;
  private final SemanticScene semantic;
  private final WorldState world;
  private final TaskContext context;
  private final int maxReasks;
  private final List<String> notes = new ArrayList<>();
  private final Set<String> told = new HashSet<>();
  private int reasks;

  /**
   * @param semantic the semantic scene of {@code scene}, or null
   * @param world the world state, or null when world tracking is off
   */
  PlanTurn(
      String goal,
      Scene scene,
      SemanticScene semantic,
      WorldState world,
      TaskContext context,
      int maxReasks) {
    this.goal = Objects.requireNonNull(goal, "goal");
    this.scene = Objects.requireNonNull(scene, "scene");
    this.signature = ScreenSignature.of(scene);
    this.semantic = semantic;
    this.world = world;
    this.context = Objects.requireNonNull(context, "context");
    this.maxReasks = maxReasks;
  }

  String goal() {
    return goal;
  }

  Scene scene() {
    return scene;
  }

  /** The screen signature of {@link #scene()}. */
  String signature() {
    return signature;
  }

  SemanticScene semantic() {
    return semantic;
  }

  /** The semantic page of the screen, or null without a semantic scene. */
  String page() {
    return semantic == null ? null : semantic.page();
  }

  WorldState world() {
    return world;
  }

  TaskContext context() {
    return context;
  }

  /** The 1-based number the step this plan returns will have. */
  int stepNumber() {
    return context.stepCount() + 1;
  }

  /** Whether the plan may ask the model again. */
  boolean mayReask() {
    return reasks < maxReasks;
  }

  /**
   * Counts a re-ask and adds {@code note} (trusted text: it must quote nothing from the screen or
   * the reply) to what the next ask tells the model.
   */
  void reask(String note) {
    reasks++;
    notes.add(Objects.requireNonNull(note, "note"));
  }

  /** Re-asks so far. */
  int reasks() {
    return reasks;
  }

  /** The notes for the model, oldest first. */
  List<String> notes() {
    return List.copyOf(notes);
  }

  /**
   * True the first time it is called with {@code reason} in this plan: lets a guard tell the model
   * a thing once per plan however often the chain runs it.
   */
  boolean firstTime(String reason) {
    return told.add(reason);
  }
}
