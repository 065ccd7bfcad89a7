package dev.apex.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.Scene;
import dev.apex.device.sim.SimDevice;
import dev.apex.mcp.ApexMcpServer;
import dev.apex.mcp.ScreenshotTool;
import dev.apex.perception.CompactEncoder;
import dev.apex.perception.SceneBuilder;
import dev.apex.perception.TreeParsers;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** M6 in CI: its figures agree with each other and with what the server really returns. */
class McpCostTest {

  private static McpCostResult result;

  /** Measured once, on first use (a missing data folder skips, as in {@link CompressionTest}). */
  private static synchronized McpCostResult result() {
    if (result == null) {
      result = McpCost.measure(RealDumps.all());
    }
    return result;
  }

  @Test
  void describeScreenCostsLessThanTheRawTreeOnEveryDump() {
    assertThat(result().screens())
        .extracting(McpCostResult.Screen::dump)
        .containsExactlyElementsOf(RealDumps.all().stream().map(Dump::file).toList());
    for (McpCostResult.Screen s : result().screens()) {
      assertThat(s.resultTokens()).as("describe_screen of %s", s.dump()).isLessThan(s.rawTokens());
      // The result wraps the compact scene: it costs more than the scene alone, never less.
      assertThat(s.resultTokens()).as("wrapper of %s", s.dump()).isGreaterThan(s.compactTokens());
    }
    assertThat(result().medianRatio()).isLessThan(1.0);
    assertThat(result().totalRatio()).isLessThan(1.0);
  }

  @Test
  void theRawAndCompactFiguresAreM1s() {
    CompressionResult m1 = Compression.measure(RealDumps.all());
    for (int i = 0; i < m1.rows().size(); i++) {
      assertThat(result().screens().get(i).rawTokens()).isEqualTo(m1.rows().get(i).rawTokens());
      assertThat(result().screens().get(i).compactTokens())
          .isEqualTo(m1.rows().get(i).encodedTokens());
    }
  }

  @Test
  void theResultCountedIsTheServersCompactSceneInsideItsUntrustedBlock() {
    Dump dump = RealDumps.all().get(0);
    Scene scene = SceneBuilder.build(TreeParsers.parse(dump.capture()), List.of());

    String text = McpCost.describeScreenText(scene);

    assertThat(text)
        .startsWith("<untrusted" + McpCost.NONCE + ">\n")
        .contains(CompactEncoder.encode(scene).strip())
        .endsWith("</untrusted" + McpCost.NONCE + ">");
    assertThat(Tokens.count(text)).isEqualTo(McpCost.screen(dump).resultTokens());
  }

  @Test
  void everyNonceOfAResultIsReplacedSoCountsRepeat() {
    Scene scene =
        SceneBuilder.build(TreeParsers.parse(RealDumps.all().get(0).capture()), List.of());
    String real = ApexMcpServer.describeScreenResultText(scene);

    String fixed = McpCost.withFixedNonce(real);

    assertThat(Pattern.compile("untrusted" + McpCost.NONCE + ">").matcher(fixed).results())
        .hasSize(2);
    assertThat(fixed).hasSameSizeAs(real);
    assertThat(McpCost.describeScreenText(scene)).isEqualTo(McpCost.describeScreenText(scene));
  }

  @Test
  void theScreenshotIsAtTheDefaultWidthAndFullSizeIsTheSims() {
    McpCostResult.Shot byDefault = result().sim().byDefault();
    McpCostResult.Shot full = result().sim().full();

    assertThat(byDefault.width()).isEqualTo(ScreenshotTool.DEFAULT_MAX_WIDTH);
    assertThat(full.width()).isEqualTo(SimDevice.SCREEN.width());
    assertThat(full.height()).isEqualTo(SimDevice.SCREEN.height());
    assertThat(byDefault.scale()).isEqualTo((double) byDefault.width() / full.width());
    assertThat(byDefault.pngBytes()).isLessThan(full.pngBytes());
    for (McpCostResult.Shot s : List.of(byDefault, full)) {
      // The wire carries the PNG as base64 (4 bytes per 3) plus the JSON around it.
      assertThat(s.resultBytes()).isGreaterThan(s.pngBytes() / 3 * 4);
      assertThat(s.textTokens()).isPositive();
      assertThat(s.modelTokens()).isEqualTo(s.imageTokens() + s.textTokens());
    }
    assertThat(byDefault.imageTokens())
        .isEqualTo((int) Math.ceil(byDefault.width() * byDefault.height() / 750.0));
    assertThat(result().sim().describeTokens()).isLessThan(byDefault.modelTokens());
    assertThat(result().sim().describeTokens()).isLessThan(result().sim().treeTokens());
  }

  @Test
  void imageTokensFollowAnthropicsDocumentedExamples() {
    // The vision guide's table: 200×200 ≈ 54, 1000×1000 ≈ 1,334, 1092×1092 ≈ 1,590 tokens.
    assertThat(shot(200, 200).imageTokens()).isEqualTo(54);
    assertThat(shot(1000, 1000).imageTokens()).isEqualTo(1_334);
    assertThat(shot(1092, 1092).imageTokens()).isEqualTo(1_590);
    // Past the limits the API scales down first, so the estimate stops growing near 1,600.
    assertThat(shot(720, 1600).takenSize()).containsExactly(706, 1568);
    assertThat(shot(3000, 2000).imageTokens()).isBetween(1_590, 1_600);
  }

  @Test
  void theToolListIsCountedAsTheServerWritesIt() {
    McpCostResult.ToolList list = result().toolList();
    try (dev.apex.device.sim.SimDevice sim =
        dev.apex.device.sim.SimDevice.create(new dev.apex.testkit.FakeClock())) {
      String json = ApexMcpServer.toolListJson(sim);

      assertThat(list.tokens()).isPositive().isEqualTo(Tokens.count(json));
      assertThat(list.bytes()).isEqualTo(json.getBytes(StandardCharsets.UTF_8).length);
      assertThat(list.tools()).isEqualTo(ApexMcpServer.toolList(sim).size());
      assertThat(json).contains("\"long_press\"").doesNotContain("\"hover\"");
    }
  }

  @Test
  void rendersARowPerDumpAndTheTotals() {
    List<Table> tables = result().tables();

    assertThat(tables).hasSize(4);
    assertThat(tables.get(0).rows()).hasSize(RealDumps.all().size() + 1);
    assertThat(tables.get(1).rows()).hasSize(2);
    assertThat(result().goals()).isEmpty();
    assertThat(result().method()).contains("/ 750", "docs.anthropic.com");
  }

  private static McpCostResult.Shot shot(int width, int height) {
    return new McpCostResult.Shot("t", width, height, 1.0, 1, 1, 0);
  }
}
