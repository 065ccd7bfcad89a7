package dev.apex.cli;

import dev.apex.semantic.SemanticConfig;
import dev.apex.world.WorldConfig;

/**
 * The effective settings of one command: the config file, then the environment, then flags.
 *
 * @param semantic semantic enrichment (off unless enabled; the key comes from ANTHROPIC_API_KEY)
 * @param world world tracking (on by default)
 * @param maxSteps the step limit of a task
 * @param ocr whether to OCR screenshots when Tesseract is installed
 */
record Settings(SemanticConfig semantic, WorldConfig world, int maxSteps, boolean ocr) {}
