package dev.apex.device.web;

import dev.apex.core.ScreenSize;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import javax.imageio.ImageIO;

/**
 * The screenshot of a screen that a JavaScript dialog covers. WebDriver takes no screenshot while
 * one is open (the command fails with "unexpected alert open"), and an older screenshot would show
 * text that cannot be tapped (which OCR would offer as elements), so apex draws one: the viewport
 * in grey, the dialog's box in white, its field outlined and its buttons in blue, at the boxes of
 * the {@link DialogLayout} the tree reports, in screenshot pixels. It has no text (drawing text
 * needs fonts a server may lack; the tree carries the text). Stateless.
 */
final class DialogPicture {

  private static final Color SHADE = new Color(0x80, 0x80, 0x80);
  private static final Color PANEL = Color.WHITE;
  private static final Color FIELD = new Color(0x5f, 0x63, 0x68);
  private static final Color BUTTON = new Color(0x1a, 0x73, 0xe8);

  private DialogPicture() {}

  /** A PNG of the viewport's size in screenshot pixels showing the layout's boxes. */
  static byte[] png(DialogLayout layout) {
    ScreenSize screen = layout.viewport().screen();
    double s = layout.viewport().dpr();
    BufferedImage image =
        new BufferedImage(
            Math.max(1, screen.width()), Math.max(1, screen.height()), BufferedImage.TYPE_INT_RGB);
    Graphics2D g = image.createGraphics();
    try {
      g.setColor(SHADE);
      g.fillRect(0, 0, image.getWidth(), image.getHeight());
      g.setColor(PANEL);
      fill(g, layout.box(), s);
      layout
          .field()
          .ifPresent(
              f -> {
                g.setColor(FIELD);
                g.drawRect(px(f.x(), s), px(f.y(), s), px(f.width(), s), px(f.height(), s));
              });
      g.setColor(BUTTON);
      layout.buttons().forEach(b -> fill(g, b, s));
    } finally {
      g.dispose();
    }
    return encode(image);
  }

  private static void fill(Graphics2D g, DialogLayout.Box b, double s) {
    g.fillRect(px(b.x(), s), px(b.y(), s), px(b.width(), s), px(b.height(), s));
  }

  private static int px(double css, double scale) {
    return (int) Math.round(css * scale);
  }

  private static byte[] encode(BufferedImage image) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      ImageIO.write(image, "png", out);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot encode the dialog's picture", e);
    }
    return out.toByteArray();
  }
}
