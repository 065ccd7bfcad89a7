package dev.apex.device.ios;

import dev.apex.testkit.TestData;
import dev.apex.testkit.wda.FakeWda;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.Random;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Prints what one observe costs the driver against the fake WDA on loopback (HTTP, JSON envelope,
 * base64). Measures, never asserts; runs only with {@code APEX_MEASURE=1}.
 */
class IosCaptureCostTest {

  private static final int WARMUP = 20;
  private static final int RUNS = 100;

  @Test
  void printsCaptureRoundTrip() throws IOException {
    Assumptions.assumeTrue(
        System.getenv("APEX_MEASURE") != null, "set APEX_MEASURE=1 to print capture costs");
    byte[] xml = TestData.bytes("ios/shirates_settings_keyboard_390x844.xml");
    byte[] png = screenshotLike(1170, 2532);
    try (FakeWda wda = FakeWda.start().screen(390, 844, 3).source(xml).screenshot(png);
        IosDevice device = IosDevice.connect(wda.url(), IosOptions.DEFAULTS)) {
      for (int i = 0; i < WARMUP; i++) {
        device.capture();
      }
      long[] micros = new long[RUNS];
      for (int i = 0; i < RUNS; i++) {
        long start = System.nanoTime();
        device.capture();
        micros[i] = (System.nanoTime() - start) / 1000;
      }
      Arrays.sort(micros);
      System.out.printf(
          "ios capture tree %6d B + png %7d B: median %.2f ms, p90 %.2f ms, max %.2f ms (%d runs)%n",
          xml.length,
          png.length,
          micros[RUNS / 2] / 1000.0,
          micros[RUNS * 9 / 10] / 1000.0,
          micros[RUNS - 1] / 1000.0,
          RUNS);
    }
  }

  private static byte[] screenshotLike(int width, int height) throws IOException {
    BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    Random random = new Random(42);
    for (int y = 0; y < height; y++) {
      for (int x = 0; x < width; x++) {
        image.setRGB(x, y, y < height / 5 ? random.nextInt(0xffffff) : 0xf0f0f0 + (y / 100));
      }
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ImageIO.write(image, "png", out);
    return out.toByteArray();
  }
}
