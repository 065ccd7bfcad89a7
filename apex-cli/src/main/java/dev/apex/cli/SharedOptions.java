package dev.apex.cli;

import dev.apex.config.ApexConfigStore;
import dev.apex.config.ConfigField;
import dev.apex.config.Settings;
import dev.apex.device.DeviceOptions;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * What the commands that open a device and may call a model share ({@code run}, {@code describe},
 * {@code mcp}): the flags of the model, device and adb settings, made from their declarations
 * ({@link SettingFlags}), and the two options that are no setting. A command that runs tasks adds
 * the task scope itself, so {@code describe --help} does not offer {@code --max-steps}.
 */
final class SharedOptions implements SettingFlags.Scoped {

  @Option(names = "--no-ocr", description = "Do not OCR screenshots, even with Tesseract.")
  boolean noOcr;

  @Option(
      names = "--capabilities",
      paramLabel = "FILE",
      description = "W3C capabilities (JSON) for webdriver:ENDPOINT devices.")
  Path capabilities;

  @Spec(Spec.Target.MIXEE)
  CommandSpec command;

  /** The environment settings come from; the process's unless a test gives another. */
  Map<String, String> env = System.getenv();

  @Override
  public Set<ConfigField.Scope> scopes() {
    return EnumSet.of(ConfigField.Scope.MODEL, ConfigField.Scope.DEVICE, ConfigField.Scope.ADB);
  }

  /**
   * How this command opens its device: the settings' adb server (else the driver's default), their
   * device bounds, and {@code --capabilities}.
   */
  DeviceOptions deviceOptions(Settings settings) {
    return new DeviceOptions(
        settings.config().text(ConfigField.DEVICE_ADB_SERVER),
        capabilities,
        settings.device(),
        env);
  }

  /**
   * The settings of this command: the config file, the environment, then every setting's flag the
   * command was given.
   *
   * @throws dev.apex.core.InvalidInputException naming the flag, key or variable that is wrong
   */
  Settings settings() {
    Settings settings =
        Settings.of(configStore(env).current(), env, !noOcr).withFlags(SettingFlags.given(command));
    settings.requireLabelModel();
    return settings;
  }

  /** The config file this environment names ($APEX_HOME/config.json, else ~/.apex/config.json). */
  static ApexConfigStore configStore(Map<String, String> env) {
    return ApexConfigStore.open(
        ApexConfigStore.defaultFile(env, System.getProperty("user.home")), env);
  }
}
