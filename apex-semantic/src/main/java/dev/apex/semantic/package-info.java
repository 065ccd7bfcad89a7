/**
 * Semantic scene enrichment (seed 004): one structured-output LLM call that turns a {@link
 * dev.apex.core.Scene} into a compact {@link dev.apex.llm.SemanticScene} (page, intents, widget
 * purposes).
 *
 * <p>Enrichment is optional and never fails the Observe → Act loop: {@link
 * dev.apex.semantic.Enricher#enrichScene} returns {@code null} for every expected failure
 * (disabled, no key, timeout, rate limit, refusal, malformed reply…) and callers fall back to the
 * raw scene. It speaks only through the SDK-free port {@link dev.apex.llm.LlmClient}; the client
 * comes from a provider module ({@code apex-anthropic}) found through {@link
 * dev.apex.llm.LlmProviders}, so this module has no model SDK on its classpath.
 */
package dev.apex.semantic;
