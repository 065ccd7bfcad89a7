package dev.apex.device.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.RawCapture;
import dev.apex.core.Scene;
import dev.apex.core.Source;
import dev.apex.perception.Perceiver;
import dev.apex.perception.ocr.TesseractOcr;
import java.io.IOException;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * On real headless Chromium: a label drawn on a {@code <canvas>} (no DOM text) is read into the
 * Scene by OCR, which reads that canvas only; and a tree-only capture is the DOM snapshot with no
 * screenshot, sized as a full capture is. One browser for the class.
 */
@Tag("e2e")
class CanvasOcrTest {

  private static final String PAGE =
      """
      <!doctype html><html><head><title>Shop</title></head>
      <body style="margin:0;font-family:sans-serif;background:#fff">
      <h1 style="margin:20px">Your basket</h1>
      <canvas id="c" width="500" height="160" style="display:block;margin:40px 100px"></canvas>
      <script>
        const g = document.getElementById('c').getContext('2d');
        g.fillStyle = '#fff'; g.fillRect(0, 0, 500, 160);
        g.fillStyle = '#202020'; g.font = 'bold 48px sans-serif';
        g.fillText('Checkout', 90, 100);
      </script></body></html>
      """;

  private static TestPages pages;
  private static WebDevice device;

  @BeforeAll
  static void start() throws IOException {
    pages = new TestPages();
    pages.add("/canvas.html", PAGE);
    device =
        WebDevices.open(
            "web:" + pages.url("/canvas.html"),
            Optional.empty(),
            WebConfig.defaults().withViewport(800, 600, 1.0));
  }

  @AfterAll
  static void stop() {
    if (device != null) {
      device.close();
    }
    pages.close();
  }

  @Test
  void aLabelDrawnOnACanvasIsReadIntoTheScene() {
    TesseractOcr tesseract = new TesseractOcr();
    if (!tesseract.available()) {
      String why = "tesseract is not installed (apt-get install tesseract-ocr)";
      if ("true".equalsIgnoreCase(System.getenv("CI"))) {
        throw new AssertionError(why);
      }
      Assumptions.abort(why);
    }

    Perceiver.Observation seen = new Perceiver(tesseract).perceive(device.capture());

    Scene scene = seen.scene();
    assertThat(scene.elements())
        .filteredOn(e -> e.text().contains("Checkout"))
        .singleElement()
        .satisfies(e -> assertThat(e.source()).isIn(Source.FUSED, Source.OCR));
    assertThat(scene.elements())
        .as("the heading's text comes from the tree once, not read again")
        .filteredOn(e -> e.text().contains("basket"))
        .singleElement()
        .extracting(e -> e.source())
        .isEqualTo(Source.TREE);
  }

  @Test
  void aTreeCaptureIsTheSnapshotWithoutAScreenshot() {
    RawCapture full = device.capture();
    RawCapture tree = device.captureTree();

    assertThat(tree.hasScreenshot()).isFalse();
    assertThat(full.hasScreenshot()).isTrue();
    assertThat(tree.screen()).isEqualTo(full.screen());
    assertThat(new String(tree.tree(), java.nio.charset.StandardCharsets.UTF_8)).contains("canvas");
  }
}
