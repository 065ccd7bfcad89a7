package dev.apex.device.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import dev.apex.core.InvalidInputException;
import dev.apex.core.Json;
import dev.apex.core.Secrets;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Opens web devices from the CLI's selectors.
 *
 * <ul>
 *   <li>{@code web} or {@code web:URL}: headless Chromium through chromedriver, both the installed
 *       binaries (see {@link WebConfig}); opens URL, else {@code about:blank}.
 *   <li>{@code webdriver:ENDPOINT}: a session on a remote WebDriver endpoint (a Selenium Grid, an
 *       Appium server) with the capabilities of a JSON file, else {@code {"browserName":
 *       "chrome"}}. Appium sessions are recognised by their returned {@code platformName}.
 * </ul>
 *
 * <p>Opening blocks until the session exists (bounded by {@link WebConfig#commandTimeout()}). A
 * missing binary or a bad selector throws {@link InvalidInputException}; an endpoint that does not
 * answer or a browser that does not start throws a retriable {@link dev.apex.core.DeviceException}
 * naming the URL or the binary. Thread-safe: each call opens its own session.
 */
public final class WebDevices {

  static final String WEB = "web";
  private static final String WEBDRIVER = "webdriver:";

  private WebDevices() {}

  /**
   * Whether the selector names a device this module opens ({@code web…} or {@code webdriver:…}).
   */
  public static boolean handles(String selector) {
    return selector != null
        && (selector.equals(WEB)
            || selector.startsWith(WEB + ":")
            || selector.startsWith(WEBDRIVER));
  }

  /** Opens the device the selector names, with {@link WebConfig#defaults()}. */
  public static WebDevice open(String selector, Optional<Path> capabilitiesFile) {
    return open(selector, capabilitiesFile, WebConfig.defaults());
  }

  /**
   * Opens the device the selector names.
   *
   * @param selector {@code web}, {@code web:URL} or {@code webdriver:ENDPOINT}
   * @param capabilitiesFile a JSON capabilities file, only for {@code webdriver:}
   * @param config binaries, viewport and timeouts
   */
  public static WebDevice open(String selector, Optional<Path> capabilitiesFile, WebConfig config) {
    Objects.requireNonNull(selector, "selector");
    Objects.requireNonNull(capabilitiesFile, "capabilitiesFile");
    Objects.requireNonNull(config, "config");
    String s = selector.strip();
    // A password in the URL may come back in any error: make it a secret before connecting.
    Secrets.registerUserInfo(s);
    if (s.startsWith(WEBDRIVER)) {
      Map<String, Object> caps =
          capabilitiesFile
              .map(WebDevices::readCapabilities)
              .orElse(Map.of("browserName", "chrome"));
      return remote(s.substring(WEBDRIVER.length()), caps, config);
    }
    if (s.equals(WEB) || s.startsWith(WEB + ":")) {
      if (capabilitiesFile.isPresent()) {
        throw new InvalidInputException(
            "--capabilities applies to webdriver:ENDPOINT devices only; drop it for '"
                + s
                + "', or use WebConfig for the local browser");
      }
      return chromium(s.equals(WEB) ? null : s.substring(WEB.length() + 1), config);
    }
    throw new InvalidInputException(
        "unknown web device '" + selector + "': use web, web:URL or webdriver:ENDPOINT");
  }

  /**
   * Starts headless Chromium and opens {@code url} ({@code about:blank} when null); HOME returns
   * there. The device's id is {@code web} or {@code web:URL}.
   */
  public static WebDevice chromium(String url, WebConfig config) {
    Objects.requireNonNull(config, "config");
    String start = url == null || url.isBlank() ? "about:blank" : BrowserSurface.requireUrl(url);
    Secrets.registerUserInfo(start);
    return LocalChromium.open(
        url == null || url.isBlank() ? WEB : WEB + ":" + Secrets.withoutUserInfo(start),
        start,
        config);
  }

  /**
   * Opens a session on a remote endpoint. The device's id is {@code webdriver:ENDPOINT} (user info,
   * which may hold a password, removed).
   *
   * @param capabilities W3C capabilities; for Android and iOS, Appium's names may omit their {@code
   *     appium:} prefix
   */
  public static WebDevice remote(
      String endpoint, Map<String, Object> capabilities, WebConfig config) {
    Objects.requireNonNull(endpoint, "endpoint");
    Objects.requireNonNull(capabilities, "capabilities");
    Objects.requireNonNull(config, "config");
    Secrets.registerUserInfo(endpoint);
    String id = WEBDRIVER + RemoteSessions.redact(RemoteSessions.parse(endpoint));
    return RemoteSessions.open(id, endpoint, capabilities, config);
  }

  /**
   * Reads a capabilities file: a JSON object of capabilities, or a W3C new-session body whose
   * {@code capabilities.alwaysMatch} (or top-level {@code alwaysMatch}) holds them.
   */
  public static Map<String, Object> readCapabilities(Path file) {
    Objects.requireNonNull(file, "file");
    Map<String, Object> json;
    try {
      json = Json.mapper().readValue(file.toFile(), new TypeReference<Map<String, Object>>() {});
    } catch (JsonProcessingException e) {
      throw new InvalidInputException(
          "capabilities file "
              + file
              + " is not a JSON object: "
              + e.getOriginalMessage()
              + " at line "
              + e.getLocation().getLineNr(),
          e);
    } catch (IOException e) {
      throw new InvalidInputException("cannot read capabilities file " + file + ": " + e, e);
    }
    if (json.get("capabilities") instanceof Map<?, ?> w3c) {
      return alwaysMatch(file, w3c);
    }
    if (json.containsKey("alwaysMatch")) {
      return alwaysMatch(file, json);
    }
    return json;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> alwaysMatch(Path file, Map<?, ?> w3c) {
    if (w3c.containsKey("firstMatch")) {
      throw new InvalidInputException(
          "capabilities file "
              + file
              + " uses firstMatch: merge the set you want into alwaysMatch");
    }
    Object always = w3c.get("alwaysMatch");
    return always instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
  }
}
