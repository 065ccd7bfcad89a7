package dev.apex.timeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.PlannedStep;
import dev.apex.core.StepResult;
import dev.apex.core.TaskId;
import dev.apex.llm.LlmUsage;
import dev.apex.world.WorldState;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class StepExtrasTest {

  @Test
  void absentPartsAreNullOrEmptyAndABlankReasonIsNone() {
    StepExtras extras = new StepExtras(null, "  ", null, null);
    assertThat(extras).isEqualTo(StepExtras.NONE);
    assertThat(extras.isEmpty()).isTrue();
    assertThat(extras.withWorld(WorldState.EMPTY).isEmpty()).isFalse();
  }

  @Test
  void usagesAreCopiedAndAddedInOrder() {
    List<StepUsage> usages = new ArrayList<>(List.of(StepUsage.of(new LlmUsage(1, 2, 0, 0))));
    StepExtras extras = new StepExtras(null, null, usages, null);
    usages.clear();
    StepUsage planner = new StepUsage("m", 2, LlmUsage.NONE, 0.1);

    assertThat(extras.llmUsage()).hasSize(1);
    assertThat(extras.plusUsage(List.of(planner)).llmUsage())
        .containsExactly(StepUsage.of(new LlmUsage(1, 2, 0, 0)), planner);
  }

  @Test
  void aLabelCacheHitIsKeptByEveryWither() {
    LabelCacheHit hit = new LabelCacheHit(LabelCacheHit.Level.TASK, new LlmUsage(100, 20, 0, 0));
    StepExtras extras = StepExtras.NONE.withLabelCache(hit);

    assertThat(extras.isEmpty()).isFalse();
    assertThat(
            extras
                .withWorld(WorldState.EMPTY)
                .withReplay(ReplayMark.healed(1, "gone"))
                .plusUsage(List.of(StepUsage.of(LlmUsage.NONE)))
                .labelCache())
        .isEqualTo(hit);
    assertThat(new StepExtras(null, null, List.of(), null, null).labelCache()).isNull();
    assertThat(LabelCacheHit.Level.TIMELINE.code()).isEqualTo("timeline");
  }

  @Test
  void aLabelKeyRefusesABlankOrOverlongPartNamingIt() {
    assertThatThrownBy(() -> new LabelKey("", "m", "1-a")).hasMessageContaining("signature");
    assertThatThrownBy(() -> new LabelKey("s", "m".repeat(201), "1-a"))
        .hasMessageContaining("model must be 1 to 200 characters");
  }

  @Test
  void aUsageKnowsWhetherItHasOnlyTokens() {
    assertThat(StepUsage.of(LlmUsage.NONE).tokensOnly()).isTrue();
    assertThat(new StepUsage("m", 1, LlmUsage.NONE, null).tokensOnly()).isFalse();
    assertThat(new StepUsage(null, 2, LlmUsage.NONE, null).tokensOnly()).isFalse();
    assertThatThrownBy(() -> new StepUsage(null, -1, LlmUsage.NONE, null))
        .hasMessage("calls must be >= 0, was -1");
  }

  @Test
  void aRecordWithoutExtrasHasNoneAndKeepsThemUnderAnotherId() {
    PlannedStep step = PlannedStep.of("wait", java.util.Map.of("ms", 1));
    StepRecord record =
        new StepRecord(
            TaskId.of("a"),
            1,
            null,
            null,
            step,
            StepResult.ok(step, null, 1, Duration.ZERO),
            null,
            null,
            null,
            null);
    assertThat(record.extras()).isEqualTo(StepExtras.NONE);
    assertThat(record.observeTime()).isEqualTo(Duration.ZERO);
    StepRecord moved = record.withTaskId(TaskId.of("b"));
    assertThat(moved.taskId()).isEqualTo(TaskId.of("b"));
    assertThat(moved.step()).isEqualTo(step);
    assertThat(record.withTaskId(TaskId.of("a"))).isSameAs(record);
  }
}
