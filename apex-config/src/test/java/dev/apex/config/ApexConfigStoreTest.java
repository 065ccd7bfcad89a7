package dev.apex.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ApexConfigStoreTest {

  private static final String CANARY = "sk-ant-canary-4f1d2e";

  @TempDir Path home;

  private Path file() {
    return home.resolve("config.json");
  }

  private ApexConfigStore open(Map<String, String> env) {
    return ApexConfigStore.open(file(), env);
  }

  @Test
  void defaultsWhenThereIsNoFile() {
    ApexConfig config = open(Map.of()).current();

    assertThat(config).isEqualTo(ApexConfig.defaults());
    assertThat(config.semantic().enabled()).isFalse();
    assertThat(config.world().enabled()).isTrue();
    assertThat(config.maxSteps()).isEqualTo(20);
    assertThat(Files.exists(file())).isFalse();
  }

  @Test
  void convertsToTheEnrichersAndTheWorldsOwnSettings() {
    ApexConfig config =
        open(Map.of(
                "APEX_SEMANTIC_ENABLED", "true",
                "APEX_SEMANTIC_TIMEOUT_MS", "2500",
                "APEX_WORLD_HISTORY_SIZE", "4",
                "ANTHROPIC_API_KEY", CANARY))
            .current();

    assertThat(config.semanticConfig().enabled()).isTrue();
    assertThat(config.semanticConfig().timeout()).isEqualTo(Duration.ofMillis(2500));
    assertThat(config.semanticConfig().apiKey()).isEqualTo(CANARY);
    assertThat(config.semanticConfig().model()).isEqualTo(ApexConfig.Semantic.DEFAULT_MODEL);
    assertThat(config.worldConfig().historySize()).isEqualTo(4);
    assertThat(config.worldConfig().enabled()).isTrue();
  }

  @Test
  void defaultFileIsUnderApexHomeElseUnderTheUsersHome() {
    assertThat(ApexConfigStore.defaultFile(Map.of("APEX_HOME", "/srv/apex"), "/home/u"))
        .isEqualTo(Path.of("/srv/apex/config.json"));
    assertThat(ApexConfigStore.defaultFile(Map.of("APEX_HOME", " "), "/home/u"))
        .isEqualTo(Path.of("/home/u/.apex/config.json"));
  }

  @Test
  void readsTheFileAndLeavesOutFieldsAtTheirDefaults() throws IOException {
    Files.writeString(
        file(), "{\"semantic\": {\"model\": \"claude-sonnet-4-5\"}, \"max_steps\": 7}");

    ApexConfig config = open(Map.of()).current();

    assertThat(config.semantic().model()).isEqualTo("claude-sonnet-4-5");
    assertThat(config.maxSteps()).isEqualTo(7);
    assertThat(config.semantic().timeout()).isEqualTo(Duration.ofSeconds(10));
  }

  @Test
  void environmentOverridesTheFileAndSaysSo() throws IOException {
    Files.writeString(file(), "{\"max_steps\": 7, \"world\": {\"enabled\": true}}");
    ApexConfigStore store =
        open(
            Map.of("APEX_MAX_STEPS", "42", "APEX_WORLD_ENABLED", "off", "APEX_SEMANTIC_MODEL", ""));

    assertThat(store.current().maxSteps()).isEqualTo(42);
    assertThat(store.current().world().enabled()).isFalse();
    assertThat(store.envOverrides())
        .containsExactlyInAnyOrder(ConfigField.MAX_STEPS, ConfigField.WORLD_ENABLED);
    assertThat(store.publicJson().get("env_overrides").get("max_steps").asText())
        .isEqualTo("APEX_MAX_STEPS");
  }

  @Test
  void badEnvironmentValueNamesTheVariableNotTheValue() {
    assertThatThrownBy(() -> open(Map.of("APEX_SEMANTIC_MAX_RETRIES", "9")))
        .isInstanceOf(InvalidConfigException.class)
        .hasMessage("APEX_SEMANTIC_MAX_RETRIES must be an integer in [0, 5]");
    assertThatThrownBy(() -> open(Map.of("APEX_SEMANTIC_ENABLED", CANARY)))
        .hasMessageContaining("APEX_SEMANTIC_ENABLED")
        .hasMessageNotContaining(CANARY);
  }

  @Test
  void badFileNamesTheFileAndTheKey() throws IOException {
    Files.writeString(file(), "{\"world\": {\"history_sise\": 3}}");

    assertThatThrownBy(() -> open(Map.of()))
        .isInstanceOf(InvalidConfigException.class)
        .hasMessageContaining(file().toString())
        .hasMessageContaining("unknown config key world.history_sise")
        .extracting(e -> ((InvalidConfigException) e).key())
        .isEqualTo("world.history_sise");
  }

  @Test
  void everyFieldRejectsTheWrongTypeAndOutOfRangeValues() {
    ApexConfigStore store = open(Map.of());
    Stream.of(
            "{\"semantic\": {\"enabled\": \"true\"}}",
            "{\"semantic\": {\"model\": \"\"}}",
            "{\"semantic\": {\"model\": \"has space\"}}",
            "{\"semantic\": {\"timeout_ms\": 99}}",
            "{\"semantic\": {\"timeout_ms\": 1.5}}",
            "{\"semantic\": {\"max_retries\": 6}}",
            "{\"world\": {\"enabled\": 1}}",
            "{\"world\": {\"history_size\": 0}}",
            "{\"max_steps\": \"20\"}",
            "{\"max_steps\": 1001}",
            "{\"screenshot_retention\": -1}",
            "{\"screenshot_retention\": 99999999999}")
        .forEach(
            body -> {
              JsonNode json = ApexConfigStore.parseJson(body);
              String key = keyOf(json);
              assertThatThrownBy(() -> store.update(json))
                  .as(body)
                  .isInstanceOf(InvalidConfigException.class)
                  .hasMessageStartingWith(key + " must be ")
                  .extracting(e -> ((InvalidConfigException) e).key())
                  .isEqualTo(key);
            });
    assertThat(Files.exists(file())).isFalse();
  }

  private static String keyOf(JsonNode json) {
    String top = json.fieldNames().next();
    JsonNode value = json.get(top);
    return value.isObject() ? top + "." + value.fieldNames().next() : top;
  }

  @Test
  void groupsMustBeObjectsAndTheBodyAnObject() {
    ApexConfigStore store = open(Map.of());

    assertThatThrownBy(() -> store.update(ApexConfigStore.parseJson("{\"semantic\": true}")))
        .hasMessage("semantic must be a JSON object");
    assertThatThrownBy(() -> store.update(ApexConfigStore.parseJson("[1]")))
        .hasMessage("settings must be a JSON object");
    assertThatThrownBy(() -> ApexConfigStore.parseJson("{\"max_steps\": 1, \"max_steps\": 2}"))
        .isInstanceOf(InvalidConfigException.class);
    assertThatThrownBy(() -> ApexConfigStore.parseJson("{\"max_steps\": " + CANARY + "}"))
        .isInstanceOf(InvalidConfigException.class)
        .hasMessageContaining("not valid JSON")
        .hasMessageNotContaining(CANARY);
  }

  @Test
  void theApiKeyCannotBeSetAndIsNeverShown() throws IOException {
    ApexConfigStore store = open(Map.of("ANTHROPIC_API_KEY", CANARY));

    assertThat(store.current().anthropicApiKey()).isEqualTo(CANARY);
    assertThat(store.current().toString()).doesNotContain(CANARY).contains("<set>");
    assertThat(Json.write(store.publicJson())).doesNotContain(CANARY);
    assertThat(store.publicJson().get("anthropic_api_key").asText()).isEqualTo("set");
    assertThatThrownBy(
            () ->
                store.update(
                    ApexConfigStore.parseJson("{\"anthropic_api_key\": \"" + CANARY + "\"}")))
        .isInstanceOf(InvalidConfigException.class)
        .hasMessageContaining("ANTHROPIC_API_KEY")
        .hasMessageNotContaining(CANARY);

    assertThatThrownBy(
            () ->
                store.update(
                    ApexConfigStore.parseJson("{\"semantic\": {\"model\": \"" + CANARY + "\"}}")))
        .isInstanceOf(InvalidConfigException.class)
        .hasMessage("semantic.model must not be the API key; the key belongs in ANTHROPIC_API_KEY");

    store.update(ApexConfigStore.parseJson("{\"max_steps\": 5}"));
    assertThat(Files.readString(file())).doesNotContain(CANARY).doesNotContain("api_key");
    assertThat(open(Map.of()).publicJson().get("anthropic_api_key").asText()).isEqualTo("unset");
  }

  @Test
  void updateWritesTheWholeFileAtomicallyAndReturnsTheEffectiveSettings() throws IOException {
    ApexConfigStore store = open(Map.of("APEX_MAX_STEPS", "3"));

    ApexConfig updated =
        store.update(
            ApexConfigStore.parseJson(
                "{\"semantic\": {\"enabled\": true, \"timeout_ms\": 2500}, \"max_steps\": 9}"));

    assertThat(updated.semantic().enabled()).isTrue();
    assertThat(updated.semantic().timeout()).isEqualTo(Duration.ofMillis(2500));
    assertThat(updated.maxSteps()).as("the environment still decides").isEqualTo(3);
    JsonNode written = Json.mapper().readTree(Files.readString(file()));
    assertThat(written.get("max_steps").asInt()).isEqualTo(9);
    assertThat(written.get("world").get("history_size").asInt()).isEqualTo(10);
    try (Stream<Path> files = Files.list(home)) {
      assertThat(files).as("no temp file left behind").containsExactly(file());
    }
    assertThat(open(Map.of()).current().semantic().timeout()).isEqualTo(Duration.ofMillis(2500));
  }

  @Test
  void anInvalidUpdateWritesNothing() throws IOException {
    Files.writeString(file(), "{\"max_steps\": 7}");
    ApexConfigStore store = open(Map.of());

    assertThatThrownBy(
            () -> store.update(ApexConfigStore.parseJson("{\"max_steps\": 8, \"nope\": 1}")))
        .hasMessageStartingWith("unknown config key nope; known keys: semantic.enabled");

    assertThat(Files.readString(file())).isEqualTo("{\"max_steps\": 7}");
    assertThat(store.current().maxSteps()).isEqualTo(7);
  }

  @Test
  void picksUpAFileChangedByAnotherProcessAndKeepsTheOldSettingsWhenItIsBroken()
      throws IOException {
    ApexConfigStore store = open(Map.of());
    ApexConfigStore other = open(Map.of());

    other.update(ApexConfigStore.parseJson("{\"max_steps\": 11}"));
    assertThat(store.current().maxSteps()).isEqualTo(11);

    Files.writeString(file(), "{\"max_steps\": \"many\", \"padding\": \"to change the size\"}");
    assertThat(store.current().maxSteps()).isEqualTo(11);
  }
}
