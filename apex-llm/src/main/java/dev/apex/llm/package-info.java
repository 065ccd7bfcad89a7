/**
 * The LLM ports and their models, with no SDK: {@link dev.apex.llm.SemanticScene} (a screen's
 * labels), {@link dev.apex.llm.LlmClient} (one structured reply), {@link
 * dev.apex.llm.ToolUseClient} (one tool-use turn: strict {@link dev.apex.llm.ToolDefinition}s in,
 * one {@link dev.apex.llm.ToolCall} or why there is none out), their request, result and usage
 * records, and {@link dev.apex.llm.LlmProvider}, which each provider module implements and {@link
 * dev.apex.llm.LlmProviders} finds on the classpath. What every provider shares lives here too, so
 * a provider module adds only its SDK calls ({@link dev.apex.llm.ModelSdk}), its failure mapping
 * (to {@link dev.apex.llm.SdkFailure}) and its requests and replies: {@link
 * dev.apex.llm.ModelTransport} runs each attempt under the call's one deadline, retries, redacts
 * and closes.
 */
package dev.apex.llm;
