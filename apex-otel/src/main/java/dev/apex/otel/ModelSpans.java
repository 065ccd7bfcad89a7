package dev.apex.otel;

import dev.apex.llm.LlmResult;
import dev.apex.llm.LlmUsage;
import dev.apex.llm.ModelCall;
import dev.apex.llm.ModelCallListener;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import java.util.Locale;

/**
 * A span per model call, as OpenTelemetry's GenAI semantic conventions name it: {@code chat MODEL},
 * a client span with {@code gen_ai.operation.name}, {@code gen_ai.provider.name} (and the older
 * {@code gen_ai.system}), {@code gen_ai.request.model}, {@code gen_ai.request.max_tokens}, {@code
 * gen_ai.usage.input_tokens} (every input token, cached or not, as the conventions count them),
 * {@code gen_ai.usage.output_tokens}, the cache's counts, {@code server.address} and {@code
 * server.port}, and {@code error.type} on a failure. Never the prompt or the reply: they hold
 * screen text.
 */
final class ModelSpans implements ModelCallListener {

  /** Every call apex makes is a chat: a structured reply or one tool call. */
  static final String OPERATION = "chat";

  private final ActiveTasks tasks;

  ModelSpans(ActiveTasks tasks) {
    this.tasks = tasks;
  }

  @Override
  public Call started(ModelCall call) {
    var builder =
        tasks
            .tracer()
            .spanBuilder(OPERATION + " " + call.model())
            .setSpanKind(SpanKind.CLIENT)
            .setParent(tasks.workParent())
            .setAttribute(Names.GEN_AI_OPERATION, OPERATION)
            .setAttribute(Names.GEN_AI_PROVIDER, call.provider())
            .setAttribute(Names.GEN_AI_SYSTEM, call.provider())
            .setAttribute(Names.GEN_AI_MODEL, call.model())
            .setAttribute(Names.GEN_AI_MAX_TOKENS, call.maxTokens())
            .setAttribute(Names.MODEL_PROMPT_CHARS, call.promptChars())
            .setAttribute(Names.MODEL_TOOLS, call.tools());
    if (!call.serverAddress().isEmpty()) {
      builder.setAttribute(Names.SERVER_ADDRESS, call.serverAddress());
    }
    if (call.serverPort() > 0) {
      builder.setAttribute(Names.SERVER_PORT, call.serverPort());
    }
    Span span = builder.startSpan();
    return result -> end(span, result);
  }

  private static void end(Span span, LlmResult<?> result) {
    LlmUsage usage = result.usage();
    span.setAttribute(Names.GEN_AI_INPUT_TOKENS, usage.totalInputTokens())
        .setAttribute(Names.GEN_AI_OUTPUT_TOKENS, usage.outputTokens())
        .setAttribute(Names.GEN_AI_CACHE_READ, usage.cacheReadTokens())
        .setAttribute(Names.GEN_AI_CACHE_CREATION, usage.cacheCreationTokens())
        .setAttribute(Names.MODEL_ATTEMPTS, result.attempts());
    if (!result.succeeded()) {
      String type = result.failure().name().toLowerCase(Locale.ROOT);
      span.setAttribute(Names.ERROR_TYPE, type);
      span.setStatus(StatusCode.ERROR, type);
    }
    span.end();
  }
}
