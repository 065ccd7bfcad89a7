/**
 * Perception: a raw capture becomes a {@link dev.apex.core.Scene}. {@link
 * dev.apex.perception.Perceiver} is the entry point: {@link dev.apex.perception.TreeParsers} picks
 * the parser for the capture's format (uiautomator XML, Appium page source, WDA XML, web JSON) and
 * yields a {@link dev.apex.perception.tree.UiTree}; an {@link dev.apex.perception.OcrEngine}
 * (Tesseract) reads the screenshot; {@link dev.apex.perception.SceneBuilder} fuses both (the fusion
 * rule is stated there, once); {@link dev.apex.perception.CompactEncoder} writes the scene
 * compactly for the planner and the LLM. Local and deterministic apart from OCR: no network, no
 * LLM.
 */
package dev.apex.perception;
