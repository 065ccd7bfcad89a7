package dev.apex.mcp;

import dev.apex.core.Json;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.core.Secrets;
import dev.apex.core.StepResult;
import dev.apex.core.Text;
import dev.apex.perception.ChangeSummary;
import dev.apex.perception.CompactEncoder;
import dev.apex.perception.Handles;
import dev.apex.runtime.planner.Untrusted;
import io.modelcontextprotocol.spec.McpSchema;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * What a tool call returns to the MCP client: one untrusted-data block ({@link Untrusted#result})
 * holding everything that came from the screen — a listing, what changed, a tool's caveat, an error
 * that may quote the screen — with a short nonce drawn afresh for each result, and nothing around
 * it: no timing (the timeline has it), no echo of the call's arguments or of internal ids. Elements
 * are named by the session's handles ({@link Handles}). Every text is redacted before anything
 * shortens it.
 */
final class McpResults {

  private static final Random NONCES = new SecureRandom();

  private McpResults() {}

  /**
   * A device step's result: its error, or its output and — for a tool that acts — what changed on
   * screen ({@link ChangeSummary#of}: what appeared, with its handles); a screenshot as its image.
   *
   * @param handles the session's handles, which the listing and the change name elements by
   */
  static McpSchema.CallToolResult step(
      StepResult result, Scene before, Scene after, boolean acts, Handles handles) {
    if (!result.success()) {
      return error(untrusted(result.error()));
    }
    Object output = result.output();
    if (output instanceof ScreenshotTool.Shot shot) {
      return screenshot(shot); // an image, whose one line says its sizes
    }
    List<String> parts = new ArrayList<>();
    if (output instanceof String s) {
      parts.add(s);
    } else if (output instanceof Scene scene) {
      parts.add(Json.write(scene));
    } else if (output instanceof SceneElement element) {
      parts.add(CompactEncoder.line(element, handles.name(element)));
    } else if (output instanceof Map<?, ?> map && map.get("note") instanceof String note) {
      // A tool's caveat about what it did (a tap on an element that never held still).
      parts.add(note);
    }
    if (acts) {
      parts.add(change(before, after, handles, true));
    }
    return McpSchema.CallToolResult.builder()
        .addTextContent(untrusted(String.join("\n", parts)))
        .build();
  }

  /** What changed, one line (a flow's step, a progress line), redacted, or why it is unknown. */
  static String change(Scene before, Scene after, Handles handles) {
    return change(before, after, handles, false);
  }

  private static String change(Scene before, Scene after, Handles handles, boolean full) {
    if (before == null || after == null) {
      return "unknown (the screen was not observed before and after)";
    }
    return redact(
        full
            ? ChangeSummary.of(before, after, handles)
            : ChangeSummary.line(before, after, handles));
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

  /** Wraps screen-derived text, redacted, in a block with a fresh nonce. */
  static String untrusted(String content) {
    return Untrusted.result(Untrusted.shortNonce(NONCES), redact(content));
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
