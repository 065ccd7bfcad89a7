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

  /**
   * A click-marker canvas as benchmark pages draw it: markers (a lone glyph), the page's own status
   * text drawn again beside it, and one word the tree does not have.
   */
  private static final String MARKERS =
      """
      <!doctype html><html><head><title>Markers</title></head>
      <body style="margin:0;font-family:sans-serif;background:#fff">
      <p id="status" style="margin:10px 20px;font-size:20px">Time left: 14 / 15sec</p>
      <canvas id="m" width="600" height="360" style="display:block;margin:10px 20px"></canvas>
      <script>
        const g = document.getElementById('m').getContext('2d');
        g.fillStyle = '#fff'; g.fillRect(0, 0, 600, 360);
        g.fillStyle = '#202020'; g.font = '24px sans-serif';
        g.fillText('Time left: 14 / 15sec', 20, 40);
        g.font = 'bold 30px sans-serif';
        g.fillText('e', 420, 160);
        g.font = 'bold 48px sans-serif';
        g.fillText('Triangle', 120, 280);
      </script></body></html>
      """;

  private static TestPages pages;
  private static WebDevice device;

  @BeforeAll
  static void start() throws IOException {
    pages = new TestPages();
    pages.add("/canvas.html", PAGE);
    pages.add("/markers.html", MARKERS);
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

  private static TesseractOcr tesseract() {
    TesseractOcr tesseract = new TesseractOcr();
    if (!tesseract.available()) {
      String why = "tesseract is not installed (apt-get install tesseract-ocr)";
      if ("true".equalsIgnoreCase(System.getenv("CI"))) {
        throw new AssertionError(why);
      }
      Assumptions.abort(why);
    }
    return tesseract;
  }

  @Test
  void aCanvasThatEchoesThePagesTextAndDrawsMarkersAddsOnlyItsOwnWord() {
    TesseractOcr tesseract = tesseract();
    device.launchApp(pages.url("/markers.html"));
    try {
      Scene scene = new Perceiver(tesseract).perceive(device.capture()).scene();

      assertThat(scene.elements())
          .as("the status line, from the tree only")
          .filteredOn(e -> e.text().contains("Time"))
          .singleElement()
          .extracting(e -> e.source())
          .isEqualTo(Source.TREE);
      assertThat(scene.elements())
          .filteredOn(e -> e.source() != Source.TREE)
          .extracting(e -> e.text().strip())
          .containsExactly("Triangle");
    } finally {
      device.launchApp(pages.url("/canvas.html"));
    }
  }

  @Test
  void aLabelDrawnOnACanvasIsReadIntoTheScene() {
    TesseractOcr tesseract = tesseract();

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
