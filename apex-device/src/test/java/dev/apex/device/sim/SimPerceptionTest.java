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
 * fuses it into the Scene: OCR boxes over nodes that carry the same text are absorbed, and a node
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
  void ocrTextOverTreeTextIsAbsorbedNotDuplicated() {
    Perceiver.Observation seen = new Perceiver(tesseract).perceive(settings());

    assertThat(seen.ocr()).anySatisfy(b -> assertThat(b.text()).contains("Bluetooth"));
    Scene scene = seen.scene();
    assertThat(scene.elements())
        .filteredOn(e -> e.source() == Source.OCR && e.text().contains("Bluetooth"))
        .isEmpty();
    assertThat(scene.elements()).anySatisfy(e -> assertThat(e.text()).contains("Bluetooth"));
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
