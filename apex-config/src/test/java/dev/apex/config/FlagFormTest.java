package dev.apex.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.InvalidInputException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A flag's value is read by its declaration's form, whichever command gives it: seconds and
 * durations become the setting's milliseconds within the declared range, a repeatable flag adds to
 * the setting's list, a switch turns it on, and a bad value is one line naming the flag.
 */
class FlagFormTest {

  @Test
  void secondsBecomeTheSettingsMillisecondsWithinItsRange() {
    assertThat(ConfigField.SEMANTIC_TIMEOUT_MS.fromFlag(List.of("2.5"), 10_000)).isEqualTo(2_500);
    assertThatThrownBy(() -> ConfigField.SEMANTIC_TIMEOUT_MS.fromFlag(List.of("0"), 10_000))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("--semantic-timeout must be a number of seconds from 0.1 to 600");
    assertThatThrownBy(() -> ConfigField.SEMANTIC_TIMEOUT_MS.fromFlag(List.of("soon"), 10_000))
        .hasMessageStartingWith("--semantic-timeout must be a number of seconds");
  }

  @Test
  void aDurationTakesMillisecondsOrAUnit() {
    assertThat(ConfigField.DEVICE_TIMEOUT_MS.fromFlag(List.of("5s"), 30_000)).isEqualTo(5_000);
    assertThat(ConfigField.DEVICE_TIMEOUT_MS.fromFlag(List.of("750"), 30_000)).isEqualTo(750);
    assertThatThrownBy(() -> ConfigField.DEVICE_TIMEOUT_MS.fromFlag(List.of("2h"), 30_000))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("--device-timeout must be milliseconds or a duration");
  }

  @Test
  void aRepeatableFlagAddsToTheSettingsListInOrderOnce() {
    Object apps =
        ConfigField.PLANNER_ALLOWED_APPS.fromFlag(
            List.of("com.b", "com.a", "com.c"), List.of("com.a"));

    assertThat(apps).isEqualTo(List.of("com.a", "com.b", "com.c"));
  }

  @Test
  void aSwitchTurnsTheSettingOnAndASameFlagTakesTheLastValueChecked() {
    assertThat(ConfigField.SEMANTIC_ENABLED.fromFlag(List.of(""), false)).isEqualTo(true);
    assertThat(ConfigField.MAX_STEPS.fromFlag(List.of("7"), 20)).isEqualTo(7);
    assertThatThrownBy(() -> ConfigField.MAX_STEPS.fromFlag(List.of("0"), 20))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("--max-steps must be an integer in [1, 1000]");
    assertThatThrownBy(() -> ConfigField.LLM_PROVIDER.fromFlag(List.of("gemini"), "anthropic"))
        .hasMessage("--provider must be one of anthropic, openai");
  }

  @Test
  void settingsTakeEveryFlagOverTheFileAndTheEnvironment() {
    ApexConfig config = ApexConfig.defaults().with(ConfigField.MAX_STEPS, 9);
    Settings settings =
        Settings.of(config, Map.of("ANTHROPIC_BASE_URL", "http://127.0.0.1:1/"), false)
            .withFlags(
                Map.of(
                    ConfigField.MAX_STEPS, List.of("3"),
                    ConfigField.DEVICE_TIMEOUT_MS, List.of("2s"),
                    ConfigField.LLM_OPENAI_BASE_URL, List.of("http://127.0.0.1:2/v1")));

    assertThat(settings.maxSteps()).isEqualTo(3);
    assertThat(settings.device().timeout().toMillis()).isEqualTo(2_000);
    // --base-url points Anthropic's client there too, over ANTHROPIC_BASE_URL.
    assertThat(settings.semantic().baseUrl()).isEqualTo("http://127.0.0.1:2/v1");
    assertThat(Settings.of(config, Map.of(), false).withFlags(Map.of()).maxSteps()).isEqualTo(9);
  }
}
