package dev.apex.config;

import java.util.List;

/**
 * What one {@link ConfigField} declares, written as a chain that names each part: {@code
 * integer("max_steps", 1, 1000, 20).env("APEX_MAX_STEPS").flag("--max-steps", TASK).shown(TASKS,
 * label, help)}. Immutable.
 *
 * @param key the dotted JSON key
 * @param envVar the environment variable that overrides the file
 * @param type what it holds
 * @param min the least integer (integers only)
 * @param max the greatest integer, the longest text, or the most items of a list
 * @param defaultValue its value when nothing sets it, in normal form
 * @param flag its command-line flag, or {@link ConfigField.Flag#NONE}
 * @param section where the console shows it
 * @param label its name on the console's page
 * @param help what it does, for the CLI's help and the console's page
 */
record FieldSpec(
    String key,
    String envVar,
    FieldType type,
    long min,
    long max,
    Object defaultValue,
    ConfigField.Flag flag,
    ConfigField.Section section,
    String label,
    String help) {

  static FieldSpec bool(String key, boolean defaultValue) {
    return new FieldSpec(
        key, "", FieldType.BOOLEAN, 0, 0, defaultValue, ConfigField.Flag.NONE, null, "", "");
  }

  static FieldSpec integer(String key, long min, long max, int defaultValue) {
    return new FieldSpec(
        key, "", FieldType.INTEGER, min, max, defaultValue, ConfigField.Flag.NONE, null, "", "");
  }

  /** A text of {@code type}: at most {@code maxLength} characters where the type has a limit. */
  static FieldSpec text(String key, FieldType type, long maxLength, String defaultValue) {
    return new FieldSpec(
        key, "", type, 0, maxLength, defaultValue, ConfigField.Flag.NONE, null, "", "");
  }

  /** A list of {@code type}, empty by default, of at most {@code maxItems}. */
  static FieldSpec list(String key, FieldType type, long maxItems) {
    return new FieldSpec(
        key, "", type, 0, maxItems, List.of(), ConfigField.Flag.NONE, null, "", "");
  }

  /** A key read only from the variable of the same name; never in the file or a flag. */
  static FieldSpec secret(String key, String envVar) {
    return new FieldSpec(
        key, envVar, FieldType.SECRET, 0, 0, "", ConfigField.Flag.NONE, null, "", "");
  }

  FieldSpec env(String value) {
    return new FieldSpec(key, value, type, min, max, defaultValue, flag, section, label, help);
  }

  FieldSpec flag(String name, ConfigField.Scope scope) {
    return flag(name, scope, ConfigField.FlagForm.SAME);
  }

  FieldSpec flag(String name, ConfigField.Scope scope, ConfigField.FlagForm kind) {
    return flag(name, scope, kind, "");
  }

  /**
   * @param scope which commands offer it
   * @param kind how its value differs from the setting's
   * @param note what else its help says, or empty
   */
  FieldSpec flag(String name, ConfigField.Scope scope, ConfigField.FlagForm kind, String note) {
    return new FieldSpec(
        key,
        envVar,
        type,
        min,
        max,
        defaultValue,
        new ConfigField.Flag(name, scope, kind, note),
        section,
        label,
        help);
  }

  FieldSpec shown(ConfigField.Section where, String title, String text) {
    return new FieldSpec(key, envVar, type, min, max, defaultValue, flag, where, title, text);
  }
}
