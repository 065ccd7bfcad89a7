package dev.apex.core;

import java.util.Objects;

/**
 * One observation as the device gave it, before perception.
 *
 * @param deviceId the device it came from
 * @param format the tree's format
 * @param tree the tree's bytes exactly as received (encoding, BOM and trailers included)
 * @param screenshot PNG bytes, or null when the device gave none
 * @param screen the screen size in screenshot pixels and the tree-unit-to-pixel scale
 */
public record RawCapture(
    String deviceId, TreeFormat format, byte[] tree, byte[] screenshot, ScreenSize screen) {

  public RawCapture {
    Objects.requireNonNull(deviceId, "deviceId");
    Objects.requireNonNull(format, "format");
    Objects.requireNonNull(tree, "tree");
    Objects.requireNonNull(screen, "screen");
  }

  public boolean hasScreenshot() {
    return screenshot != null && screenshot.length > 0;
  }
}
