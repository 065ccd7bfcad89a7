package dev.apex.device.sim;

import java.util.ArrayList;
import java.util.List;

/**
 * The sim screen's geometry and text metrics, shared by the layout (which places and wraps text)
 * and the painter (which draws it), so the tree and the picture agree to the pixel.
 *
 * <p>The screen is 720 × 1600 pixels at 2 pixels per dp: a real HD+ 20:9 phone resolution with
 * under half the pixels of FHD+ 1080 × 2400, so OCR and PNG encoding take about half as long, while
 * body text stays 28–40 px tall, well inside what Tesseract reads reliably.
 *
 * <p>Text widths are estimated from the character count rather than measured with a font, so the
 * layout (and with it the dump) is the same on every machine whatever fonts it has.
 */
final class SimStyle {

  static final int WIDTH = 720;
  static final int HEIGHT = 1600;
  static final int STATUS_BAR = 56;
  static final int TOOLBAR = 112;
  static final int MARGIN = 32;

  /** A text style: font size and line height in pixels. */
  enum Text {
    CLOCK(26, STATUS_BAR, false),
    HEADING(40, TOOLBAR, true),
    BODY(30, 44, false),
    TITLE(34, 48, false),
    SUMMARY(28, 40, false),
    BUTTON(32, 96, false),
    FIELD(32, 48, false),
    LABEL(28, 40, false);

    final int size;
    final int lineHeight;
    final boolean bold;

    Text(int size, int lineHeight, boolean bold) {
      this.size = size;
      this.lineHeight = lineHeight;
      this.bold = bold;
    }

    /**
     * A generous estimate of a character's drawn width: DejaVu Sans averages about 0.55 em per
     * character in mixed text; 0.62 (0.68 bold) leaves room for capitals.
     */
    double charWidth() {
      return size * (bold ? 0.68 : 0.62);
    }

    int width(String s) {
      return (int) Math.ceil(s.length() * charWidth());
    }

    /** Greedy word wrap to {@code maxWidth} pixels; a word longer than a line is cut. */
    List<String> wrap(String text, int maxWidth) {
      int perLine = Math.max(1, (int) (maxWidth / charWidth()));
      List<String> lines = new ArrayList<>();
      for (String paragraph : text.split("\n", -1)) {
        StringBuilder line = new StringBuilder();
        for (String word : paragraph.split(" ")) {
          while (word.length() > perLine) {
            flush(lines, line);
            lines.add(word.substring(0, perLine));
            word = word.substring(perLine);
          }
          if (line.length() > 0 && line.length() + 1 + word.length() > perLine) {
            flush(lines, line);
          }
          if (line.length() > 0) {
            line.append(' ');
          }
          line.append(word);
        }
        lines.add(line.toString());
      }
      return lines;
    }

    private static void flush(List<String> lines, StringBuilder line) {
      if (line.length() > 0) {
        lines.add(line.toString());
        line.setLength(0);
      }
    }
  }

  private SimStyle() {}
}
