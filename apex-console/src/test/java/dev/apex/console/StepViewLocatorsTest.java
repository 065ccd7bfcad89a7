package dev.apex.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.Bounds;
import dev.apex.core.ElementFlag;
import dev.apex.core.Json;
import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.core.Source;
import dev.apex.core.TaskId;
import dev.apex.runtime.flow.Flow;
import dev.apex.runtime.flow.FlowWriter;
import dev.apex.runtime.flow.RecordedStep;
import dev.apex.storage.SqliteTimeline;
import dev.apex.tools.ToolRegistry;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The locators the step view offers: per element, the {@code tap} arguments a recorded flow would
 * use ({@link FlowWriter}'s rule, not a copy of it), in the steps answer and the final observation.
 */
class StepViewLocatorsTest {

  @TempDir Path home;

  private static SceneElement el(String id, String rid, String text, int y) {
    return new SceneElement(
        id,
        "row",
        new Bounds(0, y, 360, y + 50),
        text,
        1.0,
        Source.TREE,
        rid,
        Set.of(ElementFlag.CLICKABLE));
  }

  /** Settings rows: titles share a resource id, two rows share a text. */
  static final Scene ROWS =
      new Scene(
          360,
          800,
          List.of(
              el("a", "com.android.settings:id/wifi_switch", "Off", 0),
              el("b", "android:id/title", "Wi-Fi", 100),
              el("c", "android:id/title", "Sound", 200),
              el("d", "android:id/summary", "Sound", 300),
              el("e", "android:id/title", "Sound", 400),
              el("f", "", "", 500)));

  @Test
  void eachElementGetsTheFirstLocatorUniqueOnItsScreen() throws Exception {
    JsonNode locators = Views.locators(Json.mapper().valueToTree(ROWS));

    assertThat(locators.get("a"))
        .isEqualTo(json("{\"element\": \"com.android.settings:id/wifi_switch\"}"));
    assertThat(locators.get("b")).isEqualTo(json("{\"text\": \"Wi-Fi\"}"));
    assertThat(locators.get("d"))
        .as("its resource id is unique")
        .isEqualTo(json("{\"element\": \"android:id/summary\"}"));
    assertThat(locators.has("c")).as("two titles say Sound: only position finds it").isFalse();
    assertThat(locators.has("f")).isFalse();
  }

  @Test
  void theLocatorIsTheOneARecordedFlowUses() {
    JsonNode locators = Views.locators(Json.mapper().valueToTree(ROWS));
    for (String id : List.of("a", "b", "d")) {
      RecordedStep tap =
          new RecordedStep(
              PlannedStep.of("tap", Map.of("element", id)),
              ROWS,
              ROWS,
              true,
              Map.of("element", id, "x", 10, "y", 10));
      Flow flow =
          Flow.parse(
              FlowWriter.write("t", List.of(), List.of(tap)),
              "t.yaml",
              ToolRegistry.defaultRegistry());
      JsonNode recorded = Json.mapper().valueToTree(flow.steps().get(0).args());
      assertThat(recorded).as(id).isEqualTo(locators.get(id));
    }
  }

  @Test
  void theStepsAnswerCarriesTheLocatorsOfEachStepsScene() {
    try (SqliteTimeline cli = SqliteTimeline.open(home.resolve("timeline.db"));
        TestConsole console = TestConsole.start(home, SimLauncher.free())) {
      TaskId id = TaskId.of("loc1");
      cli.startTask(id, "sim", "turn Wi-Fi on");
      cli.append(TestSteps.tapWifi(id, 1));

      JsonNode step = TestConsole.json(console.get("/api/tasks/loc1/steps")).get("steps").get(0);

      assertThat(step.get("locators").get("n0/wifi_row"))
          .isEqualTo(json("{\"element\": \"wifi_row\"}"));
      assertThat(step.get("locators").get("ocr/1")).isEqualTo(json("{\"text\": \"Bluetooth\"}"));
    }
  }

  @Test
  void aSceneThisConsoleCannotReadHasNoLocators() {
    assertThat(Views.locators(json("{\"width\": \"wide\"}")).isNull()).isTrue();
    assertThat(Views.locators(json("null")).isNull()).isTrue();
  }

  private static JsonNode json(String text) {
    try {
      return Json.mapper().readTree(text);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
