package dev.apex.console;

import dev.apex.config.ApexConfig;
import dev.apex.runtime.planner.OriginRule;
import dev.apex.runtime.planner.PolicyDenied;
import dev.apex.runtime.planner.SensitiveAction;
import java.util.Optional;

/**
 * The console's door for the addresses its users name: a device selector that makes apex open or
 * connect to a URL ({@code web:URL}, {@code webdriver:ENDPOINT}, {@code ios:WDA_URL}; {@link
 * OriginRule#urlOf}) passes the {@link OriginRule} under the config's policy ({@code
 * planner.allowed_urls}) before any device opens, for the inspector's Connect and for New task
 * alike. The console is a remote client, so its selectors are not the user's command line.
 *
 * <p>A scheme but http and https is a 400 naming the scheme. An origin the config does not allow is
 * a 403 naming {@code planner.allowed_urls} (the console does not ask for it: its Allow/Refuse
 * belongs to a running task's steps, and a device opens before any task runs). Stateless.
 */
final class DeviceOrigins {

  private DeviceOrigins() {}

  /**
   * Returns when {@code device} may open under {@code config}.
   *
   * @throws HttpError 400 for an address refused outright, 403 for an origin not allowed
   * @throws dev.apex.core.InvalidInputException for a selector that does not parse
   */
  static void admit(String device, ApexConfig config) {
    Optional<String> url = OriginRule.urlOf(device);
    if (url.isEmpty()) {
      return;
    }
    Optional<SensitiveAction> asks;
    try {
      asks = OriginRule.check(config.safetyPolicy(), "open", url.get());
    } catch (PolicyDenied e) {
      throw HttpError.badRequest(e.getMessage());
    }
    if (asks.isPresent()) {
      String origin = OriginRule.origin(asks.get());
      throw new HttpError(
          403,
          PolicyDenied.CODE
              + ": "
              + asks.get().describe()
              + " is not opened from the console; to allow it, add "
              + origin
              + " to "
              + OriginRule.CONFIG_KEY
              + " in the Settings (or apex's config.json)");
    }
  }
}
