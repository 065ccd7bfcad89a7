package dev.apex.cli;

import dev.apex.config.ConfigField;
import java.util.List;
import java.util.ListResourceBundle;

/**
 * The help of every option that sets a declared setting, from its declaration: what it does, how
 * the flag's value is written when that differs, and where the value comes from otherwise (the
 * config key, the variable, the default). Picocli finds a text by the option's {@code
 * descriptionKey}, which is the setting's key ({@code descriptionKey = "device.timeout_ms"}), so an
 * option names its declaration and says nothing of its own.
 */
final class SettingsHelp extends ListResourceBundle {

  @Override
  protected Object[][] getContents() {
    return ConfigField.settable().stream()
        .filter(field -> field.flag().isPresent())
        .map(field -> new Object[] {field.key(), description(field)})
        .toArray(Object[][]::new);
  }

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
