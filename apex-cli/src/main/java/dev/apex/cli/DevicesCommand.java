package dev.apex.cli;

import dev.apex.core.ApexException;
import dev.apex.device.android.AdbAddress;
import dev.apex.device.android.AdbDevices;
import dev.apex.device.android.AdbServerClient;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code apex devices}: the devices apex can reach now. */
@Command(
    name = "devices",
    description = "List the devices apex can reach.",
    mixinStandardHelpOptions = true)
final class DevicesCommand implements Callable<Integer> {

  @Option(
      names = "--adb",
      paramLabel = "HOST:PORT",
      description = "The adb server (default ADB_SERVER_SOCKET or 127.0.0.1:5037).")
  String adb;

  @Mixin VerboseOption verbose;

  Map<String, String> env = System.getenv();

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    out.print(list(adb, env));
    out.flush();
    return 0;
  }

  /**
   * The devices apex can reach, a row per device in columns, then a note when adb has none: what
   * {@code apex devices} prints and {@code apex mcp}'s {@code list_devices} returns.
   *
   * @param adb the adb server as host:port, or null for ADB_SERVER_SOCKET / 127.0.0.1:5037
   */
  static String list(String adb, Map<String, String> env) {
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"sim", "ready", "the built-in simulated phone"});
    AdbAddress address = adb != null ? AdbAddress.parse(adb) : AdbAddress.fromEnvironment(env);
    String note = null;
    try {
      List<AdbDevices.Entry> entries =
          new AdbDevices(new AdbServerClient(address, Duration.ofSeconds(2), Duration.ofSeconds(5)))
              .list();
      for (AdbDevices.Entry e : entries) {
        String hint =
            e.isUnauthorized()
                ? "accept the USB debugging prompt on the phone"
                : e.isOffline() ? "reconnect the cable or restart adb" : "Android over adb";
        rows.add(new String[] {"android:" + e.serial(), e.state(), hint});
      }
      if (entries.isEmpty()) {
        note = "(the adb server at " + address + " reports no Android devices)";
      }
    } catch (ApexException e) {
      note = "(no adb server at " + address + ": Android devices need 'adb start-server')";
    }
    rows.add(
        new String[] {
          "web:URL", "available", "headless Chromium (needs chromium, chromium-driver)"
        });
    java.io.StringWriter text = new java.io.StringWriter();
    PrintWriter out = new PrintWriter(text);
    print(rows, out);
    if (note != null) {
      out.println(note);
    }
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
