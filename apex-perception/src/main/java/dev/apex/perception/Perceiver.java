package dev.apex.perception;

import dev.apex.core.Bounds;
import dev.apex.core.RawCapture;
import dev.apex.core.Scene;
import dev.apex.perception.tree.UiTree;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.function.LongSupplier;

/**
 * Perception's entry point: a raw capture becomes a {@link Scene}. Parses the tree by its format
 * ({@link TreeParsers}), runs OCR where the tree is blind ({@link BlindRegions}, the rule in {@link
 * SceneBuilder}'s Javadoc) when there is a screenshot and the engine is {@link
 * OcrEngine#available() available}, and fuses both with {@link SceneBuilder}. A screen whose tree
 * carries all its text costs no OCR call. Each stage is timed with the injected nanosecond ticker.
 * Thread-safe when its OCR engine is.
 */
public final class Perceiver {

  /** What one observation produced, with the time each stage took. */
  public record Observation(
      UiTree tree,
      List<OcrBox> ocr,
      Scene scene,
      Duration parse,
      Duration ocrTime,
      Duration build) {

    public Observation {
      Objects.requireNonNull(tree, "tree");
      ocr = List.copyOf(ocr);
      Objects.requireNonNull(scene, "scene");
    }

    public Duration total() {
      return parse.plus(ocrTime).plus(build);
    }
  }

  private final OcrEngine ocr;
  private final LongSupplier nanoTime;

  /** A perceiver using {@code ocr} ({@link OcrEngine#NONE} for tree-only scenes). */
  public Perceiver(OcrEngine ocr) {
    this(ocr, System::nanoTime);
  }

  /**
   * @param ocr the OCR engine; {@link OcrEngine#NONE} for tree-only scenes
   * @param nanoTime a monotonic nanosecond ticker, used only to time the stages
   */
  public Perceiver(OcrEngine ocr, LongSupplier nanoTime) {
    this.ocr = Objects.requireNonNull(ocr, "ocr");
    this.nanoTime = Objects.requireNonNull(nanoTime, "nanoTime");
  }

  /**
   * The scene of one capture.
   *
   * @throws dev.apex.core.ParseException when the tree is malformed
   * @throws dev.apex.core.InvalidInputException when no parser reads the capture's format
   */
  public Scene observe(RawCapture capture) {
    return perceive(capture).scene();
  }

  /** Like {@link #observe}, keeping the tree, the OCR boxes and the stage timings. */
  public Observation perceive(RawCapture capture) {
    Objects.requireNonNull(capture, "capture");
    long start = nanoTime.getAsLong();
    UiTree tree = TreeParsers.parse(capture);
    long parsed = nanoTime.getAsLong();
    List<OcrBox> boxes = read(tree, capture);
    long read = nanoTime.getAsLong();
    Scene scene = SceneBuilder.build(tree, boxes);
    long built = nanoTime.getAsLong();
    return new Observation(
        tree,
        boxes,
        scene,
        Duration.ofNanos(parsed - start),
        Duration.ofNanos(read - parsed),
        Duration.ofNanos(built - read));
  }

  /**
   * Whether this perceiver reads screenshots at all: a caller that needs a screenshot for nothing
   * else may capture the tree alone when it does not ({@code Device.captureTree}).
   */
  public boolean readsScreenshots() {
    return ocr.available();
  }

  /** The OCR boxes of the capture's blind regions; none without a screenshot, engine or region. */
  private List<OcrBox> read(UiTree tree, RawCapture capture) {
    if (!capture.hasScreenshot() || !ocr.available()) {
      return List.of();
    }
    List<Bounds> blind = BlindRegions.of(tree);
    if (blind.isEmpty()) {
      return List.of();
    }
    if (BlindRegions.coverage(blind, tree.width(), tree.height())
        >= SceneBuilder.WHOLE_SCREEN_FRACTION) {
      return ocr.recognize(capture.screenshot());
    }
    return RegionOcr.recognize(ocr, capture.screenshot(), blind);
  }
}
