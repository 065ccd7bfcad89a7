package dev.apex.cli;

import dev.apex.config.ApexConfigStore;
import dev.apex.config.Settings;
import dev.apex.console.AgentLauncher;
import dev.apex.console.ConsoleOptions;
import dev.apex.console.ConsoleServer;
import dev.apex.core.Secrets;
import dev.apex.device.DeviceEnumeration;
import dev.apex.runtime.agent.PerceivingObserver;
import dev.apex.storage.SqliteTimeline;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code apex console}: serves the web console over the timeline file until interrupted. Prints the
 * URL with its access token once.
 */
@Command(
    name = "console",
    description = "Serve the web console: watch and inspect tasks, start them, change settings.",
    mixinStandardHelpOptions = true)
final class ConsoleCommand implements Callable<Integer> {

  @Option(
      names = "--host",
      defaultValue = ConsoleOptions.DEFAULT_HOST,
      description = "The address to bind (default ${DEFAULT-VALUE}).")
  String host;

  @Option(
      names = "--port",
      defaultValue = "7070",
      description = "The port (default ${DEFAULT-VALUE}; 0 picks a free one).")
  int port;

  @Option(
      names = "--allow-remote",
      description =
          "Allow binding an address other than loopback (anyone who can reach it and"
              + " has the token can drive your devices).")
  boolean allowRemote;

  @Option(
      names = "--public-url",
      paramLabel = "URL",
      description =
          "Where a reverse proxy serves the console (https://HOST[:PORT]): its Host and Origin"
              + " are accepted, and the URL printed to open is under it.")
  String publicUrl;

  @Option(names = "--adb", paramLabel = "HOST:PORT", descriptionKey = "device.adb_server")
  String adb;

  @Mixin TimelineOption timelineOption;

  @Option(names = "--device-timeout", paramLabel = "MS", descriptionKey = "device.timeout_ms")
  String deviceTimeout;

  @Mixin VerboseOption verbose;

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  Map<String, String> env = System.getenv();

  @Override
  public Integer call() throws InterruptedException {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    ApexConfigStore config = SharedOptions.configStore(env);
    // Checked now, so a bad flag fails at start rather than on the first task.
    Settings.withDeviceTimeout(config.current().device().limits(), deviceTimeout);
    Path file = timelineOption.file();
    try (SqliteTimeline timeline =
        SqliteTimeline.open(file, Clock.systemUTC(), config.current().screenshotRetention())) {
      ConsoleServer server =
          ConsoleServer.start(
              ConsoleOptions.builder(timeline, config)
                  .host(host)
                  .port(port)
                  .allowRemote(allowRemote)
                  .token(config.current().consoleToken())
                  .publicUrl(publicUrl == null ? null : ConsoleOptions.publicUrl(publicUrl))
                  .version(Version.current())
                  .devices(() -> List.of("sim"))
                  .deviceList(
                      () ->
                          DeviceEnumeration.list(
                              DevicesCommand.options(adb, env), DeviceEnumeration.DEFAULT_DEADLINE))
                  .launcher(
                      new AgentLauncher(
                              env,
                              PerceivingObserver.ocr(
                                  true,
                                  notice -> {
                                    err.println("apex: " + notice);
                                    err.flush();
                                  }),
                              adb,
                              deviceTimeout)
                          .withLabelStore(timeline.labels()))
                  .build());
      CountDownLatch stopped = new CountDownLatch(1);
      Runtime.getRuntime()
          .addShutdownHook(
              new Thread(
                  () -> {
                    server.stop();
                    stopped.countDown();
                  }));
      out.println(startLine(file.toString()));
      boolean tokenGiven = !config.current().consoleToken().isEmpty();
      // A deployed console's token is the team's secret: it is never printed, only named.
      out.println(
          tokenGiven
              ? "open " + server.openAt() + "?token=<APEX_CONSOLE_TOKEN>"
              : "open " + server.url());
      out.println("(Ctrl-C stops it)");
      out.flush();
      stopped.await();
    }
    return 0;
  }

  /** The line naming what the console serves: a timeline URL's user info (its password) dropped. */
  static String startLine(String timeline) {
    return "apex console serving " + Secrets.withoutUserInfo(timeline);
  }
}
