package dev.apex.perception.xml;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Repairs double-encoded UTF-8 ("mojibake"): text whose UTF-8 bytes were once decoded as Latin-1 or
 * CP1252 and encoded again, so {@code 空白} reads {@code ç©ºç½}. A string is repaired only when every
 * character maps back to one Latin-1/CP1252 byte and those bytes are valid UTF-8 holding at least
 * one multi-byte sequence; ordinary text (ASCII, real accents, CJK) is returned unchanged.
 * Thread-safe.
 */
public final class TextRepair {

  /** CP1252's characters for bytes 0x80–0x9F, where it differs from Latin-1. */
  private static final char[] CP1252_HIGH = cp1252High();

  private TextRepair() {}

  /** The repaired text, or {@code text} itself; null stays null. */
  public static String repair(String text) {
    if (text == null || !suspicious(text)) {
      return text;
    }
    byte[] bytes = new byte[text.length()];
    for (int i = 0; i < text.length(); i++) {
      int b = toByte(text.charAt(i));
      if (b < 0) {
        return text;
      }
      bytes[i] = (byte) b;
    }
    CharsetDecoder decoder =
        StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    try {
      CharBuffer decoded = decoder.decode(ByteBuffer.wrap(bytes));
      return decoded.toString();
    } catch (CharacterCodingException e) {
      return text;
    }
  }

  /** Whether the text has a character in 0x80–0xFF and none that could not be one byte. */
  private static boolean suspicious(String text) {
    boolean high = false;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c >= 0x80) {
        if (c > 0xFF && toByte(c) < 0) {
          return false;
        }
        high = true;
      }
    }
    return high;
  }

  private static int toByte(char c) {
    if (c <= 0xFF) {
      return c;
    }
    for (int i = 0; i < CP1252_HIGH.length; i++) {
      if (CP1252_HIGH[i] == c) {
        return 0x80 + i;
      }
    }
    return -1;
  }

  private static char[] cp1252High() {
    byte[] high = new byte[32];
    for (int i = 0; i < high.length; i++) {
      high[i] = (byte) (0x80 + i);
    }
    char[] chars = new String(high, Charset.forName("windows-1252")).toCharArray();
    for (int i = 0; i < chars.length; i++) {
      // Bytes CP1252 leaves undefined decode to U+FFFD; only Latin-1 can map those back.
      if (chars[i] == '\uFFFD') {
        chars[i] = (char) (0x80 + i);
      }
    }
    return chars;
  }
}
