package dev.apex.timeline;

import dev.apex.llm.SemanticScene;
import dev.apex.world.WorldState;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What a step records beside its scene and result. Immutable; every part may be absent.
 *
 * <p>The timeline stores it as the step's annotations JSON object, under the names earlier versions
 * used, so files written before and after this type read the same way: {@code semantic_scene},
 * {@code semantic_unavailable}, {@code llm_usage} (one object for one usage, a list when there are
 * several) and {@code world}.
 *
 * @param semanticScene the labels of the scene the step was planned on (seed 004), or null when
 *     labelling was off or failed
 * @param semanticUnavailable why there are no labels, as {@link dev.apex.llm.FailureReason#code()}
 *     gives it (e.g. {@code overloaded}), or null when labels were not asked for or arrived
 * @param llmUsage the model calls made for the step, in the order they were made (the observer's
 *     labelling first, then the planner's); empty when none
 * @param world the world state after the step (seed 000), or null when world tracking is off
 * @param replay what replaying a recorded flow said about the step (healed, screen drift), or null
 * @param labelCache the label cache that labelled the step's screen with no model call, and what
 *     that saved; null when the labels (if any) came from a call
 */
public record StepExtras(
    SemanticScene semanticScene,
    String semanticUnavailable,
    List<StepUsage> llmUsage,
    WorldState world,
    ReplayMark replay,
    LabelCacheHit labelCache) {

  /** Nothing recorded beside the step. */
  public static final StepExtras NONE = new StepExtras(null, null, List.of(), null, null, null);

  public StepExtras {
    semanticUnavailable =
        semanticUnavailable == null || semanticUnavailable.isBlank() ? null : semanticUnavailable;
    llmUsage = llmUsage == null ? List.of() : List.copyOf(llmUsage);
  }

  /** Extras not labelled from a label cache. */
  public StepExtras(
      SemanticScene semanticScene,
      String semanticUnavailable,
      List<StepUsage> llmUsage,
      WorldState world,
      ReplayMark replay) {
    this(semanticScene, semanticUnavailable, llmUsage, world, replay, null);
  }

  /** Extras with no replay mark. */
  public StepExtras(
      SemanticScene semanticScene,
      String semanticUnavailable,
      List<StepUsage> llmUsage,
      WorldState world) {
    this(semanticScene, semanticUnavailable, llmUsage, world, null, null);
  }

  /** True when no part is present. */
  public boolean isEmpty() {
    return semanticScene == null
        && semanticUnavailable == null
        && llmUsage.isEmpty()
        && world == null
        && replay == null
        && labelCache == null;
  }

  /** These extras with {@code more} usages after the ones already here. */
  public StepExtras plusUsage(List<StepUsage> more) {
    Objects.requireNonNull(more, "more");
    if (more.isEmpty()) {
      return this;
    }
    List<StepUsage> all = new ArrayList<>(llmUsage);
    all.addAll(more);
    return new StepExtras(semanticScene, semanticUnavailable, all, world, replay, labelCache);
  }

  /** These extras with {@code state} as the world after the step (null for none). */
  public StepExtras withWorld(WorldState state) {
    return new StepExtras(semanticScene, semanticUnavailable, llmUsage, state, replay, labelCache);
  }

  /** These extras with {@code mark} as the step's replay mark (null for none). */
  public StepExtras withReplay(ReplayMark mark) {
    return new StepExtras(semanticScene, semanticUnavailable, llmUsage, world, mark, labelCache);
  }

  /** These extras with {@code hit} as the label cache that labelled the screen (null for none). */
  public StepExtras withLabelCache(LabelCacheHit hit) {
    return new StepExtras(semanticScene, semanticUnavailable, llmUsage, world, replay, hit);
  }
}
