package dev.apex.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.DeviceException;
import dev.apex.core.InvalidInputException;
import dev.apex.core.Json;
import dev.apex.core.RawCapture;
import dev.apex.core.Scene;
import dev.apex.core.TaskRecord;
import dev.apex.storage.StoredStep;
import dev.apex.testkit.FakeClock;
import dev.apex.testkit.FakeDevice;
import dev.apex.testkit.RecordingSleeper;
import dev.apex.tools.ToolContext;
import io.modelcontextprotocol.spec.McpSchema;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code screenshot}: its argument, its scaling to a max width, and what it records. */
@Timeout(120)
class ScreenshotToolTest {

  private final ScreenshotTool tool = new ScreenshotTool();

  @Test
  void maxWidthDefaultsToTheNamedDefaultAndZeroMeansFullSize() {
    assertThat(tool.parse(Map.of()).maxWidth()).isEqualTo(ScreenshotTool.DEFAULT_MAX_WIDTH);
    assertThat(tool.parse(Map.of("max_width", 0)).maxWidth()).isZero();
    assertThat(tool.parse(Map.of("max_width", ScreenshotTool.MIN_WIDTH)).maxWidth())
        .isEqualTo(ScreenshotTool.MIN_WIDTH);
    assertThat(tool.parse(Map.of("max_width", ScreenshotTool.MAX_WIDTH)).maxWidth())
        .isEqualTo(ScreenshotTool.MAX_WIDTH);
  }

