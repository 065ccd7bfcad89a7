package dev.apex.runtime.observe;

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
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The observe step of the loop, the one in apex: capture the device, perceive (the tree, with OCR
 * when an engine is given), and, when an enricher is given, label the scene with one LLM call whose
 * outcome (the labels or why they are missing, and the token usage) travels with the observation to
 * the timeline. With a {@link LabelCache}, a screen it has labels for is labelled from it with no
 * call, and the observation says which cache served it and what that saved.
 *
 * <p>It takes a screenshot only when something uses it: the perceiver's OCR ({@link
 * Perceiver#readsScreenshots()}), or, for {@link #observe()}, a timeline that keeps each step's
 * screenshot for playback ({@code keepScreenshots}, on unless told otherwise). Otherwise it
 * captures the tree alone ({@link Device#captureTree()}): no {@code screencap}, no {@code
 * /screenshot}. {@link #observeLayout()} (a tap's settle check, an element wait's polls, {@code
 * describe_screen}) is never recorded, so it takes one only for OCR.
 */
public final class PerceivingObserver implements Observer {

  private final Device device;
  private final Perceiver perceiver;
  private final Enricher enricher;
  private final String goal;
  private final Consumer<LlmUsage> usage;
  private final LabelCache cache;
  private final boolean keepScreenshots;

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
    this(device, perceiver, enricher, goal, usage, null);
  }

  /**
   * @param enricher labels each observation, or null for none
   * @param goal the goal the labeller is told of, or null
   * @param usage hears each labelling call's usage too (the agent's totals)
   * @param cache serves the labels of screens labelled before, or null to label every observation
   */
  public PerceivingObserver(
      Device device,
      Perceiver perceiver,
      Enricher enricher,
      String goal,
      Consumer<LlmUsage> usage,
      LabelCache cache) {
    this(device, perceiver, enricher, goal, usage, cache, true);
  }

  /**
   * @param enricher labels each observation, or null for none
   * @param goal the goal the labeller is told of, or null
   * @param usage hears each labelling call's usage too (the agent's totals)
   * @param cache serves the labels of screens labelled before, or null to label every observation
   * @param keepScreenshots whether {@link #observe()} takes a screenshot even when perception reads
   *     none, because the observation's screenshot is recorded (a timeline, a listener)
   */
  public PerceivingObserver(
      Device device,
      Perceiver perceiver,
      Enricher enricher,
      String goal,
      Consumer<LlmUsage> usage,
      LabelCache cache,
      boolean keepScreenshots) {
    this.keepScreenshots = keepScreenshots;
    this.device = Objects.requireNonNull(device, "device");
    this.perceiver = Objects.requireNonNull(perceiver, "perceiver");
    this.enricher = enricher;
    this.goal = goal;
    this.usage = Objects.requireNonNull(usage, "usage");
    this.cache = cache;
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
    RawCapture capture =
        keepScreenshots || perceiver.readsScreenshots() ? device.capture() : device.captureTree();
    Scene scene = perceiver.observe(capture);
    if (enricher == null) {
      return new Observation(scene, capture.screenshot());
    }
    Optional<LabelCache.Served> served = cache == null ? Optional.empty() : cache.lookup(scene);
    if (served.isPresent()) {
      return new Observation(
          scene, capture.screenshot(), served.get().labels(), null, null, served.get().hit());
    }
    Enrichment enrichment = enricher.enrich(scene, compactContext(scene, goal));
    LlmUsage used = enrichment.usage();
    if (used != null && !used.equals(LlmUsage.NONE)) {
      usage.accept(used);
    }
    if (cache != null && enrichment.available()) {
      cache.remember(scene, enrichment.semanticScene(), used);
    }
    return new Observation(
        scene,
        capture.screenshot(),
        enrichment.semanticScene(),
        enrichment.available() ? null : enrichment.reason(),
        used);
  }

  /**
   * The screen a task left, perceived as {@link #observe()} perceives it (with its screenshot when
   * the timeline keeps them) but never labelled: nothing plans on it, so it costs no model call.
   */
  @Override
  public Observation observeFinal() {
    RawCapture capture =
        keepScreenshots || perceiver.readsScreenshots() ? device.capture() : device.captureTree();
    return new Observation(perceiver.observe(capture), capture.screenshot());
  }

  /**
   * The scene without the semantic labels: a tap checking whether its element moved needs no LLM.
   */
  @Override
  public Scene observeLayout() {
    return perceiver.observe(capture(device, perceiver));
  }

  /** A capture with a screenshot when {@code perceiver} reads one, else the tree alone. */
  public static RawCapture capture(Device device, Perceiver perceiver) {
    return perceiver.readsScreenshots() ? device.capture() : device.captureTree();
  }
}
