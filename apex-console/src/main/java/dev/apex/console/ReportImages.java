package dev.apex.console;

import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Base64;
import java.util.Iterator;
import java.util.Optional;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.MemoryCacheImageOutputStream;

/**
 * Screenshots as the report inlines them: scaled down to at most {@value #MAX_WIDTH} pixels wide
 * (and {@value #MAX_HEIGHT} high), then written as JPEG or PNG, whichever is smaller (a flat
 * simulated screen compresses better as PNG, a photo-like one as JPEG), as a {@code data:} URI.
 * Stateless.
 */
final class ReportImages {

  static final int MAX_WIDTH = 640;
  static final int MAX_HEIGHT = 1_400;
  static final float JPEG_QUALITY = 0.72f;

  private ReportImages() {}

  /** The image as a data URI, or empty when the bytes are not an image ImageIO reads. */
  static Optional<String> dataUri(byte[] png) {
    if (png == null || png.length == 0) {
      return Optional.empty();
    }
    try {
      BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
      if (image == null) {
        return Optional.empty();
      }
      BufferedImage scaled = scaled(image);
      byte[] jpeg = jpeg(scaled);
      ByteArrayOutputStream asPng = new ByteArrayOutputStream();
      ImageIO.write(scaled, "png", asPng);
      boolean pngWins = asPng.size() < jpeg.length;
      byte[] best = pngWins ? asPng.toByteArray() : jpeg;
      return Optional.of(
          "data:image/"
              + (pngWins ? "png" : "jpeg")
              + ";base64,"
              + Base64.getEncoder().encodeToString(best));
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  /** An opaque RGB copy no larger than the bounds, keeping the aspect ratio. */
  static BufferedImage scaled(BufferedImage image) {
    double factor =
        Math.min(
            1.0,
            Math.min(
                (double) MAX_WIDTH / image.getWidth(), (double) MAX_HEIGHT / image.getHeight()));
    int width = Math.max(1, (int) Math.round(image.getWidth() * factor));
    int height = Math.max(1, (int) Math.round(image.getHeight() * factor));
    BufferedImage out = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = out.createGraphics();
    try {
      g.setRenderingHint(
          RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
      g.setRenderingHint(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY);
      g.drawImage(image, 0, 0, width, height, java.awt.Color.WHITE, null);
    } finally {
      g.dispose();
    }
    return out;
  }

  private static byte[] jpeg(BufferedImage image) throws IOException {
    Iterator<ImageWriter> writers = ImageIO.getImageWritersByFormatName("jpeg");
    if (!writers.hasNext()) {
      throw new IOException("no JPEG writer");
    }
    ImageWriter writer = writers.next();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (MemoryCacheImageOutputStream out = new MemoryCacheImageOutputStream(bytes)) {
      writer.setOutput(out);
      ImageWriteParam param = writer.getDefaultWriteParam();
      param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
      param.setCompressionQuality(JPEG_QUALITY);
      writer.write(null, new IIOImage(image, null, null), param);
    } finally {
      writer.dispose();
    }
    return bytes.toByteArray();
  }
}
