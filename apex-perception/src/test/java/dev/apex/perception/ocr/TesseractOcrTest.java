package dev.apex.perception.ocr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.Bounds;
import dev.apex.perception.OcrBox;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TesseractOcrTest {

  private static final TesseractOcr OCR = new TesseractOcr();

  @BeforeAll
  static void headless() {
    System.setProperty("java.awt.headless", "true");
  }

  /** Skips without tesseract, except under CI, where its absence is a failure. */
  private static void requireTesseract() {
    if (!OCR.available()) {
      String why = "tesseract is not installed (apt-get install tesseract-ocr)";
      if ("true".equalsIgnoreCase(System.getenv("CI"))) {
        throw new AssertionError(why);
      }
      Assumptions.abort(why);
    }
  }

  /** Draws words in large dark sans-serif on white; returns the PNG and where each word went. */
  private static byte[] draw(Map<String, Bounds> placed) throws IOException {
    BufferedImage image = new BufferedImage(1080, 900, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = image.createGraphics();
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, image.getWidth(), image.getHeight());
    g.setRenderingHint(
        RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
    g.setColor(new Color(0x20, 0x20, 0x20));
    g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 48));
    FontMetrics fm = g.getFontMetrics();
    Object[][] words = {
      {"Settings", 60, 120}, {"Bluetooth Devices", 300, 400}, {"Cancel", 80, 760}
    };
    for (Object[] w : words) {
      String text = (String) w[0];
      int x = (int) w[1];
      int baseline = (int) w[2];
      g.drawString(text, x, baseline);
      placed.put(
          text,
          new Bounds(
              x, baseline - fm.getAscent(), x + fm.stringWidth(text), baseline + fm.getDescent()));
    }
    g.dispose();
    ByteArrayOutputStream png = new ByteArrayOutputStream();
    ImageIO.write(image, "png", png);
    return png.toByteArray();
  }

  @Test
  void readsDrawnWordsBackWithBoxesWhereTheyWereDrawn() throws IOException {
    requireTesseract();
    Map<String, Bounds> placed = new LinkedHashMap<>();
    byte[] png = draw(placed);

    List<OcrBox> boxes = OCR.recognize(png);

    for (Map.Entry<String, Bounds> drawn : placed.entrySet()) {
      OcrBox found =
          boxes.stream()
              .filter(b -> b.text().equals(drawn.getKey()))
              .findFirst()
              .orElseThrow(
                  () -> new AssertionError("not read: " + drawn.getKey() + " in " + boxes));
      // Text metrics include line spacing; the glyph box OCR finds lies inside, centred near it.
      assertThat(drawn.getValue().iou(found.bounds())).isGreaterThan(0.5);
      assertThat(found.confidence()).isBetween(0.5, 1.0);
    }
  }

  @Test
  void anUnreadableImageGivesNoBoxes() {
    requireTesseract();

    assertThat(OCR.recognize("not a png".getBytes(StandardCharsets.UTF_8))).isEmpty();
    assertThat(OCR.recognize(new byte[0])).isEmpty();
    assertThat(OCR.recognize(null)).isEmpty();
  }

  @Test
  void aMissingBinaryIsUnavailableAndReadsNothing() {
    TesseractOcr missing = new TesseractOcr("/nonexistent/tesseract", Duration.ofSeconds(5), 0.4);

    assertThat(missing.available()).isFalse();
    assertThat(missing.recognize(new byte[] {1, 2, 3})).isEmpty();
  }

  @Test
  void aHungProcessIsKilledAtTheTimeoutAndReadsNothing(@TempDir Path dir) throws IOException {
    // Answers --version at once, then hangs on the real call until killed.
    Path fake = dir.resolve("tesseract");
    Files.writeString(fake, "#!/bin/sh\n[ \"$1\" = --version ] && exit 0\nexec sleep 600\n");
    Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rwx------"));
    TesseractOcr hung = new TesseractOcr(fake.toString(), Duration.ofMillis(200), 0.4);

    assertThat(hung.available()).isTrue();
    assertThat(hung.recognize(new byte[] {1, 2, 3})).isEmpty();
  }
}
