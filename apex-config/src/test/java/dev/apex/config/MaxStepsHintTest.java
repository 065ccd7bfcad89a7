package dev.apex.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.runtime.TaskRunner;
import org.junit.jupiter.api.Test;

/** The runtime's MAX_STEPS hint names the real settings, though the runtime cannot see them. */
class MaxStepsHintTest {

  @Test
  void theHintNamesTheConfigKeyAndTheEnvironmentVariable() {
    assertThat(TaskRunner.RAISE_MAX_STEPS)
        .contains(ConfigField.MAX_STEPS.key())
        .contains(ConfigField.MAX_STEPS.envVar())
        .contains("--max-steps");
  }
}
