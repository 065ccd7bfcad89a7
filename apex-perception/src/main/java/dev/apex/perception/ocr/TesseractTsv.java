package dev.apex.perception.ocr;

import dev.apex.core.Bounds;
import dev.apex.perception.OcrBox;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads Tesseract's TSV output ({@code level page_num block_num par_num line_num word_num left top
 * width height conf text}) into line boxes: the words (level 5) of one Tesseract line, split where
 * the gap between two words is wider than {@link #MAX_GAP_IN_LINE_HEIGHTS} line heights (two labels
 * on one baseline, as UIs have), joined by single spaces. A line's box is the union of its words',
 * its confidence their mean confidence ÷ 100; lines below {@code minConfidence} are dropped (icons
 * read as stray glyphs). Malformed rows are skipped. Stateless and thread-safe.
 */
public final class TesseractTsv {

  /** A gap wider than this many line heights starts a new box. */
  public static final double MAX_GAP_IN_LINE_HEIGHTS = 1.5;

  private TesseractTsv() {}

  /**
   * The line boxes of one TSV document.
   *
   * @param minConfidence lines whose mean confidence (in [0, 1]) is lower are dropped
   */
  public static List<OcrBox> lines(String tsv, double minConfidence) {
    List<OcrBox> out = new ArrayList<>();
    Line line = null;
    for (String row : tsv.split("\n")) {
      String[] f = row.split("\t", -1);
      if (f.length < 12 || !f[0].equals("5")) {
        continue;
      }
      String text = f[11].strip();
      double conf;
      int left;
      int top;
      int width;
      int height;
      try {
        conf = Double.parseDouble(f[10]);
        left = Integer.parseInt(f[6]);
        top = Integer.parseInt(f[7]);
        width = Integer.parseInt(f[8]);
        height = Integer.parseInt(f[9]);
      } catch (NumberFormatException e) {
        continue;
      }
      if (text.isEmpty() || conf < 0) {
        continue;
      }
      String key = f[1] + ':' + f[2] + ':' + f[3] + ':' + f[4];
      Bounds word = Bounds.ofSize(left, top, width, height);
      if (line == null || !line.key.equals(key) || line.tooFar(word)) {
        if (line != null) {
          line.emit(out, minConfidence);
        }
        line = new Line(key, word);
      }
      line.add(text, word, conf);
    }
    if (line != null) {
      line.emit(out, minConfidence);
    }
    return out;
  }

  private static final class Line {
    final String key;
    final StringBuilder text = new StringBuilder();
    int left;
    int top;
    int right;
    int bottom;
    double confidenceSum;
    int words;

    Line(String key, Bounds first) {
      this.key = key;
      left = first.left();
      top = first.top();
      right = first.right();
      bottom = first.bottom();
    }

    boolean tooFar(Bounds word) {
      int height = Math.max(1, bottom - top);
      return word.left() - right > MAX_GAP_IN_LINE_HEIGHTS * height;
    }

    void add(String word, Bounds b, double conf) {
      if (words > 0) {
        text.append(' ');
      }
      text.append(word);
      left = Math.min(left, b.left());
      top = Math.min(top, b.top());
      right = Math.max(right, b.right());
      bottom = Math.max(bottom, b.bottom());
      confidenceSum += conf;
      words++;
    }

    void emit(List<OcrBox> out, double minConfidence) {
      double confidence = Math.min(1.0, confidenceSum / words / 100.0);
      if (confidence >= minConfidence) {
        out.add(new OcrBox(text.toString(), new Bounds(left, top, right, bottom), confidence));
      }
    }
  }
}
