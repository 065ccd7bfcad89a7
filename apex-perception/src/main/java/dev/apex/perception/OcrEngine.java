package dev.apex.perception;

import java.util.List;

/** The OCR port: text boxes found on a PNG screenshot. */
public interface OcrEngine {

  /**
   * Recognises text on the screenshot. Implementations never throw for an unreadable image: they
   * return an empty list.
   */
  List<OcrBox> recognize(byte[] png);

  /** Whether this engine can run here (e.g. the tesseract binary is installed). */
  boolean available();

  /** An engine that finds nothing: scenes are built from the tree alone. */
  OcrEngine NONE =
      new OcrEngine() {
        @Override
        public List<OcrBox> recognize(byte[] png) {
          return List.of();
        }

        @Override
        public boolean available() {
          return false;
        }
      };
}
