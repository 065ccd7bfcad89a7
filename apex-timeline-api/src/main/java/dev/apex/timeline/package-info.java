/**
 * What a task records, typed, and the write side of the timeline, with no store on the classpath:
 * {@link dev.apex.timeline.StepRecord} (one executed step) and its {@link
 * dev.apex.timeline.StepExtras} (semantic labels or why there are none, {@link
 * dev.apex.timeline.StepUsage LLM usage}, the world after the step), the port {@link
 * dev.apex.timeline.TaskTimeline} the runtime records through, the {@link
 * dev.apex.timeline.LabelStore} a cross-task label cache keeps labellings in ({@link
 * dev.apex.timeline.LabelKey}, {@link dev.apex.timeline.CachedLabels}; a step labelled from a cache
 * records a {@link dev.apex.timeline.LabelCacheHit}), and the {@link
 * dev.apex.timeline.TimelineProvider} SPI that {@code apex-storage} implements. Depends on core and
 * on the llm and world models only, so storage may read these types back and the runtime never sees
 * storage.
 */
package dev.apex.timeline;
