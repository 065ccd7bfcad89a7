package dev.apex.device;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What opening a device may need beside its selector. Immutable.
 *
 * @param adb the adb server as {@code host:port}, or null for {@code ADB_SERVER_SOCKET} from {@code
 *     env}, else 127.0.0.1:5037
 * @param capabilities a W3C capabilities JSON file for {@code webdriver:ENDPOINT}, or null
 * @param limits the deadline of each whole device command and the cap on one answer
 * @param env the environment a driver may read its defaults from (never the process's own unless
 *     the caller passes it)
 * @param wdaUrl the WebDriverAgent URL the device list probes ({@code device.wda_url}), or null
 * @param webdriverEndpoints the WebDriver servers (Selenium Grid, Appium) the device list probes
 *     ({@code device.webdriver_endpoints}); empty when none
 */
public record DeviceOptions(
    String adb,
    Path capabilities,
    DeviceLimits limits,
    Map<String, String> env,
    String wdaUrl,
    List<String> webdriverEndpoints) {

  /** No adb address, no capabilities, the default limits, the process environment. */
  public static final DeviceOptions DEFAULTS =
      new DeviceOptions(null, null, DeviceLimits.DEFAULTS, System.getenv());

  public DeviceOptions {
    Objects.requireNonNull(limits, "limits");
    env = env == null ? Map.of() : Map.copyOf(env);
    adb = adb == null || adb.isBlank() ? null : adb.strip();
    wdaUrl = wdaUrl == null || wdaUrl.isBlank() ? null : wdaUrl.strip();
    webdriverEndpoints = webdriverEndpoints == null ? List.of() : List.copyOf(webdriverEndpoints);
  }

  /** Options with no WebDriverAgent URL and no WebDriver endpoint to list. */
  public DeviceOptions(
      String adb, Path capabilities, DeviceLimits limits, Map<String, String> env) {
    this(adb, capabilities, limits, env, null, List.of());
  }

  public DeviceOptions withAdb(String value) {
    return new DeviceOptions(value, capabilities, limits, env, wdaUrl, webdriverEndpoints);
  }

  public DeviceOptions withCapabilities(Path value) {
    return new DeviceOptions(adb, value, limits, env, wdaUrl, webdriverEndpoints);
  }

  public DeviceOptions withLimits(DeviceLimits value) {
    return new DeviceOptions(adb, capabilities, value, env, wdaUrl, webdriverEndpoints);
  }

  public DeviceOptions withEnv(Map<String, String> value) {
    return new DeviceOptions(adb, capabilities, limits, value, wdaUrl, webdriverEndpoints);
  }

  /** These options with the endpoints the device list probes. */
  public DeviceOptions withListed(String wda, List<String> webdriver) {
    return new DeviceOptions(adb, capabilities, limits, env, wda, webdriver);
  }
}
