package dev.apex.semantic;

import dev.apex.llm.FailureReason;
import dev.apex.llm.LlmUsage;
import dev.apex.llm.SemanticScene;
import java.util.Objects;

/**
 * What one enrichment produced.
 *
 * @param semanticScene the labelled scene; null when the enrichment failed
 * @param failure why there is none; null on success
 * @param detail one line saying what happened (status, request id, stop reason); never a secret
 * @param usage tokens the call used; {@link LlmUsage#NONE} when no reply arrived
 * @param droppedWidgets widgets the model returned for element ids the scene does not have; they
 *     are left out of {@code semanticScene} and never make it fail
 */
public record Enrichment(
    SemanticScene semanticScene,
    FailureReason failure,
    String detail,
    LlmUsage usage,
    int droppedWidgets) {

  public Enrichment {
    if ((semanticScene == null) == (failure == null)) {
      throw new IllegalArgumentException("exactly one of semanticScene and failure must be set");
    }
    detail = detail == null ? "" : detail;
    Objects.requireNonNull(usage, "usage");
    if (droppedWidgets < 0) {
      throw new IllegalArgumentException("droppedWidgets must be >= 0, was " + droppedWidgets);
    }
  }

  public static Enrichment success(SemanticScene scene, LlmUsage usage, int droppedWidgets) {
    return new Enrichment(scene, null, "", usage, droppedWidgets);
  }

  public static Enrichment failed(FailureReason failure, String detail, LlmUsage usage) {
    return new Enrichment(null, failure, detail, usage, 0);
  }

  public boolean available() {
    return semanticScene != null;
  }

  /** The failure's code, e.g. {@code rate_limited}; empty on success. */
  public String reason() {
    return failure == null ? "" : failure.code();
  }

  /**
   * One line for a person: {@code semantic: unavailable (timeout)}, or {@code semantic: login (3
   * intents, 5 widgets)}.
   */
  public String summary() {
    if (!available()) {
      return "semantic: unavailable (" + reason() + ")";
    }
    return "semantic: "
        + semanticScene.page()
        + " ("
        + semanticScene.intents().size()
        + " intents, "
        + semanticScene.widgets().size()
        + " widgets)";
  }
}
