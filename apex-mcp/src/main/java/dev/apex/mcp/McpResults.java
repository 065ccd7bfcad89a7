package dev.apex.mcp;

import dev.apex.core.Json;
import dev.apex.core.Scene;
import dev.apex.core.Secrets;
import dev.apex.core.StepResult;
import dev.apex.core.Text;
import dev.apex.perception.SceneDiff;
import dev.apex.runtime.planner.Untrusted;
import io.modelcontextprotocol.spec.McpSchema;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Random;

/**
 * What a tool call returns to the MCP client. Everything that came from the screen (element texts,
 * what changed, a tool's output) sits inside an untrusted-data block with a nonce drawn afresh for
 * each result, as the planner's prompts mark it ({@link Untrusted}); apex's own words stay outside.
 * Every text is redacted before anything shortens it.
 */
final class McpResults {

  private static final Random NONCES = new SecureRandom();

  private McpResults() {}

  /**
   * A device step's result: ok or failed with the executor's one-line error, its output, and — for
   * a tool that acts — what changed on screen, the SceneDiff summary the CLI prints; a screenshot
   * as its image.
   */
  static McpSchema.CallToolResult step(StepResult result, Scene before, Scene after, boolean acts) {
    String nonce = Untrusted.nonce(NONCES);
    StringBuilder text = new StringBuilder();
    long ms = result.duration().toMillis();
    if (!result.success()) {
      if (result.attempts() == 0) {
        // Refused before the device was touched: bad arguments, the safety policy.
        text.append("refused: ");
      } else {
        text.append("failed after ")
            .append(result.attempts())
            .append(" attempt(s) in ")
            .append(ms)
            .append(" ms: ");
      }
      text.append(Untrusted.escape(redact(result.error()), nonce));
      return error(text.toString());
    }
    Object output = result.output();
    if (output instanceof ScreenshotTool.Shot shot) {
      return screenshot(shot); // an image, whose one line says its sizes
    }
    text.append("ok in ").append(ms).append(" ms");
    if (output instanceof String s) {
      text.append('\n').append(Untrusted.block(nonce, "screen", redact(s)));
    } else if (output instanceof Scene scene) {
      text.append('\n').append(Untrusted.block(nonce, "screen", redact(Json.write(scene))));
    } else if (output != null) {
      text.append('\n').append(Untrusted.block(nonce, "result", redact(Json.write(output))));
    }
    if (acts) {
      text.append('\n').append(Untrusted.block(nonce, "screen-change", change(before, after)));
    }
    return McpSchema.CallToolResult.builder().addTextContent(text.toString()).build();
  }

  /** The SceneDiff summary, redacted, or why there is none. */
  static String change(Scene before, Scene after) {
    if (before == null || after == null) {
      return "unknown (the screen was not observed before and after)";
    }
    return redact(SceneDiff.between(before, after).summary());
  }

  /** {@code shot} as a tool result: PNG image content and one line of sizes. */
  static McpSchema.CallToolResult screenshot(ScreenshotTool.Shot shot) {
    return McpSchema.CallToolResult.builder()
        .addContent(
            McpSchema.ImageContent.builder(
                    Base64.getEncoder().encodeToString(shot.png()), "image/png")
                .build())
        .addTextContent(shot.describe())
        .build();
  }

  /** Plain text from apex (not from the screen). */
  static McpSchema.CallToolResult text(String text) {
    return McpSchema.CallToolResult.builder().addTextContent(redact(text)).build();
  }

  /** A failed call: {@code isError} with one text. */
  static McpSchema.CallToolResult error(String message) {
    return McpSchema.CallToolResult.builder().addTextContent(redact(message)).isError(true).build();
  }

  /** Wraps screen-derived text in a fresh block. */
  static String untrusted(String kind, String content) {
    return Untrusted.block(Untrusted.nonce(NONCES), kind, redact(content));
  }

  /** The one line of a throwable, redacted before it is cut. */
  static String oneLine(Throwable e) {
    String message = e.getMessage();
    if (message == null || message.isBlank()) {
      message = e.getClass().getSimpleName();
    }
    return Text.oneLine(redact(message), 400);
  }

  static String redact(String text) {
    return text == null ? "" : Secrets.redact(text);
  }
}
