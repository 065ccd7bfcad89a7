package dev.apex.cli;

import dev.apex.config.ApexConfig;
import dev.apex.config.ConfigField;
import dev.apex.config.InvalidConfigException;
import dev.apex.storage.Timeline;
import dev.apex.storage.Timelines;
import dev.apex.timeline.TimelineOptions;
import java.io.UncheckedIOException;
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
    return location(config());
  }

  private String location(ApexConfig config) {
    return config
        .timelineLocation()
        .orElseGet(() -> Timelines.defaultFile(env, System.getProperty("user.home")).toString());
  }

  /**
   * Opens the timeline a command records into, keeping the newest {@code keepScreenshotsOfTasks}
   * tasks' screenshots; the caller closes it.
   */
  Timeline open(int keepScreenshotsOfTasks) {
    ApexConfig config = config();
    return Timelines.open(
        location(config), new TimelineOptions(keepScreenshotsOfTasks, writeTimeout(config)));
  }

  /**
   * Opens the timeline a reading command reads, which must exist (a file) or answer (a server).
   *
   * @throws dev.apex.core.InvalidInputException in one line saying how to get one
   */
  Timeline openExisting() {
    ApexConfig config = config();
    return Timelines.open(
        Timelines.existing(location(config)),
        TimelineOptions.DEFAULTS.withWriteTimeout(writeTimeout(config)));
  }

  /**
   * The settings, read once: the file and environment, with {@code --db} over them. With {@code
   * --db} given, a config file that does not read leaves the defaults, so a reading command works
   * beside a bad one (the command that needs the bad setting reports it).
   */
  private ApexConfig config() {
    List<String> db = SettingFlags.given(command).getOrDefault(ConfigField.TIMELINE_URL, List.of());
    if (db.isEmpty()) {
      return SharedOptions.configStore(env).current();
    }
    ApexConfig base;
    try {
      base = SharedOptions.configStore(env).current();
    } catch (InvalidConfigException | UncheckedIOException e) {
      base = ApexConfig.defaults();
    }
    return base.with(ConfigField.TIMELINE_URL, ConfigField.TIMELINE_URL.fromFlag(db, ""));
  }

  private static Duration writeTimeout(ApexConfig config) {
    return Duration.ofSeconds(config.integer(ConfigField.TIMELINE_WRITE_TIMEOUT_S));
  }
}
