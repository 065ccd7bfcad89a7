package dev.apex.cli;

import dev.apex.config.ApexConfig;
import dev.apex.config.ConfigField;
import dev.apex.storage.Timelines;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * Where the commands that record or read tasks find the timeline: the timeline scope's flag ({@code
 * --db}, declared with {@code timeline.url}), else the setting.
 */
@Command
final class TimelineOption implements SettingFlags.Scoped {

  @Spec(Spec.Target.MIXEE)
  CommandSpec command;

  /** The environment settings come from; the process's unless a test gives another. */
  Map<String, String> env = System.getenv();

  @Override
  public Set<ConfigField.Scope> scopes() {
    return Set.of(ConfigField.Scope.TIMELINE);
  }

  /**
   * The timeline a command records into: {@code --db}, else the settings' {@code timeline.url}
   * ({@code APEX_TIMELINE}), else the default file.
   *
   * @throws dev.apex.config.InvalidConfigException naming {@code --db} or the setting, for a value
   *     that is not a file path (a {@code postgresql://} URL is not supported yet)
   */
  Path file() {
    List<String> db = SettingFlags.given(command).getOrDefault(ConfigField.TIMELINE_URL, List.of());
    // With --db given the config file is not read, so a reading command works beside a bad one.
    ApexConfig config =
        db.isEmpty()
            ? SharedOptions.configStore(env).current()
            : ApexConfig.defaults()
                .with(ConfigField.TIMELINE_URL, ConfigField.TIMELINE_URL.fromFlag(db, ""));
    return config
        .timelineFile()
        .orElseGet(() -> Timelines.defaultFile(env, System.getProperty("user.home")));
  }

  /**
   * The timeline a reading command opens, which must exist.
   *
   * @throws dev.apex.core.InvalidInputException in one line saying how to get one
   */
  Path existing() {
    return Timelines.existing(file());
  }
}
