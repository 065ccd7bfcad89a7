package dev.apex.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.config.ApexConfig;
import dev.apex.core.InvalidInputException;
import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.perception.OcrEngine;
import dev.apex.runtime.Cancellation;
import dev.apex.runtime.TaskListener;
import dev.apex.runtime.TaskOutcome;
import dev.apex.runtime.planner.PlannerModels;
import dev.apex.timeline.StepRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The console's tasks run through the same pipeline as {@code apex run}. */
class AgentLauncherTest {

  private final AgentLauncher launcher = new AgentLauncher(Map.of(), OcrEngine.NONE, Map.of());

  @Test
  void anUnknownDeviceIsRefusedBeforeAnythingRuns() {
    assertThatThrownBy(
            () -> launcher.prepare(TaskRequest.goal("toaster", "x"), ApexConfig.defaults()))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("unknown device 'toaster'");
  }

  @Test
  void aGoalWithoutAModelIsRefusedWithTheWordsTheStatusShows() {
    assertThat(launcher.goalRefusal(ApexConfig.defaults())).hasValue(PlannerModels.NONE_CONFIGURED);
    assertThatThrownBy(
            () -> launcher.prepare(TaskRequest.goal("sim", "Turn Wi-Fi on"), ApexConfig.defaults()))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage(PlannerModels.NONE_CONFIGURED);
    assertThat(PlannerModels.NONE_CONFIGURED).contains("ANTHROPIC_API_KEY").contains("flow");
  }

  @Test
  void aKeyInTheEnvironmentConfiguresTheModel() {
    ApexConfig withKey = ApexConfig.defaults().withAnthropicApiKey("sk-canary-launcher");
    assertThat(launcher.goalRefusal(withKey)).isEmpty();
  }

  @Test
  void aFlowRunsOnTheSimUnderTheConsolesIdWithItsSettings() throws Exception {
    String yaml =
        Files.readString(
            Path.of("..")
                .toAbsolutePath()
                .normalize()
                .resolve("examples/flows/settings-wifi-on.yaml"));
    PreparedTask task =
        launcher.prepare(TaskRequest.flow("sim", yaml), ApexConfig.defaults().withMaxSteps(2));
    List<StepRecord> steps = new ArrayList<>();

    TaskOutcome outcome =
        task.run(
            TaskId.of("console1"),
            new TaskListener() {
              @Override
              public void stepRecorded(StepRecord record) {
                steps.add(record);
              }
            },
            new Cancellation());

    assertThat(task.goal()).isEqualTo("flow Turn Wi-Fi on");
    assertThat(outcome.taskId()).isEqualTo(TaskId.of("console1"));
    assertThat(outcome.status()).isEqualTo(TaskStatus.MAX_STEPS);
    assertThat(steps).hasSize(2);
  }
}
