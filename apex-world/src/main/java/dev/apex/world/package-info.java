/**
 * World Runtime (seed 000): a bounded, deterministic summary of one task run — the current app and
 * page, what the planner asked to remember, a structural signature of the screen, and the last few
 * steps — that the planner reads instead of re-scanning every scene.
 *
 * <p>{@link dev.apex.world.WorldModel#observe} folds each executed step into the state by fixed
 * rules over data the loop already has (the scene, the optional semantic scene, the step and its
 * result); {@link dev.apex.world.WorldModel#state()} hands the planner an immutable {@link
 * dev.apex.world.WorldState}. The state lives for one task run only and is never persisted here;
 * the timeline may record its compact JSON form.
 *
 * <p>This package does no I/O, starts no threads and calls no LLM; it uses only core's models and
 * semantic's {@link dev.apex.llm.SemanticScene} record.
 */
package dev.apex.world;
