package dev.apex.device.web;

import dev.apex.core.ScreenSize;

/**
 * A page's viewport: its size in CSS pixels and the device pixel ratio (screenshot pixels per CSS
 * pixel). Kept from the last script that read it, because no script runs while a JavaScript dialog
 * is open.
 *
 * @param width the viewport width in CSS pixels, positive
 * @param height the viewport height in CSS pixels, positive
 * @param dpr screenshot pixels per CSS pixel, positive
 */
record Viewport(double width, double height, double dpr) {

  /** What a browser session is assumed to show before any script has measured it. */
  static final Viewport UNMEASURED = new Viewport(1280, 720, 1.0);

  Viewport {
    if (!(width > 0) || !(height > 0) || !(dpr > 0)) {
      throw new IllegalArgumentException(
          "a viewport needs a positive size and ratio, got " + width + "x" + height + "@" + dpr);
    }
  }

  /** The viewport in screenshot pixels, each side rounded. */
  ScreenSize screen() {
    return new ScreenSize((int) Math.round(width * dpr), (int) Math.round(height * dpr), dpr);
  }
}
