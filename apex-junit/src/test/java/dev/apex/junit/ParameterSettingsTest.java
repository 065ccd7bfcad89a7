package dev.apex.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.config.ApexConfig;
import dev.apex.config.ConfigField;
import dev.apex.config.InvalidConfigException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Every declared setting with a variable of apex's own is readable as a JUnit parameter. */
class ParameterSettingsTest {

  @Test
  void everyDeclaredSettingIsReadFromItsParameter() {
    for (ConfigField field : ConfigField.settable()) {
      if (field.parameter().isEmpty()) {
        assertThat(field.envVar()).as(field.key()).doesNotStartWith("APEX_");
        continue;
      }
      String name = field.parameter().get();
      Object example = field.example();
      String text =
          example instanceof List<?> list
              ? String.join(",", list.stream().map(String::valueOf).toList())
              : String.valueOf(example);

      ApexConfig config =
          ParameterSettings.apply(
              ApexConfig.defaults(), p -> Optional.ofNullable(Map.of(name, text).get(p)));

      assertThat(config.get(field)).as(name).isEqualTo(example);
    }
  }

  @Test
  void theParameterIsNamedForTheVariableAndABadValueNamesIt() {
    assertThat(ConfigField.MAX_STEPS.parameter()).contains("apex.max.steps");
    assertThat(ConfigField.ANTHROPIC_API_KEY.parameter()).isEmpty();
    assertThatThrownBy(
            () ->
                ParameterSettings.apply(
                    ApexConfig.defaults(),
                    p -> p.equals("apex.max.steps") ? Optional.of("0") : Optional.empty()))
        .isInstanceOf(InvalidConfigException.class)
        .hasMessage("apex.max.steps must be an integer in [1, 1000]");
  }
}
