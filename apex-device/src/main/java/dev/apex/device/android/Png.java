package dev.apex.device.android;

import java.util.Arrays;

/** Just enough PNG to tell a whole screenshot from a cut one and read its size. */
final class Png {

  private static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  private static final byte[] IEND = {
    0, 0, 0, 0, 'I', 'E', 'N', 'D', (byte) 0xae, 'B', '`', (byte) 0x82
  };

  private Png() {}

  static boolean hasSignature(byte[] bytes) {
    return bytes.length >= 24 && Arrays.equals(bytes, 0, 8, SIGNATURE, 0, 8);
  }

  /** Ends with the IEND chunk: nothing was lost at the end of the stream. */
  static boolean isComplete(byte[] bytes) {
    return hasSignature(bytes)
        && bytes.length >= SIGNATURE.length + IEND.length
        && Arrays.equals(bytes, bytes.length - IEND.length, bytes.length, IEND, 0, IEND.length);
  }

  static int width(byte[] png) {
    return readInt(png, 16);
  }

  static int height(byte[] png) {
    return readInt(png, 20);
  }

  private static int readInt(byte[] b, int at) {
    return ((b[at] & 0xff) << 24)
        | ((b[at + 1] & 0xff) << 16)
        | ((b[at + 2] & 0xff) << 8)
        | (b[at + 3] & 0xff);
  }
}
