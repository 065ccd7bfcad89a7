package dev.apex.console;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.config.ApexConfig;
import dev.apex.runtime.safety.OriginRule;
import dev.apex.runtime.safety.PolicyDenied;
import dev.apex.runtime.safety.SensitiveAction;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The console's door for the addresses its users name: a device selector that makes apex open or
 * connect to a URL ({@code web:URL}, {@code webdriver:ENDPOINT}, {@code ios:WDA_URL}; {@link
 * OriginRule#urlOf}) passes the {@link OriginRule} under the config's policy ({@code
 * planner.allowed_urls}) before any device opens, for the inspector's Connect and for New task
 * alike. The console is a remote client, so its selectors are not the user's command line.
 *
 * <p>A scheme but http and https is a 400 naming the scheme, and nothing allows it. An origin the
 * config does not allow asks the person at the console: a 403 naming the origin (in the answer's
 * {@code origin} field, for the UI's Allow/Refuse) and {@code planner.allowed_urls}. Their Allow
 * sends the request again with {@code "allow_origin": ORIGIN}, which admits exactly that origin for
 * that one request; the config is not changed. Stateless.
 */
final class DeviceOrigins {

  /** The request key a person's Allow sends. */
  static final String ALLOW_KEY = "allow_origin";

  private DeviceOrigins() {}

  /**
   * Returns the origin {@code allowed} admitted when {@code device} may open under {@code config}
   * only because of it, empty when the config lets it open (or it opens no URL).
   *
   * @param allowed the origin the person allowed for this request ({@link #ALLOW_KEY}), or null
   * @throws HttpError 400 for an address refused outright, 403 for an origin neither the config nor
   *     {@code allowed} allows
   * @throws dev.apex.core.InvalidInputException for a selector that does not parse
   */
  static Optional<String> admit(String device, ApexConfig config, String allowed) {
    Optional<String> url = OriginRule.urlOf(device);
    if (url.isEmpty()) {
      return Optional.empty();
    }
    Optional<SensitiveAction> asks;
    try {
      asks = OriginRule.check(config.safetyPolicy(), "open", url.get());
    } catch (PolicyDenied e) {
      throw HttpError.badRequest(e.getMessage());
    }
    if (asks.isEmpty()) {
      return Optional.empty();
    }
    String origin = OriginRule.origin(asks.get());
    if (origin.equals(allowed)) {
      return Optional.of(origin);
    }
    throw new HttpError(
        403,
        PolicyDenied.CODE
            + ": "
            + asks.get().describe()
            + " is not opened from the console without your Allow; to allow it always, add "
            + origin
            + " to "
            + OriginRule.CONFIG_KEY
            + " in the Settings (or apex's config.json)",
        Map.of("origin", origin));
  }

  /**
   * {@code config} with {@code origin} added to {@code planner.allowed_urls}, for the one task a
   * person allowed it for.
   */
  static ApexConfig allowing(ApexConfig config, Optional<String> origin) {
    if (origin.isEmpty()) {
      return config;
    }
    List<String> urls = new ArrayList<>(config.planner().allowedUrls());
    urls.add(origin.get());
    return config.withPlanner(config.planner().withAllowedUrls(urls));
  }

  /**
   * The request's {@link #ALLOW_KEY}: null when absent.
   *
   * @throws HttpError 400 when it is not a string
   */
  static String allowed(JsonNode body) {
    JsonNode node = body.get(ALLOW_KEY);
    if (node == null || node.isNull()) {
      return null;
    }
    if (!node.isTextual() || node.asText().length() > 300) {
      throw HttpError.badRequest(
          ALLOW_KEY + " must be the origin a 403 named, e.g. \"https://example.com\"");
    }
    return node.asText();
  }
}
