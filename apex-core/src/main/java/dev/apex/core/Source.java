package dev.apex.core;

/** Where a {@link SceneElement} came from. */
public enum Source {
  /** A node of the device's UI tree. */
  TREE,
  /** A box that only OCR found. */
  OCR,
  /** A tree node without text that took the text of the OCR box matched to it. */
  FUSED
}
