package dev.apex.junit;

import dev.apex.config.ApexConfig;
import dev.apex.config.ConfigField;
import java.util.Optional;
import java.util.function.Function;

/**
 * The settings a test run names as JUnit configuration parameters (or system properties), laid over
 * the config file and the environment: every declared setting has one, named for its variable
 * ({@link ConfigField#parameter()}: {@code -Dapex.max.steps=5} as {@code APEX_MAX_STEPS=5}), and is
 * checked as the variable is.
 */
final class ParameterSettings {

  private ParameterSettings() {}

  /**
   * {@code config} with each declared setting that {@code parameters} names set to its value.
   *
   * @throws dev.apex.config.InvalidConfigException naming the parameter whose value cannot be used
   */
  static ApexConfig apply(ApexConfig config, Function<String, Optional<String>> parameters) {
    ApexConfig result = config;
    for (ConfigField field : ConfigField.settable()) {
      Optional<String> name = field.parameter();
      Optional<String> text = name.flatMap(parameters).filter(v -> !v.isBlank());
      if (text.isPresent()) {
        result = result.with(field, field.fromText(name.get(), text.get()));
      }
    }
    return result;
  }
}
