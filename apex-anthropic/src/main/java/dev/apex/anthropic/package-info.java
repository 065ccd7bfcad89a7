/**
 * Claude on the official Anthropic Java SDK: the structured-reply client the semantic labels use
 * and the tool-use client the planner uses, both behind {@code dev.apex.llm}'s ports and registered
 * as the {@code anthropic} {@link dev.apex.llm.LlmProvider}. The only package that imports the SDK;
 * no SDK type leaves it.
 */
package dev.apex.anthropic;
