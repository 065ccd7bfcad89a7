package dev.apex.perception;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.apex.core.Bounds;
import dev.apex.core.RawCapture;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.core.ScreenSize;
import dev.apex.core.Source;
import dev.apex.core.TreeFormat;
import dev.apex.perception.ocr.TesseractOcr;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * OCR only where the tree is blind: no call on a screen whose tree carries its text, only the blind
 * region's pixels read otherwise, and a label drawn on a canvas the tree cannot see into read into
 * the scene by the real Tesseract.
 */
class BlindOcrTest {

  @BeforeAll
  static void headless() {
    System.setProperty("java.awt.headless", "true");
  }

  /** Returns fixed boxes (in the coordinates of the image it is given) and keeps the images. */
  private static final class RecordingOcr implements OcrEngine {
    final List<byte[]> seen = new ArrayList<>();
    final List<OcrBox> boxes;

    RecordingOcr(List<OcrBox> boxes) {
      this.boxes = boxes;
    }

    @Override
    public List<OcrBox> recognize(byte[] png) {
      seen.add(png);
      return boxes;
    }

    @Override
    public boolean available() {
      return true;
    }
  }

  private static final int W = 800;
  private static final int H = 600;

  /** A uiautomator dump of an 800×600 screen holding {@code nodes} under one frame. */
  private static byte[] dump(String... nodes) {
    StringBuilder xml =
        new StringBuilder("<?xml version='1.0' encoding='UTF-8'?><hierarchy rotation=\"0\">");
    xml.append("<node class=\"android.widget.FrameLayout\" text=\"\" content-desc=\"\"")
        .append(" bounds=\"[0,0][800,600]\">");
    for (String n : nodes) {
      xml.append(n);
    }
    return xml.append("</node></hierarchy>").toString().getBytes(StandardCharsets.UTF_8);
  }

  private static String node(String cls, String text, String bounds) {
    return "<node class=\""
        + cls
        + "\" text=\""
        + text
        + "\" content-desc=\"\" clickable=\"false\" bounds=\""
        + bounds
        + "\"/>";
  }

  /** White, with {@code words[i]} drawn large and dark at {@code at[i]} (its baseline's start). */
  private static byte[] png(String[] words, int[][] at) throws IOException {
    BufferedImage image = new BufferedImage(W, H, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = image.createGraphics();
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, W, H);
    g.setRenderingHint(
        RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
    g.setColor(new Color(0x20, 0x20, 0x20));
    g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 44));
    for (int i = 0; i < words.length; i++) {
      g.drawString(words[i], at[i][0], at[i][1]);
    }
    g.dispose();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ImageIO.write(image, "png", out);
    return out.toByteArray();
  }

  private static RawCapture capture(byte[] tree, byte[] png) {
    return new RawCapture("d", TreeFormat.UIAUTOMATOR_XML, tree, png, ScreenSize.pixels(W, H));
  }

  @Test
  void aScreenWhoseTreeCarriesItsTextCostsNoOcrCall() throws IOException {
    byte[] tree =
        dump(
            node("android.widget.TextView", "Settings", "[20,20][400,90]"),
            // An unlabelled icon: too small to hold words, so not blind.
            node("android.widget.ImageView", "", "[700,20][760,80]"));
    RecordingOcr ocr = new RecordingOcr(List.of(new OcrBox("tun", new Bounds(0, 0, 9, 9), 0.9)));

    Scene scene =
        new Perceiver(ocr)
            .observe(capture(tree, png(new String[] {"Settings"}, new int[][] {{30, 70}})));

    assertThat(ocr.seen).isEmpty();
    assertThat(scene.elements()).extracting(SceneElement::text).containsExactly("Settings");
  }

  @Test
  void onlyTheBlindRegionIsReadAndItsWordsLandWhereTheRegionIs() throws IOException {
    byte[] tree =
        dump(
            node("android.widget.TextView", "Settings", "[20,20][400,90]"),
            node("android.widget.ImageView", "", "[200,300][600,400]"));
    // The engine sees the region (grown by the pad) alone; a word it finds there lies inside the
    // image view on the screen, which takes it.
    int pad = RegionOcr.PAD_PX;
    RecordingOcr ocr =
        new RecordingOcr(List.of(new OcrBox("Checkout", new Bounds(20, 30, 220, 80), 0.9)));

    Scene scene =
        new Perceiver(ocr)
            .observe(
                capture(
                    tree,
                    png(
                        new String[] {"Settings", "Checkout"},
                        new int[][] {{30, 70}, {220, 360}})));

    assertThat(ocr.seen).hasSize(1);
    BufferedImage read = ImageIO.read(new ByteArrayInputStream(ocr.seen.get(0)));
    assertThat(read.getWidth()).isEqualTo(400 + 2 * pad);
    assertThat(read.getHeight()).isEqualTo(100 + 2 * pad);
    assertThat(scene.elements())
        .extracting(SceneElement::text, SceneElement::source, SceneElement::bounds)
        .containsExactly(
            tuple("Settings", Source.TREE, new Bounds(20, 20, 400, 90)),
            tuple("Checkout", Source.FUSED, new Bounds(200, 300, 600, 400)));
  }

  @Test
  void tesseractReadsALabelDrawnOnACanvasTheTreeCannotSee() throws IOException {
    TesseractOcr tesseract = new TesseractOcr();
    if (!tesseract.available()) {
      String why = "tesseract is not installed (apt-get install tesseract-ocr)";
      if ("true".equalsIgnoreCase(System.getenv("CI"))) {
        throw new AssertionError(why);
      }
      Assumptions.abort(why);
    }
    // A web page's tree as the DOM snapshot gives it: a heading with its text, and a canvas leaf
    // whose drawn label no DOM text carries.
    String page =
        "{\"url\":\"http://127.0.0.1/\",\"title\":\"t\",\"viewport\":[800,600],"
            + "\"scroll\":[0,0],\"page\":[800,600],\"dpr\":1,\"nodes\":["
            + "{\"tag\":\"h1\",\"text\":\"Shop\",\"box\":[20,20,300,60]},"
            + "{\"tag\":\"canvas\",\"box\":[100,200,600,160]}]}";
    RawCapture capture =
        new RawCapture(
            "web",
            TreeFormat.WEB_JSON,
            page.getBytes(StandardCharsets.UTF_8),
            png(new String[] {"Shop", "Checkout"}, new int[][] {{30, 65}, {200, 300}}),
            ScreenSize.pixels(W, H));

    Scene scene = new Perceiver(tesseract).observe(capture);

    assertThat(scene.elements())
        .filteredOn(e -> e.text().contains("Checkout"))
        .singleElement()
        .satisfies(
            e -> {
              assertThat(e.source()).isIn(Source.FUSED, Source.OCR);
              assertThat(new Bounds(100, 200, 700, 360).contains(e.bounds())).isTrue();
            });
    assertThat(scene.elements()).filteredOn(e -> e.text().contains("Shop")).hasSize(1);
  }
}
