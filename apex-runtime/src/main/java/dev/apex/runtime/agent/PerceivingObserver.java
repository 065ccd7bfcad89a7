package dev.apex.runtime.agent;

import dev.apex.core.RawCapture;
import dev.apex.core.Scene;
import dev.apex.device.Device;
import dev.apex.llm.LlmUsage;
import dev.apex.perception.OcrEngine;
import dev.apex.perception.Perceiver;
import dev.apex.perception.ocr.TesseractOcr;
import dev.apex.runtime.Observation;
import dev.apex.runtime.Observer;
import dev.apex.semantic.Enricher;
import dev.apex.semantic.Enrichment;
import dev.apex.semantic.EnrichmentContext;
import dev.apex.tools.DescribeScreenSemanticTool;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The observe step of the loop, the one in apex: capture the device, perceive (the tree, with OCR
 * when an engine is given), and, when an enricher is given, label the scene with one LLM call whose
 * outcome (the labels or why they are missing, and the token usage) travels with the observation to
 * the timeline.
 */
public final class PerceivingObserver implements Observer {

  private final Device device;
  private final Perceiver perceiver;
  private final Enricher enricher;
  private final String goal;
  private final Consumer<LlmUsage> usage;

  /** An observer whose labelling usage is only recorded with the step. */
  public PerceivingObserver(Device device, Perceiver perceiver, Enricher enricher, String goal) {
    this(device, perceiver, enricher, goal, u -> {});
  }

  /**
   * @param enricher labels each observation, or null for none
   * @param goal the goal the labeller is told of, or null
   * @param usage hears each labelling call's usage too (the agent's totals)
   */
  public PerceivingObserver(
      Device device,
      Perceiver perceiver,
      Enricher enricher,
      String goal,
      Consumer<LlmUsage> usage) {
    this.device = Objects.requireNonNull(device, "device");
    this.perceiver = Objects.requireNonNull(perceiver, "perceiver");
    this.enricher = enricher;
    this.goal = goal;
    this.usage = Objects.requireNonNull(usage, "usage");
  }

  /**
   * Tesseract when {@code wanted} and installed; otherwise none, telling {@code notices} once when
   * it was wanted, so a user knows scenes come from the UI tree alone.
   */
  public static OcrEngine ocr(boolean wanted, Consumer<String> notices) {
    if (!wanted) {
      return OcrEngine.NONE;
    }
    TesseractOcr tesseract = new TesseractOcr();
    if (tesseract.available()) {
      return tesseract;
    }
    notices.accept(
        "tesseract is not installed; scenes come from the UI tree alone"
            + " (apt-get install tesseract-ocr to add OCR)");
    return OcrEngine.NONE;
  }

  /** The enrichment context that shows the model the compact encoding and maps handles back. */
  public static EnrichmentContext compactContext(Scene scene, String goal) {
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
    LlmUsage used = enrichment.usage();
    if (used != null && !used.equals(LlmUsage.NONE)) {
      usage.accept(used);
    }
    return new Observation(
        scene,
        capture.screenshot(),
        enrichment.semanticScene(),
        enrichment.available() ? null : enrichment.reason(),
        used);
  }

  /**
   * The scene without the semantic labels: a tap checking whether its element moved needs no LLM.
   */
  @Override
  public Scene observeLayout() {
    return perceiver.observe(device.capture());
  }
}
