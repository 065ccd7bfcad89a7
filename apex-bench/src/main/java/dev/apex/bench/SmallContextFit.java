package dev.apex.bench;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingRegistry;
import com.knuddels.jtokkit.api.EncodingType;
import dev.apex.core.Scene;
import dev.apex.perception.CompactEncoder;
import dev.apex.perception.OcrEngine;
import dev.apex.perception.Perceiver;
import dev.apex.runtime.planner.PlannerConfig;
import dev.apex.runtime.planner.PromptFootprint;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * M10: whether the planner's request fits a small local model's context (8,192 tokens). It takes
 * the largest shared dump (by its screen block's tokens), writes the request of the last step of a
 * 20-step task on it ({@link PromptFootprint}: system prompt, tool catalogue, user message with a
 * long history) and counts it with two tokenizers, cl100k and o200k; the context needed is that
 * count with a margin for other tokenizers, plus the reply's {@code max_tokens} as an
 * OpenAI-compatible provider sends it ({@link PlannerConfig#SMALL_CONTEXT_MAX_OUTPUT_TOKENS}: with
 * Claude's 4,096 the largest step does not fit). Deterministic and cheap: the quick bench runs it
 * too.
 */
public final class SmallContextFit {

  /** The context window of many local models (Ollama's default for several, llama.cpp's -c). */
  public static final int WINDOW = 8192;

  /** The steps of the task measured. */
  public static final int STEPS = 20;

  /** Added to the counted prompt for tokenizers that split text finer than these two. */
  public static final double MARGIN = 0.15;

  private static final EncodingRegistry REGISTRY = Encodings.newLazyEncodingRegistry();

  private SmallContextFit() {}

  /** With the planner settings of an OpenAI-compatible provider (the reply's smaller limit). */
  public static SmallContextFitResult measure(List<Dump> dumps) {
    return measure(
        dumps,
        PlannerConfig.defaults()
            .withMaxOutputTokens(PlannerConfig.SMALL_CONTEXT_MAX_OUTPUT_TOKENS));
  }

  static SmallContextFitResult measure(List<Dump> dumps, PlannerConfig config) {
    Objects.requireNonNull(dumps, "dumps");
    Perceiver perceiver = new Perceiver(OcrEngine.NONE);
    Dump largest = null;
    Scene scene = null;
    int largestTokens = -1;
    for (Dump dump : dumps.stream().sorted(Comparator.comparing(Dump::file)).toList()) {
      Scene s = perceiver.observe(dump.capture());
      int tokens = Tokens.count(CompactEncoder.encode(s));
      if (tokens > largestTokens) {
        largest = dump;
        scene = s;
        largestTokens = tokens;
      }
    }
    if (scene == null) {
      throw new IllegalArgumentException("no dumps to measure");
    }
    PromptFootprint.Request request =
        PromptFootprint.lastStep(scene, "turn Wi-Fi on and check it stays on", STEPS, 10, config);
    String prompt = request.system() + "\n" + request.toolsJson() + "\n" + request.user();
    return new SmallContextFitResult(
        largest.file(),
        count(EncodingType.CL100K_BASE, prompt),
        count(EncodingType.O200K_BASE, prompt),
        count(EncodingType.O200K_BASE, request.toolsJson()),
        request.maxTokens());
  }

  private static int count(EncodingType type, String text) {
    Encoding encoding = REGISTRY.getEncoding(type);
    return encoding.countTokensOrdinary(text);
  }

  /** The context a prompt of {@code promptTokens} needs: with the margin, plus the reply. */
  public static long needed(int promptTokens, long maxTokens) {
    return (long) Math.ceil(promptTokens * (1 + MARGIN)) + maxTokens;
  }
}
