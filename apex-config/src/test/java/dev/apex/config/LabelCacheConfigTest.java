package dev.apex.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.runtime.observe.LabelCacheMode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code semantic.cache} and {@code semantic.cache_ttl_hours}: where screen labels are cached. */
class LabelCacheConfigTest {

  @TempDir Path home;

  private ApexConfigStore open(Map<String, String> env) {
    return ApexConfigStore.open(home.resolve("config.json"), env);
  }

  @Test
  void defaultsToTheTaskCacheAndSevenDaysAndIsWrittenToTheFile() {
    ApexConfigStore store = open(Map.of());

    assertThat(store.current().semantic().cache()).isEqualTo(LabelCacheMode.TASK);
    assertThat(store.current().semantic().cacheTtl()).isEqualTo(Duration.ofDays(7));
    assertThat(store.publicJson().at("/semantic/cache").asText()).isEqualTo("task");
    assertThat(store.publicJson().at("/semantic/cache_ttl_hours").asInt()).isEqualTo(168);
    Settings settings = Settings.of(store.current(), Map.of(), false);
    assertThat(settings.labelCache()).isEqualTo(LabelCacheMode.TASK);
    assertThat(settings.labelCacheTtl()).isEqualTo(Duration.ofHours(168));
  }

  @Test
  void theFileThenTheEnvironmentSetThemAndTheSettingsCarryThem() throws IOException {
    Files.writeString(
        home.resolve("config.json"),
        "{\"semantic\": {\"cache\": \"timeline\", \"cache_ttl_hours\": 24}}");
    ApexConfig fromFile = open(Map.of()).current();
    assertThat(fromFile.semantic().cache()).isEqualTo(LabelCacheMode.TIMELINE);
    assertThat(fromFile.semantic().cacheTtl()).isEqualTo(Duration.ofHours(24));

    ApexConfigStore store =
        open(Map.of("APEX_SEMANTIC_CACHE", " OFF ", "APEX_SEMANTIC_CACHE_TTL_HOURS", "2"));
    assertThat(store.current().semantic().cache()).isEqualTo(LabelCacheMode.OFF);
    assertThat(store.current().semantic().cacheTtl()).isEqualTo(Duration.ofHours(2));
    assertThat(store.publicJson().at("/env_overrides/semantic.cache").asText())
        .isEqualTo("APEX_SEMANTIC_CACHE");
    Settings settings = Settings.of(store.current(), Map.of(), false);
    assertThat(settings.labelCache()).isEqualTo(LabelCacheMode.OFF);
    assertThat(settings.with(ConfigField.MAX_STEPS, 3).labelCacheTtl())
        .isEqualTo(Duration.ofHours(2));
  }

  @Test
  void anUpdateSetsThem() {
    ApexConfigStore store = open(Map.of());
    store.update(ApexConfigStore.parseJson("{\"semantic\": {\"cache\": \"timeline\"}}"));
    assertThat(open(Map.of()).current().semantic().cache()).isEqualTo(LabelCacheMode.TIMELINE);
  }

  @Test
  void badValuesAreRefusedInOneLineNamingTheKeyOrVariableAndTheChoices() {
    assertThatThrownBy(
            () ->
                ConfigJson.parse(
                    ApexConfigStore.parseJson("{\"semantic\": {\"cache\": \"forever\"}}")))
        .isInstanceOf(InvalidConfigException.class)
        .hasMessage("semantic.cache must be one of off, task, timeline");
    assertThatThrownBy(
            () -> ConfigJson.parse(ApexConfigStore.parseJson("{\"semantic\": {\"cache\": true}}")))
        .hasMessage("semantic.cache must be one of off, task, timeline");
    assertThatThrownBy(
            () ->
                ConfigJson.parse(
                    ApexConfigStore.parseJson("{\"semantic\": {\"cache_ttl_hours\": 0}}")))
        .hasMessage("semantic.cache_ttl_hours must be an integer in [1, 8760]");
    assertThatThrownBy(() -> open(Map.of("APEX_SEMANTIC_CACHE", "disk")).current())
        .isInstanceOf(InvalidConfigException.class)
        .hasMessage("APEX_SEMANTIC_CACHE must be one of off, task, timeline");
    assertThatThrownBy(() -> open(Map.of("APEX_SEMANTIC_CACHE_TTL_HOURS", "7d")).current())
        .hasMessage("APEX_SEMANTIC_CACHE_TTL_HOURS must be an integer in [1, 8760]");
  }
}
