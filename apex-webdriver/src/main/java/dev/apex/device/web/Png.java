package dev.apex.device.web;

/** Reads a PNG's pixel size from its header, without decoding the image. */
final class Png {

  private static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

  private Png() {}

  /** {@code {width, height}}; throws {@link IllegalArgumentException} when it is not a PNG. */
  static int[] size(byte[] png) {
    if (png == null || png.length < 24) {
      throw new IllegalArgumentException("not a PNG: " + (png == null ? 0 : png.length) + " bytes");
    }
    for (int i = 0; i < SIGNATURE.length; i++) {
      if (png[i] != SIGNATURE[i]) {
        throw new IllegalArgumentException("not a PNG: the signature is missing");
      }
    }
    // The first chunk is IHDR: length(4) type(4) width(4) height(4), big-endian.
    return new int[] {readInt(png, 16), readInt(png, 20)};
  }

  private static int readInt(byte[] b, int at) {
    return (b[at] & 0xff) << 24
        | (b[at + 1] & 0xff) << 16
        | (b[at + 2] & 0xff) << 8
        | b[at + 3] & 0xff;
  }
}
