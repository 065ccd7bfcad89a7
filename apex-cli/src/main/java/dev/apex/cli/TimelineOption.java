package dev.apex.cli;

import dev.apex.config.ApexConfig;
import dev.apex.config.ConfigField;
import dev.apex.storage.Timelines;
import java.nio.file.Path;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * {@code --db}, the flag of {@code timeline.url}: where the commands that record or read tasks find
 * the timeline.
 */
final class TimelineOption {

  @Option(names = "--db", paramLabel = "FILE", descriptionKey = "timeline.url")
  String db;

  /** The environment settings come from; the process's unless a test gives another. */
  Map<String, String> env = System.getenv();

  /**
   * The timeline a command records into: {@code --db}, else the settings' {@code timeline.url}
   * ({@code APEX_TIMELINE}), else the default file.
   *
   * @throws dev.apex.config.InvalidConfigException naming {@code --db} or the setting, for a value
   *     that is not a file path (a {@code postgresql://} URL is not supported yet)
   */
  Path file() {
    // With --db given the config file is not read, so a reading command works beside a bad one.
    ApexConfig config =
        db != null
            ? ApexConfig.defaults()
                .with(ConfigField.TIMELINE_URL, ConfigField.TIMELINE_URL.fromText("--db", db))
            : SharedOptions.configStore(env).current();
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
