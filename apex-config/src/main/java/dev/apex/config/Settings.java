package dev.apex.config;

import dev.apex.device.DeviceLimits;
import dev.apex.llm.SemanticConfig;
import dev.apex.runtime.agent.Agent;
import dev.apex.runtime.agent.AgentBuilder;
import dev.apex.runtime.agent.LabelCacheMode;
import dev.apex.runtime.planner.SafetyPolicy;
import dev.apex.world.WorldConfig;
import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * The effective settings of one command: the config file ({@code $APEX_HOME/config.json}, else
 * {@code ~/.apex/config.json}), then the environment, then flags.
 *
 * @param semantic semantic enrichment (off unless enabled; the key comes from ANTHROPIC_API_KEY and
 *     never from the file)
 * @param world world tracking (on by default)
 * @param maxSteps the step limit of a task
 * @param ocr whether to OCR screenshots when Tesseract is installed
 * @param screenshotRetention how many tasks keep their screenshots in the timeline
 * @param safety what a Claude-planned goal may do without asking (the config's {@code planner}
 *     allow-lists)
 * @param device the bounds of device I/O (the config's {@code device} settings, then {@code
 *     --device-timeout})
 * @param tapSettle how long a tap waits for its element to hold still (the config's {@code
 *     tap.settle_ms})
 * @param labelCache where screen labels are cached (the config's {@code semantic.cache})
 * @param labelCacheTtl how long labels kept across tasks are served (the config's {@code
 *     semantic.cache_ttl_hours})
 */
public record Settings(
    SemanticConfig semantic,
    WorldConfig world,
    int maxSteps,
    boolean ocr,
    int screenshotRetention,
    SafetyPolicy safety,
    DeviceLimits device,
    Duration tapSettle,
    LabelCacheMode labelCache,
    Duration labelCacheTtl) {

  public Settings {
    labelCache = labelCache == null ? LabelCacheMode.DEFAULT : labelCache;
    labelCacheTtl = labelCacheTtl == null ? LabelCacheMode.DEFAULT_TTL : labelCacheTtl;
  }

  /** Settings with the default label cache. */
  public Settings(
      SemanticConfig semantic,
      WorldConfig world,
      int maxSteps,
      boolean ocr,
      int screenshotRetention,
      SafetyPolicy safety,
      DeviceLimits device,
      Duration tapSettle) {
    this(
        semantic,
        world,
        maxSteps,
        ocr,
        screenshotRetention,
        safety,
        device,
        tapSettle,
        LabelCacheMode.DEFAULT,
        LabelCacheMode.DEFAULT_TTL);
  }

  /** Settings with the default device bounds. */
  public Settings(
      SemanticConfig semantic,
      WorldConfig world,
      int maxSteps,
      boolean ocr,
      int screenshotRetention,
      SafetyPolicy safety) {
    this(
        semantic,
        world,
        maxSteps,
        ocr,
        screenshotRetention,
        safety,
        DeviceLimits.DEFAULTS,
        dev.apex.tools.TapTool.DEFAULT_SETTLE);
  }

  /** The settings a config gives, with ANTHROPIC_BASE_URL from {@code env} honoured. */
  public static Settings of(ApexConfig config, Map<String, String> env, boolean ocr) {
    SemanticConfig semantic = config.semanticConfig();
    String baseUrl = env.get("ANTHROPIC_BASE_URL");
    if (baseUrl != null && !baseUrl.isBlank()) {
      semantic = semantic.withBaseUrl(baseUrl);
    }
    return new Settings(
        semantic,
        config.worldConfig(),
        config.maxSteps(),
        ocr,
        config.screenshotRetention(),
        config.safetyPolicy(),
        config.device().limits(),
        config.tap().settle(),
        config.semantic().cache(),
        config.semantic().cacheTtl());
  }

  /** These settings with other device bounds. */
  public Settings withDevice(DeviceLimits value) {
    return new Settings(
        semantic,
        world,
        maxSteps,
        ocr,
        screenshotRetention,
        safety,
        value,
        tapSettle,
        labelCache,
        labelCacheTtl);
  }

  /**
   * The safety policy with {@code moreApps} (from {@code --allow-app}) allowed too: the config's
   * allow-list and the flags together, never one replacing the other.
   */
  public SafetyPolicy safetyWith(Collection<String> moreApps) {
    Set<String> apps = new LinkedHashSet<>(safety.allowedApps());
    apps.addAll(moreApps);
    return safety.withAllowedApps(apps);
  }

  /**
   * {@code limits} with the deadline a {@code --device-timeout} value gives ({@code 500}, {@code
   * 500ms}, {@code 5s}, {@code 2m}; 100 ms to 1 h), or {@code limits} when it is null.
   *
   * @throws dev.apex.core.InvalidInputException naming the flag, for a value out of form or range
   */
  public static DeviceLimits withDeviceTimeout(DeviceLimits limits, String deviceTimeout) {
    if (deviceTimeout == null) {
      return limits;
    }
    return limits.withTimeout(
        DurationOption.parse(
            "--device-timeout", deviceTimeout, Duration.ofMillis(100), Duration.ofHours(1)));
  }

  /** These settings with another step limit. */
  public Settings withMaxSteps(int value) {
    return new Settings(
        semantic,
        world,
        value,
        ocr,
        screenshotRetention,
        safety,
        device,
        tapSettle,
        labelCache,
        labelCacheTtl);
  }

  /**
   * An agent builder with these settings applied: the model connection, whether screens are
   * labelled and how their labels are cached, the step limit, world tracking, the safety policy and
   * the tap settle. The device, OCR engine, listeners and confirmer are the caller's to add; {@link
   * #device()} are the bounds to open it with. With {@link LabelCacheMode#TIMELINE}, a caller that
   * records runs through a listener of its own gives the builder its timeline's label store.
   */
  public AgentBuilder agent() {
    return Agent.builder()
        .model(semantic)
        .labels(semantic.enabled())
        .labelCache(labelCache)
        .labelCacheTtl(labelCacheTtl)
        .maxSteps(maxSteps)
        .world(world)
        .safety(safety)
        .tapSettle(tapSettle)
        .ocr(ocr);
  }
}
