package dev.apex.runtime.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.NonRetriableException;
import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.core.StepResult;
import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.perception.OcrEngine;
import dev.apex.runtime.TaskListener;
import dev.apex.runtime.TaskOutcome;
import dev.apex.runtime.safety.Confirmer;
import dev.apex.timeline.StepRecord;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

/** A session on the sim: one recorded step per call, through the agent's loop and listeners. */
class SessionTest {

  private final Events events = new Events();
  private final Agent agent =
      Agent.builder()
          .device("sim")
          .ocr(OcrEngine.NONE)
          .tapSettle(Duration.ZERO)
          // The test chooses each step, as a JUnit test's author does.
          .confirmer(Confirmer.AUTHORED)
          .listener(events)
          .build();

  @AfterEach
  void close() {
    agent.close();
  }

  @Test
  void eachStepIsOneRecordedStepWithItsSceneActionAndResult() {
    Session session = agent.session("SessionTest#wifi");
    StepResult launched =
        session.step(PlannedStep.of("launch_app", Map.of("app_id", "com.android.settings")));
    StepResult tapped = session.step(PlannedStep.of("tap", Map.of("text", "Wi-Fi")));
    TaskOutcome outcome = session.end(TaskStatus.SUCCEEDED, "test passed");

    assertThat(launched.success()).isTrue();
    assertThat(tapped.success()).isTrue();
    assertThat(outcome.status()).isEqualTo(TaskStatus.SUCCEEDED);
    assertThat(outcome.taskId()).isEqualTo(session.taskId());
    assertThat(events.started).containsExactly(session.taskId() + " SessionTest#wifi");
    assertThat(events.steps).hasSize(2);
    StepRecord first = events.steps.get(0);
    StepRecord second = events.steps.get(1);
    assertThat(first.index()).isEqualTo(1);
    assertThat(first.step().action()).isEqualTo("launch_app");
    assertThat(first.result()).isEqualTo(launched);
    // Each step carries the screen it ran on: the second ran on Settings, which the first opened.
    assertThat(second.step().action()).isEqualTo("tap");
    assertThat(second.scene().elements())
        .anyMatch(e -> e.text() != null && e.text().startsWith("Wi-Fi"));
    assertThat(first.scene().elements())
        .noneMatch(e -> e.text() != null && e.text().startsWith("Wi-Fi"));
    assertThat(events.finished).containsExactly("SUCCEEDED goal reached after 2 step(s)");
  }

  @Test
  void aFailedStepIsReturnedAndTheSessionGoesOn() {
    Session session = agent.session("failing step");
    StepResult missing =
        session.step(PlannedStep.of("assert_visible", Map.of("text", "Nope", "timeout_ms", 0)));
    StepResult launched =
        session.step(PlannedStep.of("launch_app", Map.of("app_id", "com.android.settings")));

    assertThat(missing.success()).isFalse();
    assertThat(missing.error()).contains("Nope");
    assertThat(launched.success()).isTrue();
    assertThat(session.outcome()).isEmpty();
    TaskOutcome outcome = session.end(TaskStatus.FAILED, "expected Nope");
    assertThat(outcome.status()).isEqualTo(TaskStatus.FAILED);
    assertThat(outcome.reason()).isEqualTo("expected Nope");
    assertThat(events.finished).containsExactly("FAILED expected Nope");
  }

  @Test
  void sceneObservesNowWithoutRecordingAStep() {
    Session session = agent.session("scene");
    session.step(PlannedStep.of("launch_app", Map.of("app_id", "com.android.settings")));
    assertThat(session.scene().elements())
        .anyMatch(e -> e.text() != null && e.text().startsWith("Wi-Fi"));
    session.close();
    assertThat(events.steps).hasSize(1);
  }

  @Test
  void anEndedSessionRefusesStepsNamingHowItEnded() {
    Session session = agent.session("ended");
    session.end(TaskStatus.CANCELLED, "test aborted");
    session.close();

    assertThatThrownBy(() -> session.step(PlannedStep.of("press_key", Map.of("key", "back"))))
        .isInstanceOf(NonRetriableException.class)
        .hasMessageContaining("CANCELLED: test aborted");
    assertThat(events.finished).containsExactly("CANCELLED test aborted");
  }

  @RepeatedTest(20)
  void aCancelEndsAParkedSessionCancelled() {
    Session session = agent.session("cancel");
    session.cancel("cancelled from the console");
    TaskOutcome outcome = session.end(TaskStatus.SUCCEEDED, "not reached");

    assertThat(outcome.status()).isEqualTo(TaskStatus.CANCELLED);
    assertThat(outcome.reason()).isEqualTo("cancelled from the console after 0 step(s)");
  }

