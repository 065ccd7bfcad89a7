package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.Json;
import dev.apex.testkit.RecordingSleeper;
import dev.apex.testkit.TestData;
import dev.apex.testkit.wda.FakeWda;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code apex describe} and {@code apex run} on an iPhone: the real driver talks to a fake
 * WebDriverAgent on loopback showing a real Settings source, 390x844 points at scale 3. Scenes are
 * in pixels; what reaches WDA is in points.
 */
class IosEndToEndTest {

  static final String SOURCE = "ios/shirates_settings_top_390x844.xml";
  static final String SETTINGS = "com.apple.Preferences";

  @TempDir Path dir;

  private FakeWda wda;
  private final RecordingSleeper sleeper = new RecordingSleeper();

  @BeforeEach
  void startWda() {
    byte[] source = TestData.bytes(SOURCE);
    wda = FakeWda.start().source(source).screen(390, 844, 3);
  }

  @AfterEach
  void stopWda() {
    // Null when the shared data is missing and the test was skipped before it started.
    if (wda != null) {
      wda.close();
    }
  }

  private Cli.Result apex(String... args) {
    return Cli.run(Wiring.DEFAULT.withSleeper(sleeper), Map.of(), args);
  }

  @Test
  void describePrintsTheSceneInPixels() {
    Cli.Result live = apex("describe", "--device", "ios:" + wda.url(), "--no-ocr");

    assertThat(live.exit()).as(live.err()).isZero();
    // The General cell is y 248..293 points, x 0..390: at scale 3, [0,744][1170,879] pixels.
    assertThat(live.out()).startsWith("1170x2532\n").contains("4 tap @585,811 General");
    Cli.Result saved =
        apex("describe", "--from-dump", TestData.file(SOURCE).toString(), "--scale", "3");
    assertThat(live.out()).isEqualTo(saved.out());
    assertThat(wda.requests())
        .as("without OCR nothing reads a screenshot: none is asked for")
        .noneMatch(r -> r.path().endsWith("/screenshot"))
        .anyMatch(r -> r.path().contains("/source"));
  }

  @Test
  void describeAsJsonHasPixelBounds() throws Exception {
    Cli.Result live =
        apex("describe", "--device", "ios:" + wda.url(), "--no-ocr", "--format", "json");

    JsonNode scene = Json.mapper().readTree(live.out());
    assertThat(scene.get("width").asInt()).isEqualTo(1170);
    assertThat(scene.get("height").asInt()).isEqualTo(2532);
    JsonNode general = null;
    for (JsonNode e : scene.get("elements")) {
      if (e.get("text").asText().equals("General")) {
        general = e.get("bounds");
      }
    }
    assertThat(general).as("the General cell").isNotNull();
    assertThat(general.toString())
        .isEqualTo("{\"left\":0,\"top\":744,\"right\":1170,\"bottom\":879}");
  }

  @Test
  void aFlowTapsByTextAndWdaReceivesPoints() throws Exception {
    Path db = dir.resolve("timeline.db");
    Path flow = dir.resolve("general.yaml");
    Files.writeString(
        flow,
        """
        name: Open General
        steps:
          - launch_app: { bundle_id: "%s" }
          - tap: { text: "General" }
          - assert_visible: { text: "General" }
        """
            .formatted(SETTINGS));

    Cli.Result run =
        apex(
            Cli.withDb(
                db, "run", "--device", "ios:" + wda.url(), "--flow", flow.toString(), "--no-ocr"));

    assertThat(run.exit()).as(run.out() + run.err()).isZero();
    assertThat(run.out())
        .contains("step  1  ok      launch_app bundle_id=\"" + SETTINGS + "\"")
        .contains("step  2  ok      tap text=\"General\"")
        .contains("step  3  ok      assert_visible")
        .contains("SUCCEEDED");
    assertThat(wda.foregroundApp()).isEqualTo(SETTINGS);
    // The scene's tap point is the cell's centre in pixels, (585, 811); WDA gets it in points.
    List<JsonNode> taps = wda.bodies("POST", "/wda/tap");
    assertThat(taps).hasSize(1);
    assertThat(taps.get(0).get("x").asDouble()).isCloseTo(585 / 3.0, within(1e-9));
    assertThat(taps.get(0).get("y").asDouble()).isCloseTo(811 / 3.0, within(1e-9));
    assertThat(taps.get(0).get("y").asDouble())
        .as("inside the cell, in points")
        .isBetween(248.0, 293.0);
    assertThat(sleeper.sleeps())
        .as("nothing was retried: the only pauses are the tap's look at whether it held still")
        .allMatch(d -> d.equals(java.time.Duration.ofMillis(100)));

    JsonNode task = Cli.timeline(db, Cli.taskIds(run.out()).get(0));
    assertThat(task.get("status").asText()).isEqualTo("SUCCEEDED");
    List<JsonNode> steps = Cli.steps(task);
    assertThat(steps).hasSize(3).allMatch(s -> s.get("success").asBoolean());
    assertThat(steps.get(1).at("/result/output/x").asInt()).as("pixels").isEqualTo(585);
    assertThat(steps.get(1).at("/result/output/y").asInt()).as("pixels").isEqualTo(811);
  }
}
