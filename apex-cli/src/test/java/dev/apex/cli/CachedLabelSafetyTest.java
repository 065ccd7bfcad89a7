package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.core.TaskStatus;
import dev.apex.llm.SemanticConfig;
import dev.apex.perception.CompactEncoder;
import dev.apex.perception.OcrEngine;
import dev.apex.perception.Perceiver;
import dev.apex.runtime.Planner;
import dev.apex.runtime.agent.Agent;
import dev.apex.runtime.agent.AgentOutcome;
import dev.apex.runtime.agent.AgentRun;
import dev.apex.runtime.observe.LabelCacheMode;
import dev.apex.runtime.safety.Confirmer;
import dev.apex.runtime.safety.SensitiveAction;
import dev.apex.runtime.safety.SensitiveKind;
import dev.apex.storage.SqliteTimeline;
import dev.apex.testkit.FakeClock;
import dev.apex.testkit.FakeDevice;
import dev.apex.testkit.RecordingSleeper;
import dev.apex.testkit.llm.FakeMessagesApi;
import dev.apex.testkit.llm.FakeReply;
import dev.apex.world.ScreenSignature;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 28, item 5: with {@code semantic.cache timeline}, a dialog whose confirm button is an icon
 * without text is labelled "confirm opening settings" in one task; in a later task the same dialog
 * (same layout, same signature, the same empty icon) asks "Delete all your photos?". The cached
 * purpose must not be served for it, and the tap must be asked about as a deletion.
 */
class CachedLabelSafetyTest {

  /**
   * A planner of the test's own, standing in for a model: it taps the confirm icon once, then
   * reports the goal reached. A goal's steps go to the agent's confirmer (a flow's would be
   * authored).
   */
  private static Planner tapsConfirmOnce() {
    AtomicBoolean tapped = new AtomicBoolean();
    return (goal, scene, context) ->
        tapped.getAndSet(true)
            ? List.of()
            : List.of(PlannedStep.of("tap", Map.of("element", "com.photos:id/confirm")));
  }

  @TempDir Path dir;

  private final FakeClock clock = new FakeClock(Instant.parse("2026-12-01T10:00:00Z"));
  private final List<SensitiveAction> asked = new ArrayList<>();

  /** A dialog: its message, and two icon buttons with no text (cancel, confirm). */
  private static String dialog(String message) {
    return "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">"
        + "<node index=\"0\" text=\"\" resource-id=\"\" class=\"android.widget.FrameLayout\""
        + " package=\"com.photos\" content-desc=\"\" clickable=\"false\" bounds=\"[0,0][1080,1920]\">"
        + "<node index=\"0\" text=\"\" resource-id=\"com.photos:id/dialog\""
        + " class=\"android.widget.LinearLayout\" package=\"com.photos\" content-desc=\"\""
        + " clickable=\"false\" bounds=\"[90,700][990,1220]\">"
        + "<node index=\"0\" text=\""
        + message
        + "\" resource-id=\"com.photos:id/message\" class=\"android.widget.TextView\""
        + " package=\"com.photos\" content-desc=\"\" clickable=\"false\""
        + " bounds=\"[140,760][940,960]\" />"
        + icon(1, "cancel", "[540,1040][740,1180]")
        + icon(2, "confirm", "[760,1040][960,1180]")
        + "</node></node></hierarchy>";
  }

  private static String icon(int index, String id, String bounds) {
    return "<node index=\""
        + index
        + "\" text=\"\" resource-id=\"com.photos:id/"
        + id
        + "\" class=\"android.widget.ImageButton\" package=\"com.photos\" content-desc=\"\""
        + " clickable=\"true\" focusable=\"true\" bounds=\""
        + bounds
        + "\" />";
  }

  private static Scene scene(FakeDevice device, String message) {
    return new Perceiver(OcrEngine.NONE).observe(device.uiautomator(dialog(message)));
  }

  /** The labeller's answer for the dialog, naming the confirm icon by its compact handle. */
  private static FakeReply labelling(Scene scene, String confirmPurpose) {
    String confirm = handleOf(scene, "com.photos:id/confirm");
    String cancel = handleOf(scene, "com.photos:id/cancel");
    return FakeReply.text(
        "{\"page\":\"dialog/confirm\",\"intents\":[\"answer the dialog\"],\"widgets\":["
            + "{\"element_id\":\""
            + cancel
            + "\",\"purpose\":\"dismiss the dialog\"},"
            + "{\"element_id\":\""
            + confirm
            + "\",\"purpose\":\""
            + confirmPurpose
            + "\"}]}");
  }

