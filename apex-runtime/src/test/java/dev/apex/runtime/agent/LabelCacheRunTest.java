package dev.apex.runtime.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.core.TaskStatus;
import dev.apex.llm.LlmUsage;
import dev.apex.llm.SemanticConfig;
import dev.apex.llm.SemanticScene;
import dev.apex.perception.OcrEngine;
import dev.apex.runtime.TaskListener;
import dev.apex.runtime.flow.Flow;
import dev.apex.runtime.observe.LabelCacheMode;
import dev.apex.runtime.observe.LabelSavings;
import dev.apex.testkit.RecordingSleeper;
import dev.apex.testkit.llm.FakeMessagesApi;
import dev.apex.testkit.llm.FakeReply;
import dev.apex.timeline.LabelCacheHit;
import dev.apex.timeline.StepRecord;
import dev.apex.tools.ToolRegistry;
import dev.apex.world.ScreenSignature;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Within a task, a screen labelled once is labelled from the task's cache after: one labelling call
 * per distinct screen, the skipped calls and their tokens counted, and a widget whose element's
 * text changed left out of what is served.
 */
class LabelCacheRunTest {

  private static final String SWITCH = "com.android.settings:id/wifi_switch";

  /**
   * Home, Settings, the Wi-Fi page with the switch off, then the same page with it on, back on it,
   * back to Settings, and home: 7 observations of 3 screens.
   */
  private static final String FLOW =
      """
      name: revisits
      steps:
        - launch_app: com.android.settings
        - tap: { text: "Wi-Fi" }
        - tap: { element: "com.android.settings:id/wifi_switch" }
        - assert_visible: { id: "com.android.settings:id/wifi_switch", checked: true, text: "On" }
        - press_key: { key: back }
        - press_key: { key: home }
      """;

  private static Flow flow() {
    return Flow.parse(FLOW, "revisits", ToolRegistry.defaultRegistry());
  }

  private static AgentBuilder sim() {
    return Agent.builder().device("sim").ocr(OcrEngine.NONE).sleeper(new RecordingSleeper());
  }

  /** The scene each step was planned on, from a run without labels. */
  private static List<Scene> scenesWithoutLabels() {
    List<Scene> scenes = new ArrayList<>();
    try (Agent agent = sim().listener(recording(scenes, new ArrayList<>())).build()) {
      assertThat(agent.run(flow()).status()).isEqualTo(TaskStatus.SUCCEEDED);
    }
    return scenes;
  }

  private static TaskListener recording(List<Scene> scenes, List<StepRecord> steps) {
    return new TaskListener() {
      @Override
      public void stepRecorded(StepRecord record) {
        scenes.add(record.scene());
        steps.add(record);
      }
    };
  }

  /**
   * A labelling that names the Wi-Fi page's back button (whose text stays) and its switch (whose
   * text reads Off, then On), by their compact handles; none for other pages.
   */
  private static FakeReply labelling(String page, Scene scene) {
    List<String> widgets = new ArrayList<>();
    List<SceneElement> elements = scene.elements();
    if (elements.stream().anyMatch(e -> e.resourceId().equals(SWITCH))) {
      for (int i = 0; i < elements.size(); i++) {
        SceneElement e = elements.get(i);
        if (e.text().equals("Navigate up")) {
          widgets.add(widget(i + 1, "go back to settings"));
        } else if (e.resourceId().equals(SWITCH)) {
          widgets.add(widget(i + 1, "switch wi-fi on or off"));
        }
      }
    }
    return FakeReply.text(
        "{\"page\":\""
            + page
            + "\",\"intents\":[\"go on\"],\"widgets\":["
            + String.join(",", widgets)
            + "]}");
  }

  private static String widget(int handle, String purpose) {
    return "{\"element_id\":\"" + handle + "\",\"purpose\":\"" + purpose + "\"}";
  }

