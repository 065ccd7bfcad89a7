package dev.apex.bench;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Random;
import javax.imageio.ImageIO;

/**
 * A PNG about the size of a real phone screenshot (1–1.5 MB at 1080 × 2400): flat areas under a
 * noisy band, as a home screen's wallpaper and a list's rows compress. A fake's default screenshot
 * is a black image of a few kilobytes, which would make every transfer look free.
 */
final class ScreenshotLike {

  private ScreenshotLike() {}

  static byte[] png(int width, int height) {
    BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    Random random = new Random(42);
    for (int y = 0; y < height; y++) {
      for (int x = 0; x < width; x++) {
        image.setRGB(x, y, y < height / 5 ? random.nextInt(0xffffff) : 0xf0f0f0 + (y / 100));
      }
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      ImageIO.write(image, "png", out);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot encode a PNG in memory", e);
    }
    return out.toByteArray();
  }
}
