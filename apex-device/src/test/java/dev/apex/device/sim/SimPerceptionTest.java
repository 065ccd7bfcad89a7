package dev.apex.device.sim;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.RawCapture;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.core.Source;
import dev.apex.perception.Perceiver;
import dev.apex.perception.ocr.TesseractOcr;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The real Tesseract reads text from a screenshot the simulated phone rendered, and SceneBuilder
 * fuses it into the Scene: a screen whose tree carries its text is not read at all, and a node
 * whose tree text is missing (as with a custom-drawn view) takes the OCR text and becomes FUSED.
 */
class SimPerceptionTest {

  private static TesseractOcr tesseract;

  @BeforeAll
  static void needTesseract() {
    tesseract = new TesseractOcr();
    if (!tesseract.available()) {
      String why = "tesseract is not installed (apt-get install tesseract-ocr)";
      if ("true".equalsIgnoreCase(System.getenv("CI"))) {
        throw new AssertionError(why);
      }
      Assumptions.abort(why);
    }
  }

  private static RawCapture settings() {
    SimDevice sim = SimDevice.create();
    sim.launchApp("com.android.settings");
    return sim.capture();
  }

  @Test
  void aScreenWhoseTreeCarriesItsTextIsNotReadAgain() {
    // Issue 16: OCR reads only where the tree is blind; this screen's tree has every word.
    Perceiver.Observation seen = new Perceiver(tesseract).perceive(settings());

    assertThat(seen.ocr()).isEmpty();
    Scene scene = seen.scene();
    assertThat(scene.elements()).noneMatch(e -> e.source() != Source.TREE);
    assertThat(scene.elements())
        .filteredOn(e -> e.text().contains("Bluetooth"))
        .singleElement()
        .extracting(SceneElement::source)
        .isEqualTo(Source.TREE);
  }

  @Test
  void aNodeWithoutTreeTextTakesTheOcrTextAndBecomesFused() {
    RawCapture capture = settings();
    String xml = new String(capture.tree(), StandardCharsets.UTF_8);
    assertThat(xml).contains("text=\"Bluetooth\"");
    RawCapture textless =
        new RawCapture(
            capture.deviceId(),
            capture.format(),
            xml.replace("text=\"Bluetooth\"", "text=\"\"").getBytes(StandardCharsets.UTF_8),
            capture.screenshot(),
            capture.screen());

    Scene scene = new Perceiver(tesseract).observe(textless);

    assertThat(scene.elements())
        .filteredOn(e -> e.text().contains("Bluetooth"))
        .extracting(SceneElement::source)
        .containsAnyOf(Source.FUSED, Source.OCR);
    assertThat(new Perceiver(dev.apex.perception.OcrEngine.NONE).observe(textless).elements())
        .noneSatisfy(e -> assertThat(e.text()).isEqualTo("Bluetooth"));
  }
}
