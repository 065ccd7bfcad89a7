package dev.apex.runtime.safety;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;

/**
 * Which hosts are this machine or a private network, judged on the host as written: a name is never
 * resolved (no DNS in the policy), a literal address is classified. Loopback ({@code 127.0.0.0/8},
 * {@code ::1}, {@code localhost}), private ({@code 10/8}, {@code 172.16/12}, {@code 192.168/16},
 * {@code 100.64/10}, {@code fc00::/7}), link-local ({@code 169.254/16}, {@code fe80::/10}),
 * unspecified ({@code 0/8}, {@code ::}), an IPv4 address inside IPv6, and intranet names (one
 * label, {@code .localhost}, {@code .local}, {@code .internal}, {@code .lan}, {@code .home.arpa}).
 *
 * <p>IPv4 is read as browsers read it (the WHATWG URL standard): {@code 2130706433}, {@code 0x7f.1}
 * and {@code 0177.0.0.1} are all {@code 127.0.0.1}. Stateless and thread-safe.
 */
final class LocalHosts {

  private static final List<String> INTRANET_SUFFIXES =
      List.of(".localhost", ".local", ".internal", ".lan", ".home.arpa");

  private LocalHosts() {}

  /**
   * Whether {@code host} (lower case, IPv6 in brackets, no trailing dot) names this machine or a
   * private network.
   *
   * @throws IllegalArgumentException when it looks like an address (its last label is a number) but
   *     is not a valid one, which a browser would refuse too
   */
  static boolean isLocal(String host) {
    if (host.startsWith("[")) {
      return isLocalV6(host);
    }
    OptionalLong v4 = ipv4(host);
    if (v4.isPresent()) {
      return isLocalV4(v4.getAsLong());
    }
    return !host.contains(".")
        || host.equals("localhost")
        || INTRANET_SUFFIXES.stream().anyMatch(host::endsWith);
  }

  /**
   * The IPv4 address {@code host} is, read as a browser reads it, or empty when it is a name.
   *
   * @throws IllegalArgumentException when its last label is a number but the whole is no address
   */
  static OptionalLong ipv4(String host) {
    String[] parts = host.split("\\.", -1);
    if (!isNumber(parts[parts.length - 1])) {
      return OptionalLong.empty();
    }
    if (parts.length > 4) {
      throw new IllegalArgumentException("too many parts");
    }
    long address = 0;
    for (int i = 0; i < parts.length - 1; i++) {
      long part = number(parts[i]);
      if (part > 255) {
        throw new IllegalArgumentException("a part over 255");
      }
      address = address * 256 + part;
    }
    int rest = 5 - parts.length;
    long last = number(parts[parts.length - 1]);
    if (last >= 1L << (8 * rest)) {
      throw new IllegalArgumentException("the last part is too large");
    }
    return OptionalLong.of((address << (8 * rest)) + last);
  }

  private static boolean isNumber(String part) {
    return part.matches("[0-9]+") || part.matches("0[xX][0-9a-fA-F]*");
  }

  /** A part in decimal, octal (a leading 0) or hexadecimal (0x); at most 2^32 - 1. */
  private static long number(String part) {
    if (part.isEmpty()) {
      throw new IllegalArgumentException("an empty part");
    }
    String digits = part;
    int radix = 10;
    if (part.startsWith("0x") || part.startsWith("0X")) {
      digits = part.substring(2);
      radix = 16;
    } else if (part.length() > 1 && part.startsWith("0")) {
      digits = part.substring(1);
      radix = 8;
    }
    if (digits.isEmpty()) {
      return 0;
    }
    if (digits.length() > 12) {
      throw new IllegalArgumentException("a part too long");
    }
    try {
      long value = Long.parseLong(digits, radix);
      if (value > 0xFFFF_FFFFL) {
        throw new IllegalArgumentException("a part too large");
      }
      return value;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("a part that is not a number", e);
    }
  }

  private static boolean isLocalV4(long a) {
    int first = (int) (a >>> 24);
    int second = (int) ((a >>> 16) & 0xFF);
    return first == 0
        || first == 10
        || first == 127
        || (first == 100 && second >= 64 && second < 128)
        || (first == 169 && second == 254)
        || (first == 172 && second >= 16 && second < 32)
        || (first == 192 && second == 168)
        || (first == 198 && (second == 18 || second == 19))
        || first >= 224;
  }

  private static boolean isLocalV6(String bracketed) {
    String literal = bracketed.substring(1, bracketed.length() - 1);
    if (!literal.matches("[0-9a-f:.]+")) {
      throw new IllegalArgumentException("not an IPv6 address");
    }
    byte[] b;
    try {
      // A literal: InetAddress parses it without any lookup.
      InetAddress address = InetAddress.getByName(literal);
      if (address instanceof Inet4Address) {
        return isLocalV4(unsigned(address.getAddress(), 0));
      }
      b = address.getAddress();
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException("not an IPv6 address", e);
    }
    boolean embedsV4 = true;
    for (int i = 0; i < 10; i++) {
      embedsV4 &= b[i] == 0;
    }
    boolean nat64 = (b[0] & 0xFF) == 0x00 && (b[1] & 0xFF) == 0x64 && (b[2] & 0xFF) == 0xff;
    if ((embedsV4 && ((b[10] == 0 && b[11] == 0) || (b[10] == -1 && b[11] == -1))) || nat64) {
      return isLocalV4(unsigned(b, 12));
    }
    int top = b[0] & 0xFF;
    return (top & 0xFE) == 0xFC || (top == 0xFE && (b[1] & 0xC0) == 0x80) || top == 0xFF;
  }

  private static long unsigned(byte[] b, int from) {
    long v = 0;
    for (int i = from; i < from + 4; i++) {
      v = (v << 8) | (b[i] & 0xFF);
    }
    return v;
  }

  /** {@code host} lower-cased, without a trailing dot. */
  static String canonical(String host) {
    String h = host.toLowerCase(Locale.ROOT);
    return h.endsWith(".") ? h.substring(0, h.length() - 1) : h;
  }
}
