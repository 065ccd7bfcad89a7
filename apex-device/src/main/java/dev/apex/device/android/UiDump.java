package dev.apex.device.android;

import dev.apex.core.DeviceException;
import dev.apex.core.DeviceText;
import java.nio.charset.StandardCharsets;

/**
 * Reads what {@code uiautomator dump} sends back: finds its error lines and cuts the {@code
 * /dev/tty} trailer. The bytes are never decoded or re-encoded: a capture keeps its encoding (UTF-8
 * from a device, UTF-16 with a BOM from a Windows redirect) and perception decodes it.
 */
final class UiDump {

  private static final byte[] END_TAG = "</hierarchy>".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] END_TAG_UTF16LE = "</hierarchy>".getBytes(StandardCharsets.UTF_16LE);
  private static final byte[] END_TAG_UTF16BE = "</hierarchy>".getBytes(StandardCharsets.UTF_16BE);

  private UiDump() {}

  /**
   * Throws when uiautomator reported an error. {@code could not get idle state} (an animating
   * screen) and {@code null root node} (a screen waking up) pass on a later try, so they are
   * retriable {@link DeviceException}s like every other error here.
   */
  static void checkOutput(String deviceId, String command, String output) {
    int error = output.indexOf("ERROR");
    if (error < 0) {
      return;
    }
    String line =
        DeviceText.excerpt(
            output.substring(error).lines().findFirst().orElse("ERROR").strip(), 300);
    if (line.contains("could not get idle state")) {
      throw new DeviceException(
          deviceId,
          "uiautomator could not get an idle screen ('"
              + line
              + "'): the screen is animating; retry when it settles");
    }
    if (line.contains("null root node")) {
      throw new DeviceException(
          deviceId,
          "uiautomator found no window ('" + line + "'): the screen may be off or waking; retry");
    }
    throw new DeviceException(deviceId, "'" + command + "' failed: " + line);
  }

  /** The XML as sent, up to and including the last {@code </hierarchy>}; other encodings as is. */
  static byte[] cutTrailer(byte[] output) {
    int end = lastIndexOf(output, END_TAG);
    if (end < 0) {
      return output;
    }
    int cut = end + END_TAG.length;
    return cut == output.length ? output : java.util.Arrays.copyOf(output, cut);
  }

  /**
   * Whether the dump holds a whole document: a closed connection mid-stream leaves it cut short.
   */
  static boolean isComplete(byte[] xml) {
    return lastIndexOf(xml, END_TAG) >= 0
        || lastIndexOf(xml, END_TAG_UTF16LE) >= 0
        || lastIndexOf(xml, END_TAG_UTF16BE) >= 0;
  }

  static int lastIndexOf(byte[] haystack, byte[] needle) {
    outer:
    for (int i = haystack.length - needle.length; i >= 0; i--) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  /**
   * The {@code rotation} of the dump's {@code <hierarchy>} (0 to 3, a quarter turn each), read from
   * its first bytes whatever their encoding (UTF-16's zero bytes are skipped); 0 when absent.
   */
  static int rotation(byte[] xml) {
    StringBuilder head = new StringBuilder();
    for (int i = 0; i < Math.min(xml.length, 1024); i++) {
      if (xml[i] != 0) {
        head.append((char) (xml[i] & 0xff));
      }
    }
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("<hierarchy[^>]*?rotation=[\"'](\\d)").matcher(head);
    return m.find() ? Integer.parseInt(m.group(1)) % 4 : 0;
  }
}
