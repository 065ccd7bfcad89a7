package dev.apex.cli;

import dev.apex.core.RawCapture;
import dev.apex.core.Scene;
import dev.apex.device.Device;
import dev.apex.perception.OcrEngine;
import dev.apex.perception.Perceiver;
import dev.apex.perception.ocr.TesseractOcr;
import dev.apex.runtime.Observation;
import dev.apex.runtime.Observer;
import dev.apex.semantic.Enricher;
import dev.apex.semantic.Enrichment;
import dev.apex.semantic.EnrichmentContext;
import dev.apex.tools.DescribeScreenSemanticTool;
import java.io.PrintWriter;

/**
 * The CLI's observe step: capture the device, perceive (tree + OCR when Tesseract is installed),
 * and, when an enricher is given, label the scene with one LLM call whose outcome (labels or the
 * reason they are missing, and the token usage) travels with the observation to the timeline.
 */
final class Observe implements Observer {

  private final Device device;
  private final Perceiver perceiver;
  private final Enricher enricher;
  private final String goal;

  Observe(Device device, Perceiver perceiver, Enricher enricher, String goal) {
    this.device = device;
    this.perceiver = perceiver;
    this.enricher = enricher;
    this.goal = goal;
  }

  /**
   * Tesseract when it is installed; otherwise none, saying so once on {@code err} so a user knows
   * scenes come from the UI tree alone.
   */
  static OcrEngine ocr(boolean wanted, PrintWriter err) {
    if (!wanted) {
      return OcrEngine.NONE;
    }
    TesseractOcr tesseract = new TesseractOcr();
    if (tesseract.available()) {
      return tesseract;
    }
    err.println(
        "apex: tesseract is not installed; scenes come from the UI tree alone"
            + " (apt-get install tesseract-ocr to add OCR)");
    err.flush();
    return OcrEngine.NONE;
  }

  /** The enrichment context that shows the model the compact encoding and maps handles back. */
  static EnrichmentContext compactContext(Scene scene, String goal) {
    EnrichmentContext context = DescribeScreenSemanticTool.context(scene);
    return goal == null ? context : context.withGoal(goal);
  }

  @Override
  public Observation observe() {
    RawCapture capture = device.capture();
    Scene scene = perceiver.observe(capture);
    if (enricher == null) {
      return new Observation(scene, capture.screenshot());
    }
    Enrichment enrichment = enricher.enrich(scene, compactContext(scene, goal));
    return new Observation(
        scene,
        capture.screenshot(),
        enrichment.semanticScene(),
        enrichment.available() ? null : enrichment.reason(),
        enrichment.usage());
  }

  /**
   * The scene without the semantic labels: a tap checking whether its element moved needs no LLM.
   */
  @Override
  public Scene observeLayout() {
    return perceiver.observe(device.capture());
  }
}
