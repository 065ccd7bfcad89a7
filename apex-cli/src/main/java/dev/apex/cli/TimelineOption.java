package dev.apex.cli;

import dev.apex.config.ApexConfig;
import dev.apex.config.ConfigField;
import dev.apex.storage.Timeline;
import dev.apex.storage.Timelines;
import dev.apex.timeline.TimelineOptions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * Where the commands that record or read tasks find the timeline, a SQLite file or a {@code
 * postgresql://} URL: the timeline scope's flag ({@code --db}, declared with {@code timeline.url}),
 * else the setting.
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
   * ({@code APEX_TIMELINE}), else the default file. A URL's password is a registered secret.
   *
   * @throws dev.apex.config.InvalidConfigException naming {@code --db} or the setting, for a value
   *     that is neither a file path nor a {@code postgresql://} URL
   */
  String location() {
    return config()
        .timelineLocation()
        .orElseGet(() -> Timelines.defaultFile(env, System.getProperty("user.home")).toString());
  }

  /**
   * Opens the timeline a command records into, keeping the newest {@code keepScreenshotsOfTasks}
   * tasks' screenshots; the caller closes it.
   */
  Timeline open(int keepScreenshotsOfTasks) {
    return Timelines.open(location(), new TimelineOptions(keepScreenshotsOfTasks, writeTimeout()));
  }

  /**
   * Opens the timeline a reading command reads, which must exist (a file) or answer (a server).
   *
   * @throws dev.apex.core.InvalidInputException in one line saying how to get one
   */
  Timeline openExisting() {
    return Timelines.open(
        Timelines.existing(location()), TimelineOptions.DEFAULTS.withWriteTimeout(writeTimeout()));
  }

  private ApexConfig config() {
    List<String> db = SettingFlags.given(command).getOrDefault(ConfigField.TIMELINE_URL, List.of());
    // With --db given the config file is not read, so a reading command works beside a bad one.
    return db.isEmpty()
        ? SharedOptions.configStore(env).current()
        : ApexConfig.defaults()
            .with(ConfigField.TIMELINE_URL, ConfigField.TIMELINE_URL.fromFlag(db, ""));
  }

  private Duration writeTimeout() {
    try {
      return SharedOptions.configStore(env).current().timelineWriteTimeout();
    } catch (RuntimeException e) {
      // A bad setting elsewhere in the file is reported by the command that needs it.
      return TimelineOptions.DEFAULT_WRITE_TIMEOUT;
    }
  }
}