  @Test
  void aRunRevisitingScreensMakesOneLabellingCallPerDistinctScreen() {
    List<Scene> planned = scenesWithoutLabels();
    Set<String> distinct = new LinkedHashSet<>();
    planned.forEach(s -> distinct.add(ScreenSignature.of(s)));
    assertThat(planned).hasSize(6);
    assertThat(distinct).as("home, settings, wi-fi").hasSize(3);

    List<StepRecord> steps = new ArrayList<>();
    AgentOutcome outcome;
    try (FakeMessagesApi claude = FakeMessagesApi.start()) {
      claude.enqueue(
          labelling("home", planned.get(0)),
          labelling("settings", planned.get(1)),
          labelling("settings/wifi", planned.get(2)));
      try (Agent agent =
          sim()
              .model(SemanticConfig.defaults().withApiKey("test").withBaseUrl(claude.baseUrl()))
              .labels(true)
              .listener(recording(new ArrayList<>(), steps))
              .build()) {
        outcome = agent.run(flow());
      }
      assertThat(claude.requests()).as("one call per distinct screen").hasSize(3);
    }

    assertThat(outcome.status()).isEqualTo(TaskStatus.SUCCEEDED);
    assertThat(outcome.labels().calls()).isEqualTo(3);
    // 7 labelled observations (before each of the 6 steps, the last look; the assert's own look
    // reads the layout alone, unlabelled, since issue 16): 4 from the cache, each saving a call of
    // 100 tokens in and 20 out.
    assertThat(outcome.labelSavings().taskCalls()).isEqualTo(4);
    assertThat(outcome.labelSavings().timelineCalls()).isZero();
    assertThat(outcome.labelSavings().taskTokens()).isEqualTo(new LlmUsage(400, 80, 0, 0));
    assertThat(outcome.labelSavings().summary())
        .isEqualTo("4 calls, 480 tokens (task 4, timeline 0)");

    assertThat(steps.get(2).extras().labelCache()).as("labelled by a call").isNull();
    assertThat(steps.get(2).extras().llmUsage()).hasSize(1);
    StepRecord revisit = steps.get(3);
    assertThat(revisit.extras().labelCache())
        .isEqualTo(new LabelCacheHit(LabelCacheHit.Level.TASK, new LlmUsage(100, 20, 0, 0)));
    assertThat(revisit.extras().llmUsage()).as("no call").isEmpty();
    assertThat(revisit.extras().semanticScene().page()).isEqualTo("settings/wifi");
  }

  @Test
  void aWidgetWhoseElementTextChangedIsNotServed() {
    List<Scene> planned = scenesWithoutLabels();
    Scene off = planned.get(2);
    Scene on = planned.get(3);
    assertThat(ScreenSignature.of(on)).isEqualTo(ScreenSignature.of(off));
    SceneElement switchOn =
        on.elements().stream().filter(e -> e.resourceId().equals(SWITCH)).findFirst().orElseThrow();

    List<StepRecord> steps = new ArrayList<>();
    try (FakeMessagesApi claude = FakeMessagesApi.start()) {
      claude.enqueue(
          labelling("home", planned.get(0)),
          labelling("settings", planned.get(1)),
          labelling("settings/wifi", off));
      try (Agent agent =
          sim()
              .model(SemanticConfig.defaults().withApiKey("test").withBaseUrl(claude.baseUrl()))
              .labels(true)
              .listener(recording(new ArrayList<>(), steps))
              .build()) {
        agent.run(flow());
      }
    }

    SemanticScene labelled = steps.get(2).extras().semanticScene();
    SemanticScene served = steps.get(3).extras().semanticScene();
    assertThat(labelled.widgets()).hasSize(2);
    assertThat(labelled.widgets().get(1).elementId()).isEqualTo(switchOn.id());
    assertThat(served.widgets())
        .as("the switch now reads On: its purpose is not served; the back button's is")
        .extracting(SemanticScene.Widget::purpose)
        .containsExactly("go back to settings");
    assertThat(served.widgets()).noneMatch(w -> w.elementId().equals(switchOn.id()));
  }

  @Test
  void withTheCacheOffEveryObservationIsLabelled() {
    List<Scene> planned = scenesWithoutLabels();
    AgentOutcome outcome;
    try (FakeMessagesApi claude = FakeMessagesApi.start()) {
      for (Scene scene : planned) {
        claude.enqueue(labelling("page", scene));
      }
      claude.enqueue(labelling("wifi", planned.get(3)), labelling("home", planned.get(0)));
      try (Agent agent =
          sim()
              .model(SemanticConfig.defaults().withApiKey("test").withBaseUrl(claude.baseUrl()))
              .labels(true)
              .labelCache(LabelCacheMode.OFF)
              .build()) {
        outcome = agent.run(flow());
      }
      // The assert's own look needs no labels (issue 16): every loop observation is labelled.
      assertThat(claude.requests()).as("every loop observation").hasSize(7);
    }
    assertThat(outcome.labelSavings()).isEqualTo(LabelSavings.NONE);
  }
}
