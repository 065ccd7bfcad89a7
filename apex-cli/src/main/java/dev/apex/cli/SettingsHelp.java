package dev.apex.cli;

import dev.apex.config.ConfigField;
import java.util.List;

/**
 * The help of every option that sets a declared setting, from its declaration: what it does, how
 * the flag's value is written when that differs, and where the value comes from otherwise (the
 * config key, the variable, the default). {@link SettingFlags} gives it to each such option.
 */
final class SettingsHelp {

  private SettingsHelp() {}

  /** An option's description, e.g. {@code … (in seconds; default semantic.timeout_ms, …)}. */
  static String description(ConfigField field) {
    String form = field.flag().map(ConfigField.Flag::form).orElse("");
    return field.help()
        + " ("
        + (form.isEmpty() ? "" : form + "; ")
        + "default "
        + field.key()
        + " or "
        + field.envVar()
        + ", else "
        + shown(field.defaultValue())
        + ")";
  }

  private static String shown(Object value) {
    if (value instanceof List<?> list) {
      return list.isEmpty() ? "none" : list.toString();
    }
    return "".equals(value) ? "none" : String.valueOf(value);
  }
}
