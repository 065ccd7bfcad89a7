package dev.apex.cli;

import dev.apex.config.ConfigField;
import dev.apex.config.Settings;
import dev.apex.core.RedactingStream;
import dev.apex.device.DeviceProviders;
import dev.apex.mcp.ApexMcpServer;
import dev.apex.perception.OcrEngine;
import dev.apex.runtime.observe.PerceivingObserver;
import dev.apex.runtime.safety.OriginRule;
import dev.apex.runtime.safety.SafetyPolicy;
import dev.apex.storage.Timeline;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code apex mcp}: serves apex over the Model Context Protocol on stdin/stdout, for the client
 * that spawned it (Claude Code, Claude Desktop, Cursor). stdout carries the protocol only: every
 * log and progress line goes to stderr. Each MCP session is a task in the timeline; it ends {@code
 * ENDED} when the client closes stdin (exit 0) or stops the process with SIGTERM or SIGINT.
 */
@Command(
    name = "mcp",
    description = "Serve apex to an MCP client (Claude Code, Claude Desktop, Cursor) over stdio.",
    mixinStandardHelpOptions = true)
final class McpCommand implements Callable<Integer>, SettingFlags.Scoped {

  @Override
  public java.util.Set<ConfigField.Scope> scopes() {
    return java.util.Set.of(ConfigField.Scope.TASK);
  }

  @Option(
      names = {"-d", "--device"},
      paramLabel = "DEVICE",
      defaultValue = "sim",
      description =
          "The first session's device: sim (default), android[:SERIAL], ios[:WDA_URL], web[:URL]"
              + " or webdriver:ENDPOINT; use_device switches.")
  String device;

  @Mixin TimelineOption timelineOption;

  @Mixin SharedOptions shared;

  @Mixin VerboseOption verbose;

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  /** How devices open and retries wait; set by {@link ApexCli}'s factory. */
  Wiring wiring = Wiring.DEFAULT;

  /** The protocol's streams: the process's stdin and stdout unless a test gives others. */
  InputStream in = System.in;

  PrintStream out = System.out;

  @Override
  public Integer call() throws Exception {
    PrintWriter err = spec.commandLine().getErr();
    // Bad input is refused now, before anything serves, not as a failing first call.
    DeviceProviders.validate(device);
    // The page of the user's own --device is theirs: use_device may open its origin again without
    // asking (an agent's steps allow it by themselves: AgentBuilder.policy).
    Settings settings =
        shared.settings().withAllowed(List.of(), OriginRule.pageOrigin(device).stream().toList());
    // A session has no step limit but the runaway bound unless --max-steps names one.
    Integer maxSteps =
        SettingFlags.given(spec).containsKey(ConfigField.MAX_STEPS) ? settings.maxSteps() : null;
    SafetyPolicy safety = settings.safety();
    // Only the protocol may reach stdout: anything else that prints goes to stderr from here on.
    PrintStream protocol = out;
    if (protocol == System.out) {
      protocol = protocolOut();
      System.setOut(System.err);
    }
    // Screenshots are scaled off-screen.
    System.setProperty("java.awt.headless", "true");
    OcrEngine ocr =
        PerceivingObserver.ocr(
            settings.ocr(),
            notice -> {
              err.println("apex mcp: " + notice);
              err.flush();
            });
    try (Timeline timeline = timelineOption.open(settings.screenshotRetention())) {
      ApexMcpServer.AgentFactory agents =
          (selector, tools, confirmer) ->
              settings
                  .agent()
                  .device(selector)
                  .deviceOptions(shared.deviceOptions(settings))
                  .deviceOpener(wiring.opener())
                  .sleeper(wiring.sleeper())
                  .ocr(ocr)
                  .tools(tools)
                  .confirmer(confirmer)
                  .timeline(timeline)
                  .listener(
                      wiring.tracer().listener(settings.config().bool(ConfigField.TRACES_PAYLOADS)))
                  .build();
      ApexMcpServer server =
          new ApexMcpServer(
              new ApexMcpServer.Options(
                  device,
                  agents,
                  () -> DevicesCommand.list(settings.config(), shared.env),
                  maxSteps,
                  Version.current(),
                  ApexMcpServer.DEFAULT_ASK_TIMEOUT,
                  line -> {
                    synchronized (err) {
                      err.println(line);
                      err.flush();
                    }
                  },
                  safety));
      Thread hook =
          new Thread(() -> server.stop("the server was stopped by a signal"), "apex-mcp-stop");
      Runtime.getRuntime().addShutdownHook(hook);
      err.println(
          "apex mcp: serving on stdio (device "
              + device
              + ", timeline "
              + timeline.location()
              + "); each session is a task in the timeline");
      err.flush();
      try {
        server.serve(in, protocol);
      } finally {
        try {
          Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
          // The hook is running: it ends the session itself.
        }
      }
    }
    return 0;
  }

  /**
   * The process's stdout for the protocol, redacted and escaped like every output, but in UTF-8,
   * the protocol's charset, rather than the platform's ({@code System.out}'s): under the POSIX
   * locale the platform's is ASCII, which would turn every other character into {@code ?}.
   */
  private static PrintStream protocolOut() {
    System.out.flush();
    return RedactingStream.wrap(
        new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8),
        StandardCharsets.UTF_8);
  }
}
