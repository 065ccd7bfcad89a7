package dev.apex.cli;

import dev.apex.config.ApexConfig;
import dev.apex.config.ApexConfigStore;
import dev.apex.config.ConfigField;
import dev.apex.config.Settings;
import dev.apex.core.InvalidInputException;
import dev.apex.device.DeviceLimits;
import dev.apex.device.DeviceOptions;
import dev.apex.llm.SemanticConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * Options that {@code run} and {@code describe} share: semantic labels, OCR, devices. Options that
 * apply to tasks only ({@code --max-steps}, {@code --db}) are {@code run}'s own, so {@code describe
 * --help} does not offer them.
 */
final class SharedOptions {

  @Option(names = "--semantic", descriptionKey = "semantic.enabled")
  boolean semantic;

  @Option(names = "--model", paramLabel = "MODEL", descriptionKey = "semantic.model")
  String model;

  @Option(names = "--provider", paramLabel = "NAME", descriptionKey = "llm.provider")
  String provider;

  @Option(names = "--base-url", paramLabel = "URL", descriptionKey = "llm.openai_base_url")
  String baseUrl;

  @Option(
      names = "--semantic-timeout",
      paramLabel = "SECONDS",
      descriptionKey = "semantic.timeout_ms")
  Double semanticTimeout;

  @Option(names = "--semantic-retries", paramLabel = "N", descriptionKey = "semantic.max_retries")
  Integer semanticRetries;

  @Option(names = "--no-ocr", description = "Do not OCR screenshots, even with Tesseract.")
  boolean noOcr;

  @Option(names = "--adb", paramLabel = "HOST:PORT", descriptionKey = "device.adb_server")
  String adb;

  @Option(
      names = "--capabilities",
      paramLabel = "FILE",
      description = "W3C capabilities (JSON) for webdriver:ENDPOINT devices.")
  Path capabilities;

  @Option(names = "--device-timeout", paramLabel = "MS", descriptionKey = "device.timeout_ms")
  String deviceTimeout;

  /** The environment settings come from; the process's unless a test gives another. */
  Map<String, String> env = System.getenv();

  /**
   * How this command opens its device: {@code --adb}, else the config's {@code device.adb_server}
   * (else the driver's default); {@code --capabilities}; {@code limits} (the settings' bounds, with
   * {@code --device-timeout} applied).
   */
  DeviceOptions deviceOptions(DeviceLimits limits) {
    String server =
        adb != null && !adb.isBlank() ? adb : configStore(env).current().device().adbServer();
    return new DeviceOptions(server, capabilities, limits, env);
  }

  /** Whether exported trace spans may carry payloads ({@code traces.payloads}), redacted. */
  boolean tracesPayloads() {
    return configStore(env).current().tracesPayloads();
  }

  /** The settings with no step limit of the command's own (describe runs no task). */
  Settings settings() {
    return settings(null);
  }

  /**
   * The settings of this command.
   *
   * @param maxSteps the command's {@code --max-steps}, or null for the config's
   */
  Settings settings(Integer maxSteps) {
    ApexConfig config = configStore(env).current();
    if (provider != null) {
      String name = provider.strip().toLowerCase(java.util.Locale.ROOT);
      if (!ConfigField.PROVIDERS.contains(name)) {
        throw new InvalidInputException(
            "--provider must be one of " + String.join(", ", ConfigField.PROVIDERS));
      }
      config = config.withLlm(config.llm().withProvider(name));
    }
    Settings base = Settings.of(config, env, !noOcr);
    SemanticConfig semanticConfig = base.semantic();
    if (baseUrl != null) {
      String url = baseUrl.strip();
      if (!url.startsWith("http://") && !url.startsWith("https://")) {
        throw new InvalidInputException(
            "--base-url must be an http:// or https:// URL, e.g. http://localhost:11434/v1");
      }
      semanticConfig = semanticConfig.withBaseUrl(url);
    }
    if (semantic) {
      semanticConfig = semanticConfig.withEnabled(true);
    }
    if (model != null) {
      semanticConfig = semanticConfig.withModel(model);
    }
    if (semanticTimeout != null) {
      if (semanticTimeout <= 0) {
        throw new InvalidInputException(
            "--semantic-timeout must be positive, got " + semanticTimeout);
      }
      semanticConfig =
          semanticConfig.withTimeout(Duration.ofMillis((long) (semanticTimeout * 1000)));
    }
    if (semanticRetries != null) {
      if (semanticRetries < 0) {
        throw new InvalidInputException(
            "--semantic-retries must be 0 or more, got " + semanticRetries);
      }
      semanticConfig = semanticConfig.withMaxRetries(semanticRetries);
    }
    int steps = maxSteps == null ? base.maxSteps() : maxSteps;
    if (steps < 1) {
      throw new InvalidInputException("--max-steps must be at least 1, got " + steps);
    }
    Settings settings =
        base.withModels(semanticConfig, base.plannerModel())
            .withDevice(Settings.withDeviceTimeout(base.device(), deviceTimeout))
            .withMaxSteps(steps);
    settings.requireLabelModel();
    return settings;
  }

  /** The config file this environment names ($APEX_HOME/config.json, else ~/.apex/config.json). */
  static ApexConfigStore configStore(Map<String, String> env) {
    return ApexConfigStore.open(
        ApexConfigStore.defaultFile(env, System.getProperty("user.home")), env);
  }
}
