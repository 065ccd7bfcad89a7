package dev.apex.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.runtime.safety.OriginRule;
import dev.apex.runtime.safety.SensitiveKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code planner.allowed_urls}: the origins the user allows, beside {@code allowed_apps}. */
class AllowedUrlsConfigTest {

  @TempDir Path home;

  private ApexConfigStore open(Map<String, String> env) {
    return ApexConfigStore.open(home.resolve("config.json"), env);
  }

  @Test
  void originsAreNormalisedAndBecomeThePolicysAllowedOrigins() {
    ApexConfig updated =
        open(Map.of())
            .update(
                ApexConfigStore.parseJson(
                    "{\"planner\": {\"allowed_urls\": [\"HTTPS://Example.com/\","
                        + " \"http://localhost:3000\", \"https://example.com\"]}}"));

    assertThat(updated.planner().allowedUrls())
        .containsExactly("https://example.com", "http://localhost:3000");
    assertThat(updated.safetyPolicy().allowedOrigins())
        .containsExactlyInAnyOrder("https://example.com", "http://localhost:3000");
    assertThat(OriginRule.check(updated.safetyPolicy(), "launch_app", "http://localhost:3000/x"))
        .isEmpty();
    assertThat(open(Map.of()).current()).isEqualTo(updated);
  }

  @Test
  void theEnvironmentGivesThemCommaSeparated() {
    ApexConfigStore store = open(Map.of("APEX_PLANNER_ALLOWED_URLS", " https://a.example , * "));

    assertThat(store.current().planner().allowedUrls()).containsExactly("https://a.example", "*");
    assertThat(store.envOverrides()).contains(ConfigField.PLANNER_ALLOWED_URLS);
  }

  @Test
  void anEntryThatIsNoOriginIsRefusedWithoutEchoingItAndNothingIsWritten() {
    ApexConfigStore store = open(Map.of());

    for (String bad : List.of("file:///etc", "https://u:sekrit-pass@x.example", "example.com")) {
      assertThatThrownBy(
              () ->
                  store.update(
                      ApexConfigStore.parseJson(
                          "{\"planner\": {\"allowed_urls\": [\"" + bad + "\"]}}")))
          .as(bad)
          .isInstanceOf(InvalidConfigException.class)
          .hasMessageStartingWith("planner.allowed_urls must be a list of at most")
          .hasMessageNotContaining("sekrit");
    }
    assertThat(Files.exists(store.file())).isFalse();
  }

  @Test
  void openingAUrlIsNotAKindTheConfigCanAllow() {
    assertThatThrownBy(
            () ->
                open(Map.of())
                    .update(
                        ApexConfigStore.parseJson(
                            "{\"planner\": {\"allowed_actions\": [\"url_open\"]}}")))
        .isInstanceOf(InvalidConfigException.class)
        .hasMessageStartingWith("planner.allowed_actions: unknown action kind url_open")
        .hasMessageNotContaining(
            "known kinds: password_entry, payment, deletion, sending," + " app_launch, url_open");
    assertThat(SensitiveKind.URL_OPEN.code()).isEqualTo("url_open");
  }
}
