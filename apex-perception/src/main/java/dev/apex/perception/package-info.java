/**
 * Perception: a raw capture becomes a {@link dev.apex.perception.UiTree} (uiautomator XML, WDA XML,
 * Appium page source, web JSON), OCR boxes are fused into it by {@link
 * dev.apex.perception.SceneBuilder}, and the {@link dev.apex.core.Scene} is encoded compactly for
 * the planner and the LLM. Local and deterministic: no network, no LLM.
 */
package dev.apex.perception;
