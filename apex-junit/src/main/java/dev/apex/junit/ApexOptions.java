package dev.apex.junit;

import dev.apex.config.ApexConfig;
import dev.apex.config.ConfigField;
import dev.apex.storage.Timelines;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * What the extension reads besides the config file: each from a JUnit configuration parameter (or,
 * through JUnit, the system property of the same name, e.g. {@code -Dapex.device=android}), else
 * the environment variable, else the default.
 *
 * @param selector the device: {@code apex.device} / {@code APEX_DEVICE}, default {@code sim}
 * @param timeline where the timeline is, or empty for none: {@code apex.timeline} / {@code
 *     APEX_TIMELINE} ({@code none}, a file or a {@code postgresql://} URL: the setting {@code
 *     timeline.url}), else the config file's {@code timeline.url}, default {@code
 *     $APEX_HOME/timeline.db}
 * @param ocr whether to OCR screenshots when Tesseract is installed: {@code apex.ocr} / {@code
 *     APEX_OCR}, default true
 * @param vars a file of {@code NAME=VALUE} lines (as {@code apex run --vars FILE}) that fills the
 *     {@code ${NAME}}s of the flows a test runs: {@code apex.vars} / {@code APEX_VARS}, default
 *     none (nothing else of the environment fills a flow)
 */
record ApexOptions(String selector, Optional<String> timeline, boolean ocr, Optional<Path> vars) {

  static final String DEVICE = "apex.device";
  static final String TIMELINE = ConfigField.TIMELINE_URL.parameter().orElseThrow();
  private static final ConfigField URL = ConfigField.TIMELINE_URL;
  static final String OCR = "apex.ocr";
  static final String VARS = "apex.vars";
  static final String NONE = "none";

  /**
   * @param parameters JUnit's configuration parameters (which fall back to system properties)
   */
  static ApexOptions read(Function<String, Optional<String>> parameters, Map<String, String> env) {
    return read(parameters, env, ApexConfig.defaults());
  }

  /**
   * @param parameters JUnit's configuration parameters (which fall back to system properties)
   * @param config the settings of the config file and the environment, whose {@code timeline.url}
   *     names the timeline when neither {@code apex.timeline} nor {@code APEX_TIMELINE} does
   */
  static ApexOptions read(
      Function<String, Optional<String>> parameters, Map<String, String> env, ApexConfig config) {
    Function<String, Optional<String>> lookup =
        name ->
            parameters
                .apply(name)
                .or(() -> Optional.ofNullable(env.get(envName(name))))
                .map(String::trim)
                .filter(v -> !v.isEmpty());
    String selector = lookup.apply(DEVICE).orElse("sim");
    Optional<String> named = lookup.apply(TIMELINE);
    Optional<String> timeline =
        named.filter(v -> v.equalsIgnoreCase(NONE)).isPresent()
            ? Optional.empty()
            : Optional.of(
                named
                    .map(v -> config.with(URL, URL.fromText(TIMELINE, v)))
                    .orElse(config)
                    .timelineLocation()
                    .orElseGet(
                        () ->
                            Timelines.defaultFile(env, System.getProperty("user.home"))
                                .toString()));
    String ocr = lookup.apply(OCR).orElse("true").toLowerCase(Locale.ROOT);
    if (!ocr.equals("true") && !ocr.equals("false")) {
      throw new IllegalArgumentException(
          OCR + " / " + envName(OCR) + " must be true or false, got '" + ocr + "'");
    }
    return new ApexOptions(
        selector, timeline, ocr.equals("true"), lookup.apply(VARS).map(Path::of));
  }

  /** The device selector for the resource lock, read before any test runs. */
  static String selectorFromSystem() {
    return read(name -> Optional.ofNullable(System.getProperty(name)), System.getenv()).selector();
  }

  /** {@code apex.device} → {@code APEX_DEVICE}. */
  static String envName(String parameter) {
    return parameter.replace('.', '_').toUpperCase(Locale.ROOT);
  }
}
