package dev.apex.console;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Collections;
import java.util.HashSet;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.eclipse.jetty.http.HttpFields;

/**
 * Who may talk to the console. A request is refused (403) when its {@code Host} names neither the
 * bound address nor localhost — a page on another domain resolved to 127.0.0.1 (DNS rebinding)
 * still sends its own name — or when it carries an {@code Origin} other than the console's own. An
 * API call must also present the token, as {@code Authorization: Bearer} or as the cookie the UI
 * received for it (401 otherwise). Tokens are compared in constant time. Thread-safe.
 *
 * <p>Behind a reverse proxy the browser names the proxy's address: with a public URL ({@code
 * --public-url https://apex.example.com}) that exact scheme, host and port are ours too, as Host
 * and as Origin, and the cookie is {@code Secure} when it is https. Nothing else is.
 */
final class AccessGuard {

  private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");
  private static final Pattern IPV6 = Pattern.compile("\\[[0-9A-Fa-f:.%a-zA-Z]+]");

  private final byte[] token;
  private final String cookieName;
  private final int port;
  private final String boundName;
  private final Set<InetAddress> boundAddresses;
  private final URI publicUrl;

  AccessGuard(String token, String host, InetAddress bound, int port) {
    this(token, host, bound, port, null);
  }

  /**
   * @param publicUrl where a reverse proxy serves the console ({@code https://host[:port]}), or
   *     null for none
   */
  AccessGuard(String token, String host, InetAddress bound, int port, URI publicUrl) {
    this.publicUrl = publicUrl;
    this.token = Objects.requireNonNull(token, "token").getBytes(StandardCharsets.US_ASCII);
    this.port = port;
    // One cookie per port, so two consoles on one machine do not log each other out.
    this.cookieName = "apex_console_" + port;
    this.boundName = host.toLowerCase(Locale.ROOT);
    this.boundAddresses = addressesOf(bound);
  }

  /** 32 bytes from {@link SecureRandom}, URL-safe Base64 without padding (43 characters). */
  static String newToken() {
    byte[] bytes = new byte[32];
    new SecureRandom().nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  String cookieName() {
    return cookieName;
  }

  /** The {@code Set-Cookie} value that hands the token to a browser: HttpOnly, SameSite=Strict. */
  String setCookie() {
    return cookieName
        + "="
        + new String(token, StandardCharsets.US_ASCII)
        + "; Path=/; HttpOnly; SameSite=Strict"
        + (publicUrl != null && publicUrl.getScheme().equals("https") ? "; Secure" : "");
  }

  /** Why the request must be refused with 403, or empty when its Host and Origin are ours. */
  Optional<String> refusal(HttpFields headers) {
    String host = headers.get("Host");
    if (host == null || !(isOurs(host) || isPublic(host))) {
      return Optional.of("the Host header must name this console (127.0.0.1 or localhost)");
    }
    String origin = headers.get("Origin");
    if (origin != null && !isOurOrigin(origin)) {
      return Optional.of("requests from another origin are not allowed");
    }
    return Optional.empty();
  }

  /** Whether the request carries the token, as a bearer token or as our cookie. */
  boolean authenticated(HttpFields headers) {
    String authorization = headers.get("Authorization");
    if (authorization != null
        && authorization.regionMatches(true, 0, "Bearer ", 0, 7)
        && matches(authorization.substring(7).strip())) {
      return true;
    }
    for (String line : headers.getValuesList("Cookie")) {
      for (String cookie : line.split(";")) {
        int eq = cookie.indexOf('=');
        if (eq > 0
            && cookie.substring(0, eq).strip().equals(cookieName)
            && matches(cookie.substring(eq + 1).strip())) {
          return true;
        }
      }
    }
    return false;
  }

  boolean matches(String candidate) {
    return candidate != null
        && MessageDigest.isEqual(token, candidate.getBytes(StandardCharsets.US_ASCII));
  }

  private boolean isOurOrigin(String origin) {
    try {
      URI uri = new URI(origin);
      if (uri.getScheme() == null || uri.getRawAuthority() == null) {
        return false;
      }
      String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
      return (scheme.equals("http") && isOurs(uri.getRawAuthority()))
          || (publicUrl != null
              && scheme.equals(publicUrl.getScheme())
              && isPublic(uri.getRawAuthority()));
    } catch (URISyntaxException e) {
      return false;
    }
  }

  /**
   * Whether {@code host[:port]} (a Host header, or an Origin's authority) names the public URL: its
   * host, and its port or its scheme's default.
   */
  private boolean isPublic(String hostAndPort) {
    if (publicUrl == null) {
      return false;
    }
    try {
      URI given = new URI(publicUrl.getScheme() + "://" + hostAndPort.strip() + "/");
      return given.getHost() != null
          && given.getRawUserInfo() == null
          && given.getHost().equalsIgnoreCase(publicUrl.getHost())
          && portOf(given) == portOf(publicUrl);
    } catch (URISyntaxException e) {
      return false;
    }
  }

  private static int portOf(URI uri) {
    return uri.getPort() >= 0 ? uri.getPort() : uri.getScheme().equals("https") ? 443 : 80;
  }

  /** Whether {@code host[:port]} names this console: its port, and localhost or a bound address. */
  private boolean isOurs(String hostAndPort) {
    String value = hostAndPort.strip().toLowerCase(Locale.ROOT);
    int colon = value.lastIndexOf(':');
    String name = value;
    int requestPort = 80;
    if (colon > value.lastIndexOf(']')) {
      name = value.substring(0, colon);
      try {
        requestPort = Integer.parseInt(value.substring(colon + 1));
      } catch (NumberFormatException e) {
        return false;
      }
    }
    if (requestPort != port) {
      return false;
    }
    if (name.equals("localhost") || name.equals(boundName)) {
      return true;
    }
    // Only literals are resolved: looking a name up would let DNS decide who is us.
    boolean v4 = IPV4.matcher(name).matches();
    if (!v4 && !IPV6.matcher(name).matches()) {
      return false;
    }
    try {
      InetAddress address = InetAddress.getByName(v4 ? name : name.substring(1, name.length() - 1));
      return address.isLoopbackAddress() || boundAddresses.contains(address);
    } catch (UnknownHostException e) {
      return false;
    }
  }

  /** The bound address, or every address of this machine when bound to the wildcard. */
  private static Set<InetAddress> addressesOf(InetAddress bound) {
    Set<InetAddress> addresses = new HashSet<>();
    addresses.add(bound);
    if (bound.isAnyLocalAddress()) {
      try {
        for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
          addresses.addAll(Collections.list(nic.getInetAddresses()));
        }
      } catch (SocketException e) {
        // Without the list only localhost and the literal bound name are accepted.
      }
    }
    return Set.copyOf(addresses);
  }
}
