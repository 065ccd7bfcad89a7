/**
 * The loop's observe step: {@link dev.apex.runtime.observe.PerceivingObserver}, the one {@link
 * dev.apex.runtime.Observer} (capture the device, perceive a Scene, label it through the enricher),
 * and what labels a screen once: the {@link dev.apex.runtime.observe.LabelCache} keyed by the
 * screen's signature ({@link dev.apex.runtime.observe.LabelCacheMode}: within a task, across tasks
 * in the timeline, or off), served only while the screen's words match, and what it saved ({@link
 * dev.apex.runtime.observe.LabelSavings}). It sits on the loop's ports and perception, and nothing
 * of the loop sits on it: the agent builds it into each run.
 */
package dev.apex.runtime.observe;
