/**
 * The LLM ports and their models, with no SDK: {@link dev.apex.llm.SemanticScene} (a screen's
 * labels), {@link dev.apex.llm.LlmClient} (one structured reply), {@link
 * dev.apex.llm.ToolUseClient} (one tool-use turn: strict {@link dev.apex.llm.ToolDefinition}s in,
 * one {@link dev.apex.llm.ToolCall} or why there is none out), their request, result and usage
 * records, and {@link dev.apex.llm.LlmProvider}, which each provider module implements and {@link
 * dev.apex.llm.LlmProviders} finds on the classpath.
 */
package dev.apex.llm;
