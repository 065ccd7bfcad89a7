package dev.apex.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.Json;
import dev.apex.runtime.safety.SafetyPolicy;
import dev.apex.runtime.safety.SensitiveKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The planner's explicit allow: {@code planner.allowed_apps} and {@code planner.allowed_actions}.
 */
class PlannerAllowConfigTest {

  private static final String CANARY = "sk-ant-canary-4f1d2e";

  @TempDir Path home;

  private ApexConfigStore open(Map<String, String> env) {
    return ApexConfigStore.open(home.resolve("config.json"), env);
  }

  @Test
  void defaultsAllowNothing() {
    ApexConfig config = open(Map.of()).current();

    assertThat(config.planner().allowedApps()).isEmpty();
    assertThat(config.planner().allowedActions()).isEmpty();
    assertThat(config.safetyPolicy().allowedApps()).isEmpty();
    assertThat(config.safetyPolicy().allowedKinds()).isEmpty();
    JsonNode shown = open(Map.of()).publicJson().get("planner");
    assertThat(shown.get("allowed_apps").isArray()).isTrue();
    assertThat(shown.get("allowed_actions")).isEmpty();
  }

  @Test
  void anUpdateIsWrittenReadBackAndBecomesTheSafetyPolicy() throws IOException {
    ApexConfigStore store = open(Map.of());

    ApexConfig updated =
        store.update(
            ApexConfigStore.parseJson(
                "{\"planner\": {\"allowed_apps\": [\"com.android.settings\", \"com.example.notes\","
                    + " \"com.android.settings\"], \"allowed_actions\": [\"SENDING\","
                    + " \"payment\"]}}"));

    assertThat(updated.planner().allowedApps())
        .as("duplicates dropped, order kept")
        .containsExactly("com.android.settings", "com.example.notes");
    assertThat(updated.planner().allowedActions())
        .containsExactly(SensitiveKind.SENDING, SensitiveKind.PAYMENT);
    SafetyPolicy policy = updated.safetyPolicy();
    assertThat(policy.allowedApps())
        .containsExactlyInAnyOrder("com.android.settings", "com.example.notes");
    assertThat(policy.allows(SensitiveKind.SENDING)).isTrue();
    assertThat(policy.allows(SensitiveKind.DELETION)).isFalse();
    assertThat(policy.words()).isEqualTo(SafetyPolicy.DEFAULT_WORDS);

    JsonNode written = Json.mapper().readTree(Files.readString(store.file()));
    assertThat(written.get("planner").get("allowed_actions").toString())
        .isEqualTo("[\"sending\",\"payment\"]");
    assertThat(open(Map.of()).current()).isEqualTo(updated);
  }

  @Test
  void anUnknownKindIsNamedAndNothingIsWritten() {
    ApexConfigStore store = open(Map.of());

    assertThatThrownBy(
            () ->
                store.update(
                    ApexConfigStore.parseJson(
                        "{\"planner\": {\"allowed_actions\": [\"payment\", \"teleport\"]}}")))
        .isInstanceOf(InvalidConfigException.class)
        .hasMessage(
            "planner.allowed_actions: unknown action kind teleport; known kinds: password_entry,"
                + " payment, deletion, sending, app_launch")
        .extracting(e -> ((InvalidConfigException) e).key())
        .isEqualTo("planner.allowed_actions");
    assertThat(Files.exists(store.file())).isFalse();
  }

  @Test
  void listsRejectTheWrongShapeAndBadAppIds() {
    ApexConfigStore store = open(Map.of());
    Stream.of(
            "{\"planner\": {\"allowed_apps\": \"com.android.settings\"}}",
            "{\"planner\": {\"allowed_apps\": [1]}}",
            "{\"planner\": {\"allowed_apps\": [\"has space\"]}}",
            "{\"planner\": {\"allowed_apps\": [\"\"]}}",
            "{\"planner\": {\"allowed_actions\": \"payment\"}}",
            "{\"planner\": {\"allowed_actions\": [true]}}")
        .forEach(
            body ->
                assertThatThrownBy(() -> store.update(ApexConfigStore.parseJson(body)))
                    .as(body)
                    .isInstanceOf(InvalidConfigException.class)
                    .hasMessageStartingWith("planner.allowed_"));
    assertThatThrownBy(
            () -> store.update(ApexConfigStore.parseJson("{\"planner\": {\"allowed\": []}}")))
        .hasMessageStartingWith("unknown config key planner.allowed;");
  }

  @Test
  void theEnvironmentGivesCommaSeparatedListsAndSaysSo() {
    ApexConfigStore store =
        open(
            Map.of(
                "APEX_PLANNER_ALLOWED_APPS", " com.a , com.b,",
                "APEX_PLANNER_ALLOWED_ACTIONS", "app_launch"));

    assertThat(store.current().planner().allowedApps()).containsExactly("com.a", "com.b");
    assertThat(store.current().safetyPolicy().allowedKinds())
        .isEqualTo(Set.of(SensitiveKind.APP_LAUNCH));
    assertThat(store.envOverrides())
        .contains(ConfigField.PLANNER_ALLOWED_APPS, ConfigField.PLANNER_ALLOWED_ACTIONS);
    assertThatThrownBy(() -> open(Map.of("APEX_PLANNER_ALLOWED_ACTIONS", "nope")))
        .hasMessageStartingWith("APEX_PLANNER_ALLOWED_ACTIONS: unknown action kind nope");
  }

  @Test
  void theApiKeyPastedIntoAListIsRefusedAndNeverNamed() {
    ApexConfigStore store = open(Map.of("ANTHROPIC_API_KEY", CANARY));

    assertThatThrownBy(
            () ->
                store.update(
                    ApexConfigStore.parseJson(
                        "{\"planner\": {\"allowed_apps\": [\"" + CANARY + "\"]}}")))
        .hasMessageStartingWith("planner.allowed_apps must not be the API key")
        .hasMessageNotContaining(CANARY);
    assertThatThrownBy(
            () ->
                store.update(
                    ApexConfigStore.parseJson(
                        "{\"planner\": {\"allowed_actions\": [\"" + CANARY + "\"]}}")))
        .hasMessageContaining("unknown action kind (not a kind name)")
        .hasMessageNotContaining(CANARY);
    assertThat(new ApexConfig.Planner(List.of(), List.of()))
        .isEqualTo(ApexConfig.Planner.defaults());
  }
}
