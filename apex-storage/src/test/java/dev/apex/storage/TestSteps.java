package dev.apex.storage;

import dev.apex.core.Bounds;
import dev.apex.core.ElementFlag;
import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.core.Source;
import dev.apex.core.StepResult;
import dev.apex.core.TaskId;
import dev.apex.llm.LlmUsage;
import dev.apex.llm.SemanticScene;
import dev.apex.llm.SemanticScene.Widget;
import dev.apex.timeline.StepExtras;
import dev.apex.timeline.StepRecord;
import dev.apex.timeline.StepUsage;
import dev.apex.world.WorldState;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Steps whose every field follows from the index, so a reader can check what a writer wrote. */
public final class TestSteps {

  private TestSteps() {}

  /** A successful tap with a scene, every extra (two usages) and a screenshot. */
  public static StepRecord step(TaskId task, int index) {
    PlannedStep planned =
        PlannedStep.of("tap", Map.of("element", "e" + index, "x", index, "y", index * 2));
    Scene scene =
        new Scene(
            1080,
            2400,
            List.of(
                new SceneElement(
                    "e" + index,
                    "button",
                    Bounds.ofSize(index, 2 * index, 100, 40),
                    "Button " + index,
                    1.0,
                    Source.TREE,
                    "com.example:id/b" + index,
                    Set.of(ElementFlag.values()[index % ElementFlag.values().length])),
                new SceneElement(
                    "ocr" + index, "text", Bounds.ofSize(0, 0, 50, 20), "Hello", 0.5, Source.OCR)));
    StepExtras extras =
        new StepExtras(
            new SemanticScene(
                "home", List.of("open an app"), List.of(new Widget("e" + index, "opens it"))),
            null,
            List.of(
                StepUsage.of(new LlmUsage(index, index + 1, 0, 0)),
                new StepUsage("claude-sonnet-5-5", 2, new LlmUsage(10L * index, 5, 7, 3), 0.25)),
            new WorldState(
                "com.example", "home", "sig" + index, Map.of("visits", index), List.of()));
    return new StepRecord(
        task,
        index,
        Instant.parse("2026-01-01T00:00:00Z").plusMillis(1_000L * index + 7),
        scene,
        planned,
        StepResult.ok(planned, Map.of("tapped", "e" + index), 1, Duration.ofMillis(index)),
        Duration.ofNanos(1_000_003L * index),
        Duration.ofMillis(2L * index),
        Duration.ofMillis(3L * index),
        png(index),
        extras);
  }

  /** A failed step without scene, extras or screenshot. */
  public static StepRecord failedStep(TaskId task, int index) {
    PlannedStep planned = PlannedStep.of("launch_app", Map.of("app", "com.example"));
    return new StepRecord(
        task,
        index,
        null,
        null,
        planned,
        StepResult.failed(planned, "device disconnected", 3, Duration.ofSeconds(2)),
        null,
        null,
        null,
        null,
        null);
  }

  /** Fake PNG bytes, a few kilobytes that differ for every index. */
  public static byte[] png(int index) {
    byte[] bytes = new byte[2_000 + (index * 37) % 3_000];
    long x = index * 2_654_435_761L + 1;
    for (int i = 0; i < bytes.length; i++) {
      x = x * 6_364_136_223_846_793_005L + 1_442_695_040_888_963_407L;
      bytes[i] = (byte) (x >>> 56);
    }
    return bytes;
  }

  public static List<StepRecord> steps(TaskId task, int count) {
    List<StepRecord> steps = new ArrayList<>();
    for (int i = 1; i <= count; i++) {
      steps.add(step(task, i));
    }
    return steps;
  }
}
