package dev.apex.bench;

import dev.apex.core.RawCapture;
import dev.apex.core.Scene;
import dev.apex.core.Sleeper;
import dev.apex.device.sim.SimDevice;
import dev.apex.mcp.ApexMcpServer;
import dev.apex.mcp.ScreenshotTool;
import dev.apex.perception.CompactEncoder;
import dev.apex.perception.SceneBuilder;
import dev.apex.perception.TreeParsers;
import dev.apex.runtime.planner.Untrusted;
import dev.apex.tools.ToolContext;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * M6: what {@code apex mcp}'s results cost the client's model — a {@code describe_screen} result
 * per dump against the raw tree, one {@code screenshot} result of the sim's Settings screen at the
 * default width and at full size, and the server's {@code tools/list}. Built by the server's own
 * code ({@link ApexMcpServer}'s static hooks, the real {@link ScreenshotTool}); deterministic: no
 * timing.
 */
public final class McpCost {

  /** The app whose screen is shot: the sim's Settings, as a client's first call would see it. */
  static final String SCREEN_APP = "com.android.settings";

  /**
   * A result's nonce is random, and its tokens vary by a few between draws; every result is counted
   * with the same nonce, one draw of the server's generator from this seed, so runs compare.
   */
  static final String NONCE = Untrusted.shortNonce(new Random(14));

  private static final Pattern NONCED = Pattern.compile("<untrusted(\\d{3})>");

  private static final Clock FIXED =
      Clock.fixed(Instant.parse("2024-05-31T09:41:00Z"), ZoneOffset.UTC);

  private McpCost() {}

  /** Measures every dump, the sim's screenshot at both sizes and the tool list; no whole task. */
  public static McpCostResult measure(List<Dump> dumps) {
    return measure(dumps, new McpCostResult.Tasks(List.of(), null));
  }

  /**
   * Measures every dump, the sim's screenshot at both sizes and the tool list, with the whole tasks
   * {@code tasks} ({@link McpTaskCost#measure}).
   */
  public static McpCostResult measure(List<Dump> dumps, McpCostResult.Tasks tasks) {
    Objects.requireNonNull(dumps, "dumps");
    List<McpCostResult.Screen> screens = new ArrayList<>(dumps.size());
    for (Dump dump : dumps) {
      screens.add(screen(dump));
    }
    McpCostResult.Sim sim;
    McpCostResult.ToolList toolList;
    try (SimDevice device = SimDevice.create(FIXED)) {
      device.launchApp(SCREEN_APP);
      sim = sim(device);
      // The list a client gets on the default device, the sim.
      String tools = ApexMcpServer.toolListJson(device);
      toolList =
          new McpCostResult.ToolList(
              ApexMcpServer.toolList(device).size(), utf8Bytes(tools), Tokens.count(tools));
    }
    return new McpCostResult(screens, sim, toolList, tasks);
  }

  static McpCostResult.Screen screen(Dump dump) {
    Scene scene = SceneBuilder.build(TreeParsers.parse(dump.capture()), List.of());
    return new McpCostResult.Screen(
        dump.file(),
        dump.nodes(),
        Tokens.count(Tokens.text(dump.bytes())),
        Tokens.count(CompactEncoder.encode(scene)),
        Tokens.count(describeScreenText(scene)));
  }

  /** The server's {@code describe_screen} result text for {@code scene}, with {@link #NONCE}. */
  static String describeScreenText(Scene scene) {
    return withFixedNonce(ApexMcpServer.describeScreenResultText(scene));
  }

  /** {@code text} with its block's nonce, wherever it appears, replaced by {@link #NONCE}. */
  static String withFixedNonce(String text) {
    Matcher m = NONCED.matcher(text);
    if (!m.find()) {
      throw new IllegalStateException("the result has no untrusted-data block: " + text);
    }
    String nonce = m.group(1);
    return text.replace("<untrusted" + nonce + ">", "<untrusted" + NONCE + ">")
        .replace("</untrusted" + nonce + ">", "</untrusted" + NONCE + ">");
  }

  /** The screen in front of {@code device}: its tree, its describe_screen result, two shots. */
  private static McpCostResult.Sim sim(SimDevice device) {
    RawCapture capture = device.capture();
    Scene scene = SceneBuilder.build(TreeParsers.parse(capture), List.of());
    ScreenshotTool tool = new ScreenshotTool();
    // The tool only reads the device; a context that cannot observe proves it never asks.
    ToolContext ctx =
        new ToolContext(
            device,
            () -> null,
            () -> {
              throw new IllegalStateException("the screenshot tool does not observe");
            },
            FIXED,
            Sleeper.SYSTEM);
    ScreenshotTool.Shot byDefault = tool.execute(tool.parse(Map.of()), ctx);
    ScreenshotTool.Shot full = tool.execute(tool.parse(Map.of("max_width", 0)), ctx);
    return new McpCostResult.Sim(
        SCREEN_APP,
        Tokens.count(Tokens.text(capture.tree())),
        Tokens.count(describeScreenText(scene)),
        shot("default (max_width " + ScreenshotTool.DEFAULT_MAX_WIDTH + ")", byDefault),
        shot("full size (max_width 0)", full));
  }

  private static McpCostResult.Shot shot(String label, ScreenshotTool.Shot shot) {
    String wire = ApexMcpServer.screenshotResultJson(shot);
    return new McpCostResult.Shot(
        label,
        shot.width(),
        shot.height(),
        shot.scale(),
        shot.pngBytes(),
        utf8Bytes(wire),
        Tokens.count(shot.describe()));
  }

  private static int utf8Bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8).length;
  }
}
