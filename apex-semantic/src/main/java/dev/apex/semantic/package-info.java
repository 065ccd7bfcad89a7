/**
 * Semantic scene enrichment (seed 004): one structured-output LLM call that turns a {@link
 * dev.apex.core.Scene} into a compact {@link dev.apex.semantic.SemanticScene} (page, intents,
 * widget purposes).
 *
 * <p>Enrichment is optional and never fails the Observe → Act loop: {@link
 * dev.apex.semantic.Enricher#enrichScene} returns {@code null} for every expected failure
 * (disabled, no key, timeout, rate limit, refusal, malformed reply…) and callers fall back to the
 * raw scene. The narrow {@link dev.apex.semantic.LlmClient} is the seam; {@link
 * dev.apex.semantic.AnthropicLlmClient} is its only implementation and this package is the only one
 * that imports the Anthropic SDK — no SDK type appears in a public signature.
 *
 * <p>Tool use, for the runtime's Claude planner: {@link dev.apex.semantic.ToolUseClient} sends one
 * turn ({@link dev.apex.semantic.ToolUseRequest}: strict {@link dev.apex.semantic.ToolDefinition}s,
 * a cached system prompt, one user message) and returns the model's one {@link
 * dev.apex.semantic.ToolCall} or why there is none; {@link
 * dev.apex.semantic.AnthropicToolUseClient} implements it with the same bounded retries.
 */
package dev.apex.semantic;
