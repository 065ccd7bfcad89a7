package dev.apex.mcp;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.apex.core.DeviceException;
import dev.apex.core.InvalidInputException;
import dev.apex.core.RawCapture;
import dev.apex.tools.ArgSpec;
import dev.apex.tools.Args;
import dev.apex.tools.Tool;
import dev.apex.tools.ToolContext;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;

/**
 * {@code screenshot}: the screen as a PNG, scaled down to at most {@code max_width} pixels wide
 * ({@value #DEFAULT_MAX_WIDTH} by default: half a typical phone's width, where text stays readable,
 * at about a quarter of the image tokens; {@code 0} for full size). The result states the scale and
 * the Scene's size: every {@code x}/{@code y} a tool takes is in Scene pixels (the device's
 * screenshot pixels), never the scaled image's. Recorded in the timeline as its sizes, not its
 * bytes.
 */
public final class ScreenshotTool implements Tool<ScreenshotTool.Size> {

  /** The width a screenshot is scaled to by default, in pixels. */
  public static final int DEFAULT_MAX_WIDTH = 540;

  /** The widest {@code max_width} accepted, in pixels. */
  public static final int MAX_WIDTH = 4096;

  /** The narrowest {@code max_width} accepted (other than 0), in pixels. */
  public static final int MIN_WIDTH = 64;

  /**
   * Parsed arguments.
   *
   * @param maxWidth the widest image returned, in pixels; 0 for the screenshot's own size
   */
  public record Size(int maxWidth) {}

  /**
   * A screenshot as returned.
   *
   * @param png the image's bytes (not recorded)
   * @param width the image's width in pixels
   * @param height the image's height in pixels
   * @param sceneWidth the Scene's width in pixels (what x/y refer to)
   * @param sceneHeight the Scene's height in pixels
   * @param scale image pixels per Scene pixel (1.0 when not scaled)
   */
  public record Shot(
      @JsonIgnore byte[] png,
      int width,
      int height,
      @JsonProperty("scene_width") int sceneWidth,
      @JsonProperty("scene_height") int sceneHeight,
      double scale) {

    /** The image's size in bytes. */
    @JsonProperty("png_bytes")
    public int pngBytes() {
      return png.length;
    }

    /** One line: the sizes and the scale, for the model and for people. */
    public String describe() {
      return String.format(
          java.util.Locale.ROOT,
          "screenshot %dx%d px (%d bytes), scale %.4f of the Scene's %dx%d px; x/y in tools are"
              + " Scene pixels: divide image coordinates by %.4f",
          width,
          height,
          png.length,
          scale,
          sceneWidth,
          sceneHeight,
          scale);
    }
  }

  private static final List<ArgSpec> ARGS =
      List.of(
          ArgSpec.optional(
              "max_width",
              ArgSpec.Type.INTEGER,
              "widest image in pixels (default "
                  + DEFAULT_MAX_WIDTH
                  + "; 0 for full size); x/y stay Scene pixels"));

  @Override
  public String name() {
    return "screenshot";
  }

  @Override
  public String description() {
    return "The screen as a PNG image, scaled to max_width; says its scale to Scene pixels.";
  }

  @Override
  public List<ArgSpec> args() {
    return ARGS;
  }

  @Override
  public Size parse(Map<String, Object> args) {
    ArgSpec.validate(name(), args(), args);
    Integer width = Args.integer(name(), args, "max_width");
    if (width == null) {
      return new Size(DEFAULT_MAX_WIDTH);
    }
    if (width != 0 && (width < MIN_WIDTH || width > MAX_WIDTH)) {
      throw new InvalidInputException(
          "screenshot: 'max_width' must be 0 (full size) or in ["
              + MIN_WIDTH
              + ", "
              + MAX_WIDTH
              + "] pixels, got "
              + width);
    }
    return new Size(width);
  }

  @Override
  public Shot execute(Size size, ToolContext ctx) {
    RawCapture capture = ctx.device().capture();
    if (!capture.hasScreenshot()) {
      throw new DeviceException(
          capture.deviceId(), "the device gave no screenshot with its screen; use describe_screen");
    }
    return scale(capture.deviceId(), capture.screenshot(), size.maxWidth());
  }

  /** {@code png} scaled to at most {@code maxWidth} pixels wide (0: as it is). */
  static Shot scale(String deviceId, byte[] png, int maxWidth) {
    BufferedImage image;
    try {
      image = ImageIO.read(new ByteArrayInputStream(png));
    } catch (IOException e) {
      image = null;
    }
    if (image == null) {
      throw new DeviceException(deviceId, "the device's screenshot is not a readable PNG");
    }
    int w = image.getWidth();
    int h = image.getHeight();
    if (maxWidth == 0 || w <= maxWidth) {
      return new Shot(png, w, h, w, h, 1.0);
    }
    double scale = (double) maxWidth / w;
    int sh = Math.max(1, (int) Math.round(h * scale));
    BufferedImage scaled = new BufferedImage(maxWidth, sh, BufferedImage.TYPE_INT_RGB);
    var g = scaled.createGraphics();
    try {
      g.setRenderingHint(
          RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
      g.setRenderingHint(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY);
      g.drawImage(image, 0, 0, maxWidth, sh, null);
    } finally {
      g.dispose();
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      ImageIO.write(scaled, "png", out);
    } catch (IOException e) {
      throw new IllegalStateException("cannot encode a PNG in memory", e);
    }
    return new Shot(out.toByteArray(), maxWidth, sh, w, h, scale);
  }
}
