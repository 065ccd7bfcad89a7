package dev.apex.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.config.ApexConfig;
import dev.apex.config.ConfigField;
import dev.apex.config.InvalidConfigException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Where the extension's options come from: a JUnit parameter, then the environment, then defaults.
 */
class ApexOptionsTest {

  @Test
  void theSimAndTheTimelineUnderApexHomeByDefault() {
    ApexOptions options = ApexOptions.read(name -> Optional.empty(), Map.of("APEX_HOME", "/h"));
    assertThat(options.selector()).isEqualTo("sim");
    assertThat(options.timeline()).contains(Path.of("/h/timeline.db").toString());
    assertThat(options.ocr()).isTrue();
    assertThat(options.vars()).isEmpty();
  }

  @Test
  void aVarsFileComesFromTheParameterOrTheEnvironment() {
    assertThat(ApexOptions.read(name -> Optional.empty(), Map.of("APEX_VARS", "/e.vars")).vars())
        .contains(Path.of("/e.vars"));
    assertThat(
            ApexOptions.read(
                    name -> Optional.ofNullable(Map.of("apex.vars", "/p.vars").get(name)),
                    Map.of("APEX_VARS", "/e.vars"))
                .vars())
        .contains(Path.of("/p.vars"));
  }

  @Test
  void theEnvironmentNamesTheDeviceAndNoTimeline() {
    ApexOptions options =
        ApexOptions.read(
            name -> Optional.empty(),
            Map.of(
                "APEX_DEVICE",
                "android:emulator-5554",
                "APEX_TIMELINE",
                "none",
                "APEX_OCR",
                "false"));
    assertThat(options.selector()).isEqualTo("android:emulator-5554");
    assertThat(options.timeline()).isEmpty();
    assertThat(options.ocr()).isFalse();
  }

  @Test
  void aParameterOrSystemPropertyWinsOverTheEnvironment() {
    Map<String, String> parameters = Map.of("apex.device", "ios", "apex.timeline", "/t/x.db");
    ApexOptions options =
        ApexOptions.read(
            name -> Optional.ofNullable(parameters.get(name)),
            Map.of("APEX_DEVICE", "android", "APEX_TIMELINE", "none"));
    assertThat(options.selector()).isEqualTo("ios");
    assertThat(options.timeline()).contains(Path.of("/t/x.db").toString());
  }

  @Test
  void theConfigsTimelineUrlNamesTheTimelineWhenNoParameterOrVariableDoes() {
    ApexConfig config = ApexConfig.defaults().with(ConfigField.TIMELINE_URL, "/c/from-config.db");

    assertThat(ApexOptions.read(name -> Optional.empty(), Map.of(), config).timeline())
        .contains(Path.of("/c/from-config.db").toString());
    assertThat(
            ApexOptions.read(
                    name -> Optional.ofNullable(Map.of("apex.timeline", "/p.db").get(name)),
                    Map.of(),
                    config)
                .timeline())
        .contains(Path.of("/p.db").toString());
    assertThat(
            ApexOptions.read(name -> Optional.empty(), Map.of("APEX_TIMELINE", "none"), config)
                .timeline())
        .isEmpty();
  }

  @Test
  void aPostgresqlUrlNamesAServerTimelineAndAMalformedOneIsRefusedNamingTheParameter() {
    String url = "postgresql://apex:junit-pw-1234@db.example:5432/apex";
    assertThat(
            ApexOptions.read(
                    name -> Optional.ofNullable(Map.of("apex.timeline", url).get(name)), Map.of())
                .timeline())
        .contains(url);
    assertThatThrownBy(
            () ->
                ApexOptions.read(
                    name ->
                        Optional.ofNullable(
                            Map.of("apex.timeline", "postgresql://db.example/apex").get(name)),
                    Map.of()))
        .isInstanceOf(InvalidConfigException.class)
        .hasMessage(
            "apex.timeline must be postgresql://USER[:PASSWORD]@HOST:PORT/DBNAME (or a SQLite file"
                + " path)");
  }

  @Test
  void anOcrValueThatIsNotABooleanIsRefusedNamingTheSetting() {
    assertThatThrownBy(() -> ApexOptions.read(name -> Optional.empty(), Map.of("APEX_OCR", "yes")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("apex.ocr / APEX_OCR must be true or false, got 'yes'");
  }
}
