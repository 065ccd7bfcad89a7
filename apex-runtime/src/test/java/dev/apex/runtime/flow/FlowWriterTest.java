package dev.apex.runtime.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.Bounds;
import dev.apex.core.ElementFlag;
import dev.apex.core.InvalidInputException;
import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.core.Source;
import dev.apex.tools.ToolRegistry;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The locator a recorded step gets, and what never goes into a recorded flow. */
class FlowWriterTest {

  private static SceneElement el(String id, String rid, String text, int y, ElementFlag... flags) {
    return new SceneElement(
        id,
        "button",
        new Bounds(0, y, 200, y + 40),
        text,
        1.0,
        Source.TREE,
        rid,
        flags.length == 0 ? Set.of(ElementFlag.CLICKABLE) : Set.of(flags));
  }

  private static Scene scene(SceneElement... elements) {
    return new Scene(400, 800, List.of(elements));
  }

  private static Flow tapOn(Scene scene, String elementId) {
    RecordedStep tap =
        new RecordedStep(
            PlannedStep.of("tap", Map.of("element", "2")),
            scene,
            scene,
            true,
            Map.of("element", elementId, "x", 100, "y", 60));
    String yaml = FlowWriter.write("t", List.of(), List.of(tap));
    return Flow.parse(yaml, "t.yaml", ToolRegistry.defaultRegistry());
  }

  @Test
  void theTapLocatorOfferedToOthersIsTheOneARecordedTapGets() {
    Scene s =
        scene(
            el("a", "android:id/title", "Wi-Fi", 0),
            el("b", "android:id/title", "Sound", 100),
            el("c", "app:id/ok", "OK", 200),
            el("d", "app:id/row", "Sound", 300),
            el("e", "app:id/row", "Sound", 400));
    for (String id : List.of("a", "b", "c")) {
      SceneElement e = s.elements().stream().filter(x -> x.id().equals(id)).findFirst().get();
      assertThat(FlowWriter.tapLocator(s, e)).as(id).isEqualTo(tapOn(s, id).steps().get(0).args());
    }
    assertThat(FlowWriter.tapLocator(s, s.elements().get(3)))
        .as("nothing finds it alone")
        .isEmpty();
  }

  @Test
  void aUniqueResourceIdComesFirst() {
    Scene s = scene(el("a", "app:id/ok", "OK", 0), el("b", "app:id/cancel", "Cancel", 100));
    assertThat(tapOn(s, "a").steps().get(0).args()).isEqualTo(Map.of("element", "app:id/ok"));
  }

  @Test
  void aRepeatedResourceIdGivesWayToTheText() {
    Scene s =
        scene(el("a", "android:id/title", "Wi-Fi", 0), el("b", "android:id/title", "Sound", 100));
    assertThat(tapOn(s, "b").steps().get(0).args()).isEqualTo(Map.of("text", "Sound"));
  }

  @Test
  void thenBothTogetherThenThePointTapped() {
    Scene both =
        scene(
            el("a", "app:id/row", "Delete", 0),
            el("b", "app:id/row", "Archive", 100),
            el("c", "app:id/menu", "Delete", 200));
    assertThat(tapOn(both, "a").steps().get(0).args())
        .isEqualTo(Map.of("element", "app:id/row", "text", "Delete"));
    Scene twins = scene(el("a", "app:id/row", "Item", 0), el("b", "app:id/row", "Item", 100));
    assertThat(tapOn(twins, "a").steps().get(0).args()).isEqualTo(Map.of("x", 100, "y", 60));
  }

  @Test
  void textTypedIntoAPasswordFieldBecomesAVariable() {
    Scene login =
        scene(
            el("u", "app:id/user", "ada", 0, ElementFlag.EDITABLE),
            el(
                "p",
                "app:id/password",
                "",
                100,
                ElementFlag.EDITABLE,
                ElementFlag.PASSWORD,
                ElementFlag.FOCUSED));
    RecordedStep typed =
        new RecordedStep(
            PlannedStep.of("type_text", Map.of("text", "[redacted]")),
            login,
            login,
            true,
            Map.of());
    String yaml = FlowWriter.write("login", List.of("goal: log in"), List.of(typed));

    assertThat(yaml)
        .startsWith("# goal: log in\n")
        .contains("${PASSWORD}")
        .doesNotContain("redacted");
    Flow flow = Flow.parse(yaml, "login.yaml", ToolRegistry.defaultRegistry());
    assertThat(flow.steps().get(0).args()).containsEntry("secret", true);
    Flow filled = flow.withVariables(Map.of("PASSWORD", "hunter2-very-secret"));
    assertThat(filled.steps().get(0).args()).containsEntry("text", "hunter2-very-secret");
    assertThat(dev.apex.core.Secrets.redact("typed hunter2-very-secret")).doesNotContain("hunter2");
    assertThatThrownBy(() -> flow.withVariables(Map.of()))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage(
            "login.yaml uses ${PASSWORD} (step 1), which this run does not name; pass --var"
                + " PASSWORD=VALUE (or --var PASSWORD alone to take its value from the environment,"
                + " or --vars FILE)");
  }

  @Test
  void failedAndObservingStepsAreLeftOutAndAFlowOfNothingIsRefused() {
    Scene s = scene(el("a", "app:id/ok", "OK", 0));
    RecordedStep failed =
        new RecordedStep(PlannedStep.of("tap", Map.of("text", "Nope")), s, s, false, Map.of());
    RecordedStep look = new RecordedStep(PlannedStep.of("describe_screen"), s, s, true, Map.of());
    assertThatThrownBy(() -> FlowWriter.write("t", List.of(), List.of(failed, look)))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aStepsScreenIsParsedBesideItsActionAndABadOneIsRefused() {
    Flow flow =
        Flow.parse(
            "steps:\n  - tap: { text: OK }\n    screen: 0123456789abcdef\n  - back\n",
            "s.yaml",
            ToolRegistry.defaultRegistry());
    assertThat(flow.screens()).containsExactly("0123456789abcdef", null);
    assertThat(flow.steps().get(0).args()).isEqualTo(Map.of("text", "OK"));
    assertThatThrownBy(
            () ->
                Flow.parse(
                    "steps:\n  - tap: { text: OK }\n    screen: [1, 2]\n",
                    "s.yaml",
                    ToolRegistry.defaultRegistry()))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("s.yaml step 1: 'screen' must be a screen signature");
  }
}
