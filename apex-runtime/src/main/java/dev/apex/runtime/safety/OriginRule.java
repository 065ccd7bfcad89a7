package dev.apex.runtime.safety;

import dev.apex.core.InvalidInputException;
import dev.apex.core.Secrets;
import dev.apex.device.DeviceSelector;
import java.util.Optional;
import java.util.Set;

/**
 * What a model, a flow or a remote client may open: the one rule for every URL apex is asked to
 * open on someone else's word ({@code launch_app} of a URL, MCP's {@code use_device}, the console's
 * inspector and new task). The user's own command line ({@code apex run --device web:URL}) does not
 * pass here: it stays the user's choice.
 *
 * <ol>
 *   <li>A scheme other than {@code http} and {@code https} ({@code file:}, {@code data:}, {@code
 *       javascript:}, {@code chrome:}, {@code about:} but {@code about:blank}), or an address whose
 *       host cannot be read, is refused outright, nobody asked ({@link PolicyDenied#refused}).
 *   <li>An origin the user named ({@code --allow-url ORIGIN}, {@value #CONFIG_KEY}) opens.
 *   <li>A public origin opens when the allow-list holds {@value #ANY} or a {@code
 *       scheme://*.domain} that covers it. A local one (loopback, private, link-local: {@link
 *       LocalHosts}) never opens silently: only its exact origin in the list lets it.
 *   <li>Anything else is a {@link SensitiveKind#URL_OPEN} for the {@link Confirmer}, which a flow's
 *       {@link Confirmer#AUTHORED} never confirms.
 * </ol>
 *
 * <p>Hosts are judged as written: no DNS (a public name that resolves to a private address is not
 * caught here). Stateless and thread-safe.
 */
public final class OriginRule {

  /** The flag that names an origin the user allows. */
  public static final String FLAG = "--allow-url";

  /** The config key that lists the origins the user allows. */
  public static final String CONFIG_KEY = "planner.allowed_urls";

  /** The allow-list entry for every public origin (never a local one). */
  public static final String ANY = "*";

  /** The one page other than http(s) that opens: an empty one. */
  public static final String BLANK = "about:blank";

  /** The device kinds whose selector argument is an address apex connects to. */
  private static final Set<String> URL_KINDS = Set.of("web", "webdriver", "ios");

  private OriginRule() {}

  /** Whether an app id is a URL: app ids (packages, bundle ids) never hold a {@code :}. */
  public static boolean isUrl(String appId) {
    return appId != null && appId.contains(":");
  }

  /**
   * The address a device selector makes apex open or connect to: the page of {@code web:URL}, the
   * server of {@code webdriver:ENDPOINT} and {@code ios:WDA_URL}; empty for the others and for a
   * kind without its argument (the configured one, or {@code about:blank}).
   */
  public static Optional<String> urlOf(String selector) {
    DeviceSelector parsed = DeviceSelector.parse(selector);
    return URL_KINDS.contains(parsed.kind())
        ? Optional.ofNullable(parsed.argument())
        : Optional.empty();
  }