  @Test
  void aMaxWidthOutsideTheRangeIsRefusedNamingTheArgument() {
    for (int width : List.of(10, 5000, -1, ScreenshotTool.MIN_WIDTH - 1)) {
      assertThatThrownBy(() -> tool.parse(Map.of("max_width", width)))
          .as("max_width %d", width)
          .isInstanceOf(InvalidInputException.class)
          .hasMessageContaining("max_width")
          .hasMessageContaining(String.valueOf(width));
    }
    assertThatThrownBy(() -> tool.parse(Map.of("max_width", "wide")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("max_width");
  }

  @Test
  void aWideScreenshotIsScaledToTheMaxWidthAndSaysItsScaleAndTheScenesSize() throws IOException {
    byte[] png = png(1080, 2400);

    ScreenshotTool.Shot shot = ScreenshotTool.scale("phone", png, 540);

    assertThat(shot.width()).isEqualTo(540);
    assertThat(shot.height()).isEqualTo(1200);
    assertThat(shot.scale()).isEqualTo(0.5);
    assertThat(shot.sceneWidth()).isEqualTo(1080);
    assertThat(shot.sceneHeight()).isEqualTo(2400);
    BufferedImage decoded = ImageIO.read(new ByteArrayInputStream(shot.png()));
    assertThat(decoded).as("a readable PNG").isNotNull();
    assertThat(decoded.getWidth()).isEqualTo(540);
    assertThat(decoded.getHeight()).isEqualTo(1200);
    assertThat(shot.pngBytes()).isEqualTo(shot.png().length).isLessThan(png.length);
    assertThat(shot.describe())
        .contains("540x1200")
        .contains("0.5000")
        .contains("1080x2400")
        .contains("Scene pixels");
  }

  @Test
  void aScreenshotNoWiderThanTheMaxStaysAsItIs() throws IOException {
    byte[] png = png(400, 800);

    ScreenshotTool.Shot narrow = ScreenshotTool.scale("phone", png, 540);
    ScreenshotTool.Shot exact = ScreenshotTool.scale("phone", png, 400);
    ScreenshotTool.Shot full = ScreenshotTool.scale("phone", png(1080, 2400), 0);

    assertThat(narrow.png()).isSameAs(png);
    assertThat(narrow.scale()).isEqualTo(1.0);
    assertThat(narrow.width()).isEqualTo(400);
    assertThat(narrow.sceneWidth()).isEqualTo(400);
    assertThat(narrow.sceneHeight()).isEqualTo(800);
    assertThat(exact.png()).isSameAs(png);
    assertThat(exact.scale()).isEqualTo(1.0);
    assertThat(full.width()).isEqualTo(1080);
    assertThat(full.scale()).isEqualTo(1.0);
  }

  @Test
  void aShotsJsonHasItsSizesButNotItsBytes() throws IOException {
    ScreenshotTool.Shot shot = ScreenshotTool.scale("phone", png(1080, 2400), 540);

    JsonNode json = Json.mapper().readTree(Json.write(shot));

    assertThat(json.has("png")).isFalse();
    assertThat(json.get("png_bytes").asInt()).isEqualTo(shot.png().length);
    assertThat(json.get("scene_width").asInt()).isEqualTo(1080);
    assertThat(json.get("scene_height").asInt()).isEqualTo(2400);
    assertThat(json.get("scale").asDouble()).isEqualTo(0.5);
    assertThat(json.get("width").asInt()).isEqualTo(540);
    assertThat(json.get("height").asInt()).isEqualTo(1200);
    assertThat(Json.write(shot)).hasSizeLessThan(200);
  }

  @Test
  void aDeviceWithNoScreenshotIsADeviceErrorSayingSo() {
    FakeDevice device = new FakeDevice();

    assertThatThrownBy(() -> tool.execute(tool.parse(Map.of()), context(device)))
        .isInstanceOf(DeviceException.class)
        .hasMessageContaining("no screenshot");
  }

  @Test
  void aScreenshotThatIsNotAPngIsADeviceErrorSayingSo() {
    FakeDevice device = new FakeDevice();
    device.screens(
        new RawCapture(
            device.id(),
            device.uiautomator("<hierarchy/>").format(),
            "<hierarchy/>".getBytes(),
            new byte[] {1, 2, 3},
            device.screenSize()));

    assertThatThrownBy(() -> tool.execute(tool.parse(Map.of()), context(device)))
        .isInstanceOf(DeviceException.class)
        .hasMessageContaining("not a readable PNG");
  }

  /** Through the server on the sim (720x1600): an image at the default width, its scale stated. */
  @Test
  void theServersScreenshotIsAScaledImageAndIsRecordedAsItsSizes(@TempDir Path dir)
      throws IOException {
    try (McpFixture mcp = McpFixture.in(dir).start()) {
      McpSchema.CallToolResult result = mcp.call("screenshot");

      assertThat(McpFixture.isError(result)).as(McpFixture.text(result)).isFalse();
      McpSchema.ImageContent image =
          result.content().stream()
              .filter(McpSchema.ImageContent.class::isInstance)
              .map(McpSchema.ImageContent.class::cast)
              .findFirst()
              .orElseThrow();
      assertThat(image.mimeType()).isEqualTo("image/png");
      BufferedImage decoded =
          ImageIO.read(new ByteArrayInputStream(Base64.getDecoder().decode(image.data())));
      assertThat(decoded.getWidth()).isEqualTo(ScreenshotTool.DEFAULT_MAX_WIDTH);
      assertThat(decoded.getHeight()).isEqualTo(1200);
      assertThat(McpFixture.text(result)).contains("0.7500").contains("720x1600");
      assertThat(McpFixture.text(result)).doesNotContain("kind=\"screen-change\"");

      McpSchema.CallToolResult full = mcp.call("screenshot", Map.of("max_width", 0));
      assertThat(McpFixture.text(full)).contains("720x1600").contains("1.0000");
      McpSchema.CallToolResult bad = mcp.call("screenshot", Map.of("max_width", 10));
      assertThat(McpFixture.isError(bad)).isTrue();
      assertThat(McpFixture.text(bad)).contains("max_width");

      mcp.closeClient();
      TaskRecord task = mcp.onlyTask();
      List<StoredStep> steps = mcp.steps(task.id());
      assertThat(steps).hasSize(3);
      StoredStep first = steps.get(0);
      assertThat(first.action()).isEqualTo("screenshot");
      assertThat(first.resultJson()).contains("\"png_bytes\"").doesNotContain("\"png\"");
      // The base64 image is not in the timeline: the result is a few sizes.
      assertThat(first.resultJson().length()).isLessThan(2000);
    }
  }

  private static ToolContext context(FakeDevice device) {
    FakeClock clock = new FakeClock();
    Scene empty = new Scene(1080, 1920, List.of());
    return new ToolContext(device, () -> empty, () -> empty, clock, new RecordingSleeper(clock));
  }

  /** A PNG of {@code w} x {@code h} with some structure, so scaling has something to do. */
  static byte[] png(int w, int h) throws IOException {
    BufferedImage image = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
    var g = image.createGraphics();
    try {
      g.setColor(Color.WHITE);
      g.fillRect(0, 0, w, h);
      g.setColor(Color.BLUE);
      for (int y = 0; y < h; y += 40) {
        g.fillRect(0, y, w, 10);
      }
    } finally {
      g.dispose();
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ImageIO.write(image, "png", out);
    return out.toByteArray();
  }
}
