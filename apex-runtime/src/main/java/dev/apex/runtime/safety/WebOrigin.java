package dev.apex.runtime.safety;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The origin of an http or https address, {@code scheme://host[:port]}, as the {@link OriginRule}
 * compares it: scheme and host in lower case, the host without a trailing dot, the scheme's default
 * port dropped. The host is taken as written (no DNS); only ASCII hosts are read (a browser maps
 * other characters, so {@code １２７.０.０.１} would be a loopback address), so give an internationalised
 * name in its {@code xn--} form.
 *
 * @param scheme {@code http} or {@code https}
 * @param host a name, an IPv4 address or a bracketed IPv6 address
 * @param port the port, or -1 for the scheme's default
 */
public record WebOrigin(String scheme, String host, int port) {

  /** A URL's scheme, as RFC 3986 spells one. */
  private static final Pattern SCHEME = Pattern.compile("^([A-Za-z][A-Za-z0-9+.-]*):");

  private static final Pattern HOST = Pattern.compile("[a-z0-9_.-]+|\\[[0-9a-f:.]+\\]");

  public WebOrigin {
    Objects.requireNonNull(scheme, "scheme");
    Objects.requireNonNull(host, "host");
    if (!scheme.equals("http") && !scheme.equals("https")) {
      throw new IllegalArgumentException("scheme must be http or https, was " + scheme);
    }
    if (port == defaultPort(scheme)) {
      port = -1;
    }
  }

  /** The scheme {@code text} starts with, lower-cased, or empty when it starts with none. */
  public static Optional<String> schemeOf(String text) {
    Matcher m = SCHEME.matcher(text == null ? "" : text.strip());
    return m.find() ? Optional.of(m.group(1).toLowerCase(Locale.ROOT)) : Optional.empty();
  }

  /**
   * The origin of an http or https URL.
   *
   * @throws IllegalArgumentException with a short reason (never the URL, which may hold a password)
   *     when it is not an http(s) URL with a readable host and port
   */
  public static WebOrigin of(String url) {
    URI uri;
    try {
      uri = new URI(Objects.requireNonNull(url, "url").strip());
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException("it is not a well-formed URL", e);
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    String authority = uri.getRawAuthority();
    if (authority == null || authority.isEmpty()) {
      throw new IllegalArgumentException("it has no host");
    }
    return fromAuthority(scheme, authority.substring(authority.lastIndexOf('@') + 1));
  }

  private static WebOrigin fromAuthority(String scheme, String hostPort) {
    int colon = hostPort.lastIndexOf(':');
    boolean hasPort = colon >= 0 && colon > hostPort.lastIndexOf(']');
    String host = LocalHosts.canonical(hasPort ? hostPort.substring(0, colon) : hostPort);
    if (host.isEmpty() || !HOST.matcher(host).matches()) {
      throw new IllegalArgumentException(
          "its host is not plain ASCII letters, digits, dots and hyphens (give a"
              + " non-ASCII name in its xn-- form)");
    }
    int port = -1;
    if (hasPort && colon < hostPort.length() - 1) {
      String digits = hostPort.substring(colon + 1);
      if (!digits.matches("[0-9]{1,5}") || Integer.parseInt(digits) > 65_535) {
        throw new IllegalArgumentException("its port is not a number from 0 to 65535");
      }
      port = Integer.parseInt(digits);
    }
    try {
      LocalHosts.isLocal(host);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "its host is a number but not a valid IP address (" + e.getMessage() + ")", e);
    }
    return new WebOrigin(scheme, host, port);
  }

  /** Whether the host is this machine or a private network ({@link LocalHosts}). */
  public boolean local() {
    return LocalHosts.isLocal(host);
  }

  /** Whether {@code pattern}, {@code scheme://*.domain[:port]}, covers this origin. */
  boolean matchesWildcard(String pattern) {
    String prefix = scheme + "://*.";
    String suffix = port < 0 ? "" : ":" + port;
    if (!pattern.startsWith(prefix) || !pattern.endsWith(suffix)) {
      return false;
    }
    String domain = pattern.substring(prefix.length(), pattern.length() - suffix.length());
    return !domain.isEmpty() && !domain.contains(":") && host.endsWith("." + domain);
  }

  private static int defaultPort(String scheme) {
    return scheme.equals("https") ? 443 : 80;
  }

  /** {@code scheme://host[:port]}. */
  @Override
  public String toString() {
    return scheme + "://" + host + (port < 0 ? "" : ":" + port);
  }
}
