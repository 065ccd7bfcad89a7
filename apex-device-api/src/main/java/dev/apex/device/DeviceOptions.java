package dev.apex.device;

import java.nio.file.Path;
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
 */
public record DeviceOptions(
    String adb, Path capabilities, DeviceLimits limits, Map<String, String> env) {

  /** No adb address, no capabilities, the default limits, the process environment. */
  public static final DeviceOptions DEFAULTS =
      new DeviceOptions(null, null, DeviceLimits.DEFAULTS, System.getenv());

  public DeviceOptions {
    Objects.requireNonNull(limits, "limits");
    env = env == null ? Map.of() : Map.copyOf(env);
  }

  public DeviceOptions withAdb(String value) {
    return new DeviceOptions(value, capabilities, limits, env);
  }

  public DeviceOptions withCapabilities(Path value) {
    return new DeviceOptions(adb, value, limits, env);
  }

  public DeviceOptions withLimits(DeviceLimits value) {
    return new DeviceOptions(adb, capabilities, value, env);
  }

  public DeviceOptions withEnv(Map<String, String> value) {
    return new DeviceOptions(adb, capabilities, limits, value);
  }
}
