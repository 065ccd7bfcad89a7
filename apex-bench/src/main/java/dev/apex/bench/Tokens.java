package dev.apex.bench;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * Counts tokens as GPT-4-class models do ({@code cl100k_base}, via jtokkit): the unit an LLM bills
 * and a context window holds. Special-token markers in the text count as ordinary text.
 * Thread-safe.
 */
public final class Tokens {

  private static final Encoding CL100K =
      Encodings.newLazyEncodingRegistry().getEncoding(EncodingType.CL100K_BASE);

  private Tokens() {}

  public static int count(String text) {
    return text.isEmpty() ? 0 : CL100K.countTokensOrdinary(text);
  }

  /**
   * A raw dump's bytes as the text a peer would put in a prompt: decoded by its byte-order mark
   * (UTF-8, UTF-16LE, UTF-16BE; the BOM itself dropped), else as UTF-8.
   */
  public static String text(byte[] raw) {
    int n = raw.length;
    if (n >= 3 && (raw[0] & 0xFF) == 0xEF && (raw[1] & 0xFF) == 0xBB && (raw[2] & 0xFF) == 0xBF) {
      return decode(raw, 3, StandardCharsets.UTF_8);
    }
    if (n >= 2 && (raw[0] & 0xFF) == 0xFF && (raw[1] & 0xFF) == 0xFE) {
      return decode(raw, 2, StandardCharsets.UTF_16LE);
    }
    if (n >= 2 && (raw[0] & 0xFF) == 0xFE && (raw[1] & 0xFF) == 0xFF) {
      return decode(raw, 2, StandardCharsets.UTF_16BE);
    }
    return decode(raw, 0, StandardCharsets.UTF_8);
  }

  private static String decode(byte[] raw, int offset, Charset charset) {
    return new String(raw, offset, raw.length - offset, charset);
  }
}
