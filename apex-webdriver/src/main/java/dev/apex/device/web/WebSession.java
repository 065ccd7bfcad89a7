package dev.apex.device.web;

import java.net.URL;
import java.time.Duration;
import java.util.Map;
import org.openqa.selenium.Capabilities;
import org.openqa.selenium.remote.CommandInfo;
import org.openqa.selenium.remote.HttpCommandExecutor;
import org.openqa.selenium.remote.RemoteWebDriver;
import org.openqa.selenium.remote.http.ClientConfig;
import org.openqa.selenium.remote.http.HttpMethod;

/**
 * A WebDriver session that can also ask for W3C's page source endpoint. Selenium's W3C codec turns
 * {@code getPageSource()} into a script returning {@code outerHTML}, which an Appium server cannot
 * run in a native app; Appium serves the UI hierarchy at {@code GET /session/{id}/source}.
 */
final class WebSession extends RemoteWebDriver {

  private static final String PAGE_SOURCE = "apex:getPageSource";
  private static final String CDP = "apex:cdpExecute";

  private WebSession(HttpCommandExecutor executor, Capabilities capabilities, ClientConfig config) {
    super(executor, capabilities, config);
  }

  /**
   * Creates the session over a {@link BoundedHttpClient}: every command ends within the config's
   * read timeout (the new session within {@code sessionTimeout}) and no answer is read past {@code
   * maxBytes}.
   */
  static WebSession start(
      URL endpoint,
      Capabilities capabilities,
      ClientConfig config,
      Duration sessionTimeout,
      long maxBytes) {
    ClientConfig withUrl = config.baseUrl(endpoint);
    HttpCommandExecutor executor =
        new HttpCommandExecutor(
            Map.of(
                PAGE_SOURCE,
                new CommandInfo("/session/:sessionId/source", HttpMethod.GET),
                CDP,
                new CommandInfo("/session/:sessionId/goog/cdp/execute", HttpMethod.POST)),
            withUrl,
            BoundedHttpClient.factory(sessionTimeout, maxBytes));
    return new WebSession(executor, capabilities, withUrl);
  }

  /**
   * {@link #start(URL, Capabilities, ClientConfig, Duration, long)} with {@code config}'s bounds.
   */
  static WebSession start(URL endpoint, Capabilities capabilities, WebConfig config) {
    return start(
        endpoint,
        capabilities,
        ClientConfig.defaultConfig()
            .connectionTimeout(config.connectTimeout())
            .readTimeout(config.commandTimeout()),
        config.sessionTimeout(),
        config.maxCaptureBytes());
  }

  /** The endpoint's own page source: the UI hierarchy XML on Appium. */
  String source() {
    return String.valueOf(execute(PAGE_SOURCE).getValue());
  }

  /**
   * Sends one Chrome DevTools Protocol command through chromedriver's own endpoint (which a
   * Selenium Grid forwards to its Chrome nodes); other drivers answer it with an unknown-command
   * error.
   */
  Object cdp(String command, Map<String, Object> params) {
    return execute(CDP, Map.of("cmd", command, "params", params)).getValue();
  }
}
