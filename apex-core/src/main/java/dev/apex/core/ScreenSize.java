package dev.apex.core;

/**
 * The screen in screenshot pixels, with the scale from the platform's own unit (iOS points, CSS
 * pixels) to those pixels; 1.0 where the platform already speaks pixels.
 */
public record ScreenSize(int width, int height, double scale) {

  public ScreenSize {
    if (width < 0 || height < 0 || scale <= 0) {
      throw new IllegalArgumentException(
          "screen size must be non-negative with a positive scale, got "
              + width
              + "x"
              + height
              + " @"
              + scale);
    }
  }

  public static ScreenSize pixels(int width, int height) {
    return new ScreenSize(width, height, 1.0);
  }
}
