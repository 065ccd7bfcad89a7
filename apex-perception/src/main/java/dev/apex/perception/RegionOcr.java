package dev.apex.perception;

import dev.apex.core.Bounds;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;

/**
 * Runs an {@link OcrEngine} on the blind regions of a screenshot only ({@link BlindRegions}): the
 * regions, each grown by {@link #PAD_PX}, are stacked top to bottom with {@link #GAP_PX} of white
 * between them into one image, read in one call, and each box found is moved back to where its
 * region lies on the screen (a box whose centre falls in a gap is dropped). Stacking keeps two
 * regions' words from running into one line. When the PNG cannot be decoded the whole screenshot is
 * read instead. Stateless and thread-safe when the engine is.
 */
final class RegionOcr {

  /** Pixels each region is grown by, so text touching its edge is read whole. */
  static final int PAD_PX = 4;

  /** White pixels between two stacked regions. */
  static final int GAP_PX = 16;

  private RegionOcr() {}

  /**
   * The boxes the engine finds in {@code regions} of {@code png}, in screenshot pixels.
   *
   * @param regions disjoint, non-empty regions in screenshot pixels
   */
  static List<OcrBox> recognize(OcrEngine engine, byte[] png, List<Bounds> regions) {
    BufferedImage screen;
    try {
      screen = ImageIO.read(new ByteArrayInputStream(png));
    } catch (IOException | RuntimeException e) {
      screen = null;
    }
    if (screen == null) {
      return engine.recognize(png);
    }
    List<Bounds> tiles = new ArrayList<>();
    int width = 1;
    int height = 0;
    for (Bounds r : regions) {
      Bounds t =
          new Bounds(
              Math.max(0, r.left() - PAD_PX),
              Math.max(0, r.top() - PAD_PX),
              Math.min(screen.getWidth(), r.right() + PAD_PX),
              Math.min(screen.getHeight(), r.bottom() + PAD_PX));
      if (t.hasArea()) {
        tiles.add(t);
        width = Math.max(width, t.width());
        height += (height == 0 ? 0 : GAP_PX) + t.height();
      }
    }
    if (tiles.isEmpty()) {
      return List.of();
    }
    BufferedImage stacked = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    int[] tileTop = new int[tiles.size()];
    Graphics2D g = stacked.createGraphics();
    try {
      g.setColor(Color.WHITE);
      g.fillRect(0, 0, width, height);
      int y = 0;
      for (int i = 0; i < tiles.size(); i++) {
        Bounds t = tiles.get(i);
        tileTop[i] = y;
        g.drawImage(
            screen,
            0,
            y,
            t.width(),
            y + t.height(),
            t.left(),
            t.top(),
            t.right(),
            t.bottom(),
            null);
        y += t.height() + GAP_PX;
      }
    } finally {
      g.dispose();
    }
    byte[] image;
    try {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      ImageIO.write(stacked, "png", out);
      image = out.toByteArray();
    } catch (IOException e) {
      return engine.recognize(png);
    }
    List<OcrBox> found = new ArrayList<>();
    for (OcrBox box : engine.recognize(image)) {
      int cy = box.bounds().centerY();
      for (int i = 0; i < tiles.size(); i++) {
        Bounds t = tiles.get(i);
        if (cy >= tileTop[i] && cy < tileTop[i] + t.height()) {
          int dx = t.left();
          int dy = t.top() - tileTop[i];
          Bounds b = box.bounds();
          Bounds moved =
              new Bounds(
                  Math.max(t.left(), b.left() + dx),
                  Math.max(t.top(), b.top() + dy),
                  Math.min(t.right(), b.right() + dx),
                  Math.min(t.bottom(), b.bottom() + dy));
          if (moved.hasArea()) {
            found.add(new OcrBox(box.text(), moved, box.confidence()));
          }
          break;
        }
      }
    }
    return found;
  }
}
