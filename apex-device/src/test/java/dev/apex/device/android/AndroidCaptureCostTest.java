package dev.apex.device.android;

import dev.apex.device.Device;
import dev.apex.testkit.TestData;
import dev.apex.testkit.adb.FakeAdbServer;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.Random;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Prints what one observe costs the driver on loopback (protocol, copies, checks; the fake's own
 * work included, a device's dump and encode time excluded). Measures, never asserts; runs only with
 * {@code APEX_MEASURE=1}.
 */
class AndroidCaptureCostTest {

  static final int WARMUP = 20;
  static final int RUNS = 100;

  @Test
  void printsCaptureRoundTrip() throws IOException {
    Assumptions.assumeTrue(
        System.getenv("APEX_MEASURE") != null, "set APEX_MEASURE=1 to print capture costs");
    byte[] png = screenshotLike(1080, 2178);
    try (FakeAdbServer adb = FakeAdbServer.start()) {
      for (String file :
          new String[] {
            "android/samsung_app_drawer_grid_1080x2178.xml",
            "android-edge-cases/utf16le_bom_settings_278_nodes_1080x2178.xml"
          }) {
        byte[] xml = TestData.bytes(file);
        adb.addDevice("bench").screenSize(1080, 2178).dump(xml).screenshot(png);
        for (AndroidOptions.DumpMode mode : AndroidOptions.DumpMode.values()) {
          AndroidDevice device =
              AndroidDevice.connect(
                  AdbAddress.parse(adb.address()),
                  "bench",
                  AndroidOptions.DEFAULTS.withDumpMode(mode));
          System.out.printf(
              "android capture %-4s tree %6d B + png %7d B: %s%n",
              mode, xml.length, png.length, measure(device));
        }
        adb.removeDevice("bench");
      }
    }
  }

  static String measure(Device device) {
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
    return String.format(
        "median %.2f ms, p90 %.2f ms, max %.2f ms (%d runs)",
        micros[RUNS / 2] / 1000.0, micros[RUNS * 9 / 10] / 1000.0, micros[RUNS - 1] / 1000.0, RUNS);
  }

  /** A PNG about the size of a real phone screenshot: flat areas with a noisy band. */
  static byte[] screenshotLike(int width, int height) throws IOException {
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
