package dev.apex.device.web;

import dev.apex.core.DeviceException;
import dev.apex.core.InvalidInputException;
import dev.apex.core.Secrets;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.openqa.selenium.MutableCapabilities;
import org.openqa.selenium.WebDriverException;

/** Opens a session on a remote WebDriver endpoint and picks the surface it drives. */
final class RemoteSessions {

  /** Capability names W3C defines; any other must carry a vendor prefix such as {@code appium:}. */
  private static final Set<String> W3C_NAMES =
      Set.of(
          "browserName",
          "browserVersion",
          "platformName",
          "acceptInsecureCerts",
          "pageLoadStrategy",
          "proxy",
          "setWindowRect",
          "timeouts",
          "strictFileInteractability",
          "unhandledPromptBehavior",
          "webSocketUrl",
          "userAgent");

  /**
   * Platform names a desktop browser session reports when its browser name is missing (W3C's {@code
   * platformName} values); those sessions stay browsers.
   */
  private static final Set<String> BROWSER_PLATFORMS = Set.of("any");

  private RemoteSessions() {}

  static WebDevice open(String id, String endpoint, Map<String, Object> capabilities, WebConfig c) {
    URL url = parse(endpoint);
    WebSession driver;
    try {
      driver = WebSession.start(url, new MutableCapabilities(prefixed(capabilities)), c);
    } catch (RuntimeException e) {
      if (Failures.unreachable(e)) {
        throw new DeviceException(
            id,
            "WebDriver endpoint "
                + redact(url)
                + " did not answer ("
                + Failures.firstLine(rootCause(e))
                + "): check the URL and that the server is running");
      }
      throw new DeviceException(
          id,
          "WebDriver endpoint "
              + redact(url)
              + " did not start a session: "
              + Failures.firstLine(e),
          e);
    }
    try {
      Object asked = capabilities.get("platformName");
      return new WebDevice(
          id, driver, surfaceFor(driver, id, asked == null ? "" : asked.toString()), () -> {});
    } catch (WebDriverException e) {
      driver.quit();
      throw Failures.translate(id, "read the session's capabilities", e);
    }
  }

  /**
   * Android or iOS for a native Appium session (no browser name); a browser page for a session with
   * a browser name or no platform (a Selenium Grid that names none); any other platform a native
   * session names (Windows, Mac2, Tizen, a test driver) is read from its page source as a generic
   * tree, never sent the DOM script.
   */
  static Surface surfaceFor(WebSession driver, String id, String askedPlatform) {
    Map<String, Object> caps = driver.getCapabilities().asMap();
    String platform =
        String.valueOf(caps.getOrDefault("platformName", "")).toLowerCase(Locale.ROOT);
    Object browser = caps.get("browserName");
    boolean nativeApp = browser == null || String.valueOf(browser).isBlank();
    if (nativeApp && platform.equals("android")) {
      return new AndroidSurface(driver, id);
    }
    if (nativeApp && platform.equals("ios")) {
      return new IosSurface(driver, id);
    }
    if (nativeApp && !platform.isBlank() && !BROWSER_PLATFORMS.contains(platform)) {
      // Selenium reads the returned platformName into its Platform enum, which knows no Tizen
      // (it says UNIX): name the platform as the capabilities file asked for it when it did.
      String returned = String.valueOf(caps.getOrDefault("platformName", "")).strip();
      return new GenericSurface(
          driver, id, askedPlatform.isBlank() ? returned : askedPlatform.strip());
    }
    if (ActListeners.chromiumBased(browser)) {
      ActListeners.install(driver);
    }
    return new BrowserSurface(driver, id, "about:blank");
  }

  /**
   * Appium's own capabilities written without their {@code appium:} prefix (as older Appium docs
   * show) get it, so a mobile capabilities file works either way.
   */
  static Map<String, Object> prefixed(Map<String, Object> capabilities) {
    String platform =
        String.valueOf(capabilities.getOrDefault("platformName", "")).toLowerCase(Locale.ROOT);
    Object browser = capabilities.get("browserName");
    // Android, iOS, and any platform asked for without a browser (Windows, Mac2, Tizen): Appium.
    boolean mobile =
        platform.equals("android")
            || platform.equals("ios")
            || (!platform.isBlank() && (browser == null || String.valueOf(browser).isBlank()));
    Map<String, Object> out = new LinkedHashMap<>();
    capabilities.forEach(
        (name, value) ->
            out.put(
                mobile && !name.contains(":") && !W3C_NAMES.contains(name)
                    ? "appium:" + name
                    : name,
                value));
    return out;
  }

  static URL parse(String endpoint) {
    try {
      URI uri = new URI(endpoint.strip());
      if (uri.getScheme() == null
          || !(uri.getScheme().equals("http") || uri.getScheme().equals("https"))
          || uri.getHost() == null) {
        throw new URISyntaxException(endpoint, "not an http(s) URL with a host");
      }
      return uri.toURL();
    } catch (URISyntaxException | MalformedURLException | IllegalArgumentException e) {
      throw new InvalidInputException(
          "'"
              + endpoint
              + "' is not a WebDriver endpoint URL: give one such as http://127.0.0.1:4444"
              + " (a Selenium Grid) or http://127.0.0.1:4723 (an Appium server)");
    }
  }

  /** The URL without user info, which may hold a password. */
  static String redact(URL url) {
    return Secrets.withoutUserInfo(url.toString());
  }

  private static Throwable rootCause(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    return t;
  }
}