  @Test
  void observedIsTheFirstSceneBeforeAnyStepAndThenTheSceneEachStepLeft() {
    Session session = agent.session("observed");

    Scene first = session.observed().orElseThrow();
    assertThat(first.elements()).noneMatch(SessionTest::isWifi);

    session.step(PlannedStep.of("launch_app", Map.of("app_id", "com.android.settings")));
    Scene afterLaunch = session.observed().orElseThrow();
    // The screen the launch left: Settings, not the first screen.
    assertThat(afterLaunch).isNotEqualTo(first);
    assertThat(afterLaunch.elements()).anyMatch(SessionTest::isWifi);

    session.step(PlannedStep.of("press_key", Map.of("key", "back")));
    Scene afterBack = session.observed().orElseThrow();
    assertThat(afterBack.elements()).noneMatch(SessionTest::isWifi);
    session.end(TaskStatus.SUCCEEDED, "done");

    // Each is the scene the loop observed: the one the next step was recorded on.
    assertThat(events.steps).hasSize(2);
    assertThat(events.steps.get(0).scene()).isEqualTo(first);
    assertThat(events.steps.get(1).scene()).isEqualTo(afterLaunch);
    // An ended session keeps the last scene it observed.
    assertThat(session.observed()).contains(afterBack);
  }

  @Test
  void observedCostsNoCaptureAndRecordsNoStep() {
    Session session = agent.session("observed twice");
    session.step(PlannedStep.of("launch_app", Map.of("app_id", "com.android.settings")));

    Scene once = session.observed().orElseThrow();
    assertThat(session.observed()).containsSame(once);
    session.close();
    assertThat(events.steps).hasSize(1);
  }

  @Test
  void aSessionWithAStepLimitEndsMaxStepsAfterThatManySteps() {
    Session session = agent.session("limited", 2);
    StepResult launched =
        session.step(PlannedStep.of("launch_app", Map.of("app_id", "com.android.settings")));
    StepResult back = session.step(PlannedStep.of("press_key", Map.of("key", "back")));

    assertThat(launched.success()).isTrue();
    assertThat(back.success()).isTrue();
    assertThat(session.outcome()).isEmpty();
    assertThatThrownBy(() -> session.step(PlannedStep.of("press_key", Map.of("key", "home"))))
        .isInstanceOf(NonRetriableException.class)
        .hasMessageContaining("has ended (MAX_STEPS: reached the step limit (2 steps)");

    assertThat(session.outcome())
        .hasValueSatisfying(o -> assertThat(o.status()).isEqualTo(TaskStatus.MAX_STEPS));
    // The third step never ran: two recorded steps, then the end.
    assertThat(events.steps).hasSize(2);
    assertThat(events.finished)
        .singleElement()
        .asString()
        .startsWith("MAX_STEPS reached the step limit (2 steps)");
    // Ending it afterwards keeps how it ended.
    assertThat(session.end(TaskStatus.SUCCEEDED, "too late").status())
        .isEqualTo(TaskStatus.MAX_STEPS);
  }

  @Test
  void aStepLimitBelowOneIsRefused() {
    assertThatThrownBy(() -> agent.session("none", 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("maxSteps")
        .hasMessageContaining("0");
    assertThatThrownBy(() -> agent.session("negative", -1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("-1");
    assertThat(events.started).isEmpty();
  }

  @Test
  void aSessionClosedByItsClientEndsEndedWithItsReason() {
    Session session = agent.session("client");
    session.step(PlannedStep.of("launch_app", Map.of("app_id", "com.android.settings")));
    session.step(PlannedStep.of("press_key", Map.of("key", "back")));
    session.step(PlannedStep.of("press_key", Map.of("key", "home")));

    TaskOutcome outcome = session.end(TaskStatus.ENDED, "client closed after 3 call(s), 0 failed");

    assertThat(outcome.status()).isEqualTo(TaskStatus.ENDED);
    assertThat(outcome.reason()).isEqualTo("client closed after 3 call(s), 0 failed");
    assertThat(outcome.taskId()).isEqualTo(session.taskId());
    assertThat(session.outcome()).contains(outcome);
    assertThat(events.steps).hasSize(3);
    assertThat(events.finished).containsExactly("ENDED client closed after 3 call(s), 0 failed");
    assertThatThrownBy(() -> session.step(PlannedStep.of("press_key", Map.of("key", "back"))))
        .isInstanceOf(NonRetriableException.class)
        .hasMessageContaining("ENDED: client closed after 3 call(s), 0 failed");
  }

  private static boolean isWifi(SceneElement e) {
    return e.text() != null && e.text().startsWith("Wi-Fi");
  }

  @Test
  void aBlankTitleIsRefused() {
    assertThatThrownBy(() -> agent.session(" "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("title");
  }

  private static final class Events implements TaskListener {
    final List<String> started = new CopyOnWriteArrayList<>();
    final List<StepRecord> steps = new CopyOnWriteArrayList<>();
    final List<String> finished = new CopyOnWriteArrayList<>();

    @Override
    public void taskStarted(TaskId taskId, String device, String goal) {
      started.add(taskId + " " + goal);
    }

    @Override
    public void stepRecorded(StepRecord record) {
      steps.add(record);
    }

    @Override
    public void taskFinished(TaskId taskId, TaskStatus status, String reason) {
      finished.add(status + " " + reason);
    }
  }
}
