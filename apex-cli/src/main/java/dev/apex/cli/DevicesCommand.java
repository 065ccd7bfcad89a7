package dev.apex.cli;

import dev.apex.config.ApexConfig;
import dev.apex.device.DeviceEnumeration;
import dev.apex.device.DeviceListing;
import dev.apex.device.DeviceOptions;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code apex devices}: every device apex can reach now, with its state and, when it is not ready,
 * what to do ({@link DeviceEnumeration}, the list the console and {@code apex mcp} show too).
 */
@Command(
    name = "devices",
    description =
        "List the devices apex can reach: the sim, adb's phones, the configured WebDriverAgent"
            + " (device.wda_url), web, the configured WebDriver servers"
            + " (device.webdriver_endpoints).",
    mixinStandardHelpOptions = true)
final class DevicesCommand implements Callable<Integer>, SettingFlags.Scoped {

  @Override
  public java.util.Set<dev.apex.config.ConfigField.Scope> scopes() {
    return java.util.Set.of(dev.apex.config.ConfigField.Scope.ADB);
  }

  @Option(
      names = "--probe-timeout",
      paramLabel = "MS",
      description = "How long each device may take to answer, in ms (default 2000).")
  Integer probeTimeoutMs;

  @Mixin VerboseOption verbose;

  Map<String, String> env = System.getenv();

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    Duration deadline = DeviceEnumeration.DEFAULT_DEADLINE;
    if (probeTimeoutMs != null) {
      if (probeTimeoutMs < 1 || probeTimeoutMs > 60_000) {
        throw new dev.apex.core.InvalidInputException(
            "--probe-timeout must be in [1, 60000] ms, got " + probeTimeoutMs);
      }
      deadline = Duration.ofMillis(probeTimeoutMs);
    }
    PrintWriter out = spec.commandLine().getOut();
    ApexConfig config =
        dev.apex.config.Settings.of(SharedOptions.configStore(env).current(), env, false)
            .withFlags(SettingFlags.given(spec))
            .config();
    out.print(text(DeviceEnumeration.list(options(config, env), deadline)));
    out.flush();
    return 0;
  }

  /** Where the devices are: the settings' adb server, WebDriverAgent and WebDriver servers. */
  static DeviceOptions options(ApexConfig config, Map<String, String> env) {
    return config.device().options(null, null, env);
  }

  /** The list as {@code apex devices} prints it and {@code apex mcp}'s list_devices returns it. */
  static String list(ApexConfig config, Map<String, String> env) {
    return text(DeviceEnumeration.list(options(config, env), DeviceEnumeration.DEFAULT_DEADLINE));
  }

  /** A row per device: selector ({@code web:URL} for one that takes a URL), state, detail. */
  static String text(List<DeviceListing> listed) {
    List<String[]> rows = new ArrayList<>();
    for (DeviceListing d : listed) {
      rows.add(
          new String[] {
            d.takesUrl() ? d.selector() + ":URL" : d.selector(), d.state().code(), d.detail()
          });
    }
    StringWriter text = new StringWriter();
    PrintWriter out = new PrintWriter(text);
    print(rows, out);
    out.flush();
    return text.toString();
  }

  /** The rows in columns as wide as their widest cell, so a long network serial still lines up. */
  static void print(List<String[]> rows, PrintWriter out) {
    int[] widths = new int[2];
    for (String[] row : rows) {
      for (int c = 0; c < widths.length; c++) {
        widths[c] = Math.max(widths[c], row[c].length());
      }
    }
    String format = "%-" + widths[0] + "s  %-" + widths[1] + "s  %s%n";
    for (String[] row : rows) {
      out.printf(format, (Object[]) row);
    }
  }
}
