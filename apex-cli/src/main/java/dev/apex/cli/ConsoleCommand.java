package dev.apex.cli;

import dev.apex.config.ApexConfigStore;
import dev.apex.config.ConfigField;
import dev.apex.config.Settings;
import dev.apex.console.AgentLauncher;
import dev.apex.console.ConsoleOptions;
import dev.apex.console.ConsoleServer;
import dev.apex.core.Secrets;
import dev.apex.device.Device;
import dev.apex.device.DeviceEnumeration;
import dev.apex.otel.RunTracer;
import dev.apex.perception.OcrEngine;
import dev.apex.runtime.TaskListener;
import dev.apex.runtime.observe.PerceivingObserver;
import dev.apex.storage.Timeline;
import java.io.PrintWriter;
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
final class ConsoleCommand implements Callable<Integer>, SettingFlags.Scoped {

  @Override
  public java.util.Set<ConfigField.Scope> scopes() {
    return java.util.Set.of(ConfigField.Scope.ADB, ConfigField.Scope.DEVICE);
  }

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

  @Mixin TimelineOption timelineOption;

  @Mixin VerboseOption verbose;

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  Map<String, String> env = System.getenv();

  /** The process's traces; set by {@link ApexCli}'s factory, closed by it on the way out. */
  RunTracer tracer = RunTracer.OFF;

  @Override
  public Integer call() throws InterruptedException {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    ApexConfigStore config = SharedOptions.configStore(env);
    // The console's flags win over the settings of each task's moment; checked now, so a bad flag
    // fails at start rather than on the first task.
    Map<ConfigField, List<String>> flags = SettingFlags.given(spec);
    Settings.of(config.current(), env, true).withFlags(flags);
    try (Timeline timeline = timelineOption.open(config.current().screenshotRetention())) {
      ConsoleServer server =
          ConsoleServer.start(
              ConsoleOptions.builder(timeline, config)
                  .host(host)
                  .port(port)
                  .allowRemote(allowRemote)
                  .token(config.current().text(ConfigField.CONSOLE_TOKEN))
                  .publicUrl(publicUrl == null ? null : ConsoleOptions.publicUrl(publicUrl))
                  .version(Version.current())
                  .devices(() -> List.of("sim"))
                  .deviceList(
                      () ->
                          DeviceEnumeration.list(
                              DevicesCommand.options(
                                  Settings.of(config.current(), env, true)
                                      .withFlags(flags)
                                      .config(),
                                  env),
                              DeviceEnumeration.DEFAULT_DEADLINE))
                  .launcher(
                      launcher(
                          env,
                          PerceivingObserver.ocr(
                              true,
                              notice -> {
                                err.println("apex: " + notice);
                                err.flush();
                              }),
                          flags,
                          timeline,
                          tracer))
                  .build());
      CountDownLatch stopped = new CountDownLatch(1);
      Runtime.getRuntime()
          .addShutdownHook(
              new Thread(
                  () -> {
                    server.stop();
                    stopped.countDown();
                  }));
      out.println(startLine(timeline.location()));
      boolean tokenGiven = !config.current().text(ConfigField.CONSOLE_TOKEN).isEmpty();
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

  /**
   * The console's task launcher: the settings of each task's moment under the console's {@code
   * flags}, labels kept in {@code timeline}, and each task traced as {@code apex run}'s is when
   * {@code tracer} is on.
   */
  static AgentLauncher launcher(
      Map<String, String> env,
      OcrEngine ocr,
      Map<ConfigField, List<String>> flags,
      Timeline timeline,
      RunTracer tracer) {
    AgentLauncher launcher =
        new AgentLauncher(env, ocr, flags).withLabelStore(timeline.labelStore().orElseThrow());
    if (!tracer.enabled()) {
      return launcher;
    }
    return launcher.withTracing(
        new AgentLauncher.Tracing() {
          @Override
          public TaskListener listener(Settings settings) {
            return tracer.listener(settings.config().bool(ConfigField.TRACES_PAYLOADS));
          }

          @Override
          public Device device(Device device) {
            return tracer.device(device);
          }
        });
  }

  /** The line naming what the console serves: a timeline URL's user info (its password) dropped. */
  static String startLine(String timeline) {
    return "apex console serving " + Secrets.withoutUserInfo(timeline);
  }
}
