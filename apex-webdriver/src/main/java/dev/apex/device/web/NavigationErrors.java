package dev.apex.device.web;

import dev.apex.core.Secrets;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriverException;

/**
 * Tells a page from the browser's own error page. W3C WebDriver reports neither the HTTP status nor
 * a network failure: {@code get} returns and {@code getCurrentUrl} still names the URL asked for.
 * What gives Chromium's error page away is its document URL, {@code chrome-error://…} (the page a
 * site serves, even a 404 with a body, never has it). Its error code is read from {@code
 * loadTimeData} (the page's strings), else from the {@code .error-code} element; an error page
 * whose code cannot be read still fails, as {@code unknown error}. Stateless.
 */
final class NavigationErrors {

  /** Returns null on a page of the site's; the error code on the browser's error page. */
  static final String SCRIPT =
      """
      if (!String(document.URL).startsWith('chrome-error:')) return null;
      var code = '';
      try { code = String(loadTimeData.getValue('errorCode') || ''); } catch (e) {}
      if (!code) {
        var el = document.querySelector('.error-code');
        code = el ? el.textContent : '';
      }
      return String(code).trim().slice(0, 100) || 'unknown error';
      """;

  private static final Pattern NET_ERROR = Pattern.compile("net::ERR_[A-Z0-9_]+");

  private NavigationErrors() {}

  /**
   * @throws NavigationFailedException when the tab shows the browser's error page
   */
  static void check(JavascriptExecutor page, String deviceId, String url) {
    Object code = page.executeScript(SCRIPT);
    if (code instanceof String s && !s.isBlank()) {
      throw new NavigationFailedException(deviceId, Secrets.redact(url), normalise(s));
    }
  }

  /**
   * The navigation failure a WebDriver error reports, when it is one: chromedriver answers some
   * failed loads with {@code unknown error: net::ERR_…} instead of showing the error page.
   */
  static Optional<NavigationFailedException> of(WebDriverException e, String deviceId, String url) {
    String message = Failures.firstLine(e);
    Matcher m = NET_ERROR.matcher(message);
    return m.find()
        ? Optional.of(new NavigationFailedException(deviceId, Secrets.redact(url), m.group()))
        : Optional.empty();
  }

  /** {@code ERR_CONNECTION_REFUSED} as Chromium's logs and DevTools write it: {@code net::…}. */
  static String normalise(String code) {
    String c = code.strip();
    return c.toUpperCase(Locale.ROOT).startsWith("ERR_") ? "net::" + c : c;
  }
}
