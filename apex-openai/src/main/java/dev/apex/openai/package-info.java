/**
 * OpenAI-compatible models (OpenAI, Ollama, vLLM, llama.cpp's server, LM Studio, OpenRouter) on the
 * official OpenAI Java SDK's Chat Completions: the structured-reply client the semantic labels use
 * (a JSON-schema {@code response_format}) and the tool-use client the planner uses (function tools,
 * streaming off), both behind {@code dev.apex.llm}'s ports and registered as the {@code openai}
 * {@link dev.apex.llm.LlmProvider}. The only package that imports the SDK; no SDK type leaves it.
 */
package dev.apex.openai;
