/**
 * A fake Anthropic Messages API on loopback ({@link dev.apex.testkit.llm.FakeMessagesApi}) that
 * speaks the real wire format, so tests run the real SDK client against scripted replies: messages
 * (text, tool calls, any stop reason, usage), API errors with their headers, garbage, dropped
 * connections and hangs.
 */
package dev.apex.testkit.llm;
