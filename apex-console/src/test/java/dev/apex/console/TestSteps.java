package dev.apex.console;

import dev.apex.core.Bounds;
import dev.apex.core.ElementFlag;
import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.core.Source;
import dev.apex.core.StepResult;
import dev.apex.core.TaskId;
import dev.apex.llm.LlmUsage;
import dev.apex.llm.SemanticScene;
import dev.apex.timeline.LabelCacheHit;
import dev.apex.timeline.StepExtras;
import dev.apex.timeline.StepRecord;
import dev.apex.timeline.StepUsage;
import dev.apex.world.WorldState;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.imageio.ImageIO;

/** Steps as the CLI records them, with every annotation the console shows. */
final class TestSteps {

  static final Scene SCENE =
      new Scene(
          360,
          800,
          List.of(
              new SceneElement(
                  "n0/wifi_row",
                  "row",
                  new Bounds(0, 100, 360, 160),
                  "Wi-Fi",
                  1.0,
                  Source.TREE,
                  "wifi_row",
                  Set.of(ElementFlag.CLICKABLE)),
              new SceneElement(
                  "ocr/1",
                  "text",
                  new Bounds(20, 200, 200, 230),
                  "Bluetooth",
                  0.92,
                  Source.OCR,
                  "",
                  Set.of())));

  private TestSteps() {}

  /** Step {@code index}: tap Wi-Fi, with world, semantic scene, LLM usage and a screenshot. */
  static StepRecord tapWifi(TaskId task, int index) {
    PlannedStep step = PlannedStep.of("tap", Map.of("text", "Wi-Fi"));
    StepExtras extras =
        new StepExtras(
            new SemanticScene(
                "settings",
                List.of("open Wi-Fi settings"),
                List.of(new SemanticScene.Widget("n0/wifi_row", "open Wi-Fi settings"))),
            "none",
            List.of(StepUsage.of(new LlmUsage(1200, 80, 0, 0))),
            new WorldState("com.android.settings", "settings/wifi", null, Map.of(), List.of()));
    return new StepRecord(
        task,
        index,
        Instant.parse("2026-05-01T09:41:00Z").plusSeconds(index),
        SCENE,
        step,
        StepResult.ok(
            step, Map.of("x", 180, "y", 130, "element", "n0/wifi_row"), 1, Duration.ofMillis(40)),
        Duration.ofMillis(12),
        Duration.ofMillis(3),
        Duration.ofMillis(40),
        png(),
        extras);
  }

  /**
   * Step {@code index}: tap Wi-Fi again on the same screen, its labels served by the task's label
   * cache (no call) in place of step 1's call of 1200 + 80 tokens.
   */
  static StepRecord tapWifiLabelledFromTheCache(TaskId task, int index) {
    StepRecord labelled = tapWifi(task, index);
    StepExtras extras = labelled.extras();
    return new StepRecord(
        task,
        index,
        labelled.startedAt(),
        labelled.scene(),
        labelled.step(),
        labelled.result(),
        labelled.observeTime(),
        labelled.planTime(),
        labelled.actTime(),
        labelled.screenshot(),
        new StepExtras(extras.semanticScene(), null, List.of(), extras.world(), null)
            .withLabelCache(
                new LabelCacheHit(LabelCacheHit.Level.TASK, new LlmUsage(1200, 80, 0, 0))));
  }

  /** A screenshot of {@link #SCENE}: a white screen with the Wi-Fi row and the Bluetooth text. */
  static byte[] png() {
    BufferedImage image = new BufferedImage(360, 800, BufferedImage.TYPE_INT_RGB);
    var g = image.createGraphics();
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, 360, 800);
    g.setColor(new Color(0xeef0ff));
    g.fillRect(0, 100, 360, 60);
    g.setColor(new Color(0x1b1f29));
    g.fillRect(20, 122, 60, 14);
    g.fillRect(20, 208, 120, 14);
    g.dispose();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      ImageIO.write(image, "png", out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }
}