  /**
   * The origin of the page the user's own {@code web:URL} selector opens, when it is http or https:
   * the user named it on their command line, so their run's steps may open it again without asking
   * (another origin, or another port, still follows the rule). Empty for every other selector.
   */
  public static Optional<String> pageOrigin(String selector) {
    DeviceSelector parsed = DeviceSelector.parse(selector);
    if (!parsed.kind().equals("web") || parsed.argument() == null) {
      return Optional.empty();
    }
    try {
      return Optional.of(WebOrigin.of(parsed.argument()).toString());
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  /**
   * What opening {@code url} needs under {@code policy}.
   *
   * @param tool what opens it, as messages name it, e.g. {@code launch_app}, {@code use_device}
   * @return empty when it may open; a {@link SensitiveKind#URL_OPEN} action a person must confirm
   * @throws PolicyDenied when it is refused outright (a scheme but http and https, an unreadable
   *     host)
   */
  public static Optional<SensitiveAction> check(SafetyPolicy policy, String tool, String url) {
    String given = url == null ? "" : url.strip();
    if (given.equalsIgnoreCase(BLANK)) {
      return Optional.empty();
    }
    String shown = Secrets.redact(Secrets.withoutUserInfo(given));
    String scheme = WebOrigin.schemeOf(given).orElse("");
    if (!scheme.equals("http") && !scheme.equals("https")) {
      throw PolicyDenied.refused(
          new SensitiveAction(SensitiveKind.URL_OPEN, tool, shown, scheme + ":"),
          (scheme.isEmpty() ? "it has no scheme" : "it is a " + scheme + ": URL")
              + "; apex opens only http and https pages (and "
              + BLANK
              + ") for a model, a flow or a remote client");
    }
    WebOrigin origin;
    try {
      origin = WebOrigin.of(given);
    } catch (IllegalArgumentException e) {
      throw PolicyDenied.refused(
          new SensitiveAction(SensitiveKind.URL_OPEN, tool, shown, "unreadable"),
          e.getMessage() + "; give an http or https URL with a plain host");
    }
    if (allows(policy.allowedOrigins(), origin)) {
      return Optional.empty();
    }
    return Optional.of(
        new SensitiveAction(
            SensitiveKind.URL_OPEN,
            tool,
            shown,
            origin + (origin.local() ? " is a local address" : " is not an allowed origin")));
  }

  /**
   * Lets {@code url} open, or throws: {@link #check}, then the {@code confirmer} for what needs a
   * person. For the server-side opens ({@code use_device}, the console) that are not a step.
   *
   * @throws PolicyDenied when it is refused outright or not confirmed
   */
  public static void admit(SafetyPolicy policy, String tool, String url, Confirmer confirmer) {
    Optional<SensitiveAction> asks = check(policy, tool, url);
    if (asks.isPresent()) {
      SafetyInterceptor.askOrDeny(asks.get(), confirmer);
    }
  }

  /** {@link #admit} for the address a device selector opens, if it has one ({@link #urlOf}). */
  public static void admitDevice(SafetyPolicy policy, String selector, Confirmer confirmer) {
    Optional<String> url = urlOf(selector);
    if (url.isPresent()) {
      admit(policy, "use_device", url.get(), confirmer);
    }
  }

  private static boolean allows(Set<String> allowed, WebOrigin origin) {
    if (allowed.contains(origin.toString())) {
      return true;
    }
    if (origin.local()) {
      return false;
    }
    return allowed.contains(ANY) || allowed.stream().anyMatch(origin::matchesWildcard);
  }

  /**
   * An allow-list entry in the form the rule compares: {@value #ANY}, an origin ({@code
   * https://example.com}, {@code http://localhost:8080}; a trailing {@code /} dropped) or a {@code
   * scheme://*.domain[:port]} wildcard.
   *
   * @throws InvalidInputException naming the entry's problem and the forms it may take
   */
  public static String normalise(String entry) {
    String e = entry == null ? "" : entry.strip();
    if (e.equals(ANY)) {
      return ANY;
    }
    String bare = e.endsWith("/") ? e.substring(0, e.length() - 1) : e;
    try {
      boolean wildcard = bare.matches("(?i)https?://\\*\\..+");
      WebOrigin origin = WebOrigin.of(wildcard ? bare.replaceFirst("\\*\\.", "") : bare);
      if (bare.indexOf('/', bare.indexOf("//") + 2) >= 0 || bare.contains("@")) {
        throw new IllegalArgumentException("an origin has no path or user");
      }
      return wildcard
          ? origin.scheme() + "://*." + origin.toString().split("://")[1]
          : origin.toString();
    } catch (IllegalArgumentException ex) {
      throw new InvalidInputException(
          FLAG
              + " '"
              + Secrets.redact(Secrets.withoutUserInfo(e))
              + "' is not an origin: give scheme://host[:port] such as https://example.com or"
              + " http://localhost:8080, https://*.example.com for its subdomains, or * for every"
              + " public origin");
    }
  }

  /** What the user can do so that a refused {@link SensitiveKind#URL_OPEN} opens. */
  public static String remedy(SensitiveAction action) {
    return "to open it without asking, the user names its origin with "
        + FLAG
        + " "
        + origin(action)
        + " (or adds it to "
        + CONFIG_KEY
        + " in apex's config.json)";
  }

  /** The origin a {@link SensitiveKind#URL_OPEN} would open, or {@code ORIGIN} if none is read. */
  public static String origin(SensitiveAction action) {
    try {
      return WebOrigin.of(action.target()).toString();
    } catch (IllegalArgumentException e) {
      return "ORIGIN";
    }
  }
}