  private static String handleOf(Scene scene, String resourceId) {
    for (int i = 0; i < scene.elements().size(); i++) {
      if (scene.elements().get(i).resourceId().equals(resourceId)) {
        String handle = String.valueOf(i + 1);
        assertThat(CompactEncoder.resolve(scene, handle)).isPresent();
        return handle;
      }
    }
    throw new AssertionError(resourceId + " is not in the scene");
  }

  /** One task, as a new process runs it: a new timeline on the file, a new agent. */
  private AgentOutcome runTask(FakeMessagesApi claude, FakeDevice device) {
    Confirmer recording =
        action -> {
          asked.add(action);
          return false;
        };
    try (SqliteTimeline timeline = SqliteTimeline.open(dir.resolve("t.db"), clock, 5);
        Agent agent =
            Agent.builder()
                .device(device)
                .ocr(OcrEngine.NONE)
                .sleeper(new RecordingSleeper())
                .tapSettle(Duration.ZERO)
                .model(SemanticConfig.defaults().withApiKey("test").withBaseUrl(claude.baseUrl()))
                .labels(true)
                .labelCache(LabelCacheMode.TIMELINE)
                .timeline(timeline)
                .confirmer(recording)
                .build()) {
      return agent.run(AgentRun.planned("confirm the dialog", tapsConfirmOnce()));
    }
  }

  private static FakeDevice showing(String message) {
    FakeDevice device = new FakeDevice();
    return device.screens(device.uiautomator(dialog(message)));
  }

  @Test
  void aCachedPurposeForAnIconDoesNotQuietTheQuestionOfAChangedDialog() {
    FakeDevice first = showing("Open settings to turn on backup?");
    FakeDevice second = showing("Delete all your photos?");
    Scene before = scene(first, "Open settings to turn on backup?");
    Scene after = scene(second, "Delete all your photos?");
    assertThat(ScreenSignature.of(after))
        .as("the same dialog to the content-free signature")
        .isEqualTo(ScreenSignature.of(before));

    try (FakeMessagesApi claude = FakeMessagesApi.start()) {
      claude.enqueue(
          labelling(before, "confirm opening settings"),
          labelling(after, "confirm deleting all photos"));

      AgentOutcome one = runTask(claude, first);
      assertThat(one.status()).as(one.reason()).isEqualTo(TaskStatus.SUCCEEDED);
      assertThat(first.events(FakeDevice.Tap.class)).hasSize(1);
      assertThat(asked).as("opening settings is not sensitive").isEmpty();
      assertThat(claude.requests()).hasSize(1);

      AgentOutcome two = runTask(claude, second);
      assertThat(claude.requests())
          .as("the changed message is a cache miss: the dialog is labelled afresh")
          .hasSize(2);
      assertThat(two.labelSavings().timelineCalls()).isZero();
      assertThat(asked)
          .as("the tap is asked about as a deletion")
          .singleElement()
          .extracting(SensitiveAction::kind)
          .isEqualTo(SensitiveKind.DELETION);
      assertThat(two.status()).isEqualTo(TaskStatus.FAILED);
      assertThat(two.reason()).contains("policy_denied").contains("deletion");
      assertThat(second.events(FakeDevice.Tap.class)).as("never tapped").isEmpty();
    }
  }

  @Test
  void theSameDialogWithTheSameMessageIsStillServedFromTheTimeline() {
    String message = "Open settings to turn on backup?";
    try (FakeMessagesApi claude = FakeMessagesApi.start()) {
      claude.enqueue(labelling(scene(new FakeDevice(), message), "confirm opening settings"));

      runTask(claude, showing(message));
      AgentOutcome again = runTask(claude, showing(message));

      assertThat(claude.requests()).as("one labelling call for both tasks").hasSize(1);
      assertThat(again.status()).isEqualTo(TaskStatus.SUCCEEDED);
      assertThat(again.labelSavings().timelineCalls()).isPositive();
      assertThat(asked).isEmpty();
    }
  }
}
