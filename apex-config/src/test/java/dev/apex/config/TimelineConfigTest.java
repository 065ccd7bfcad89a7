package dev.apex.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.Secrets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code timeline.url} names a file or a PostgreSQL server; the server's password is a secret that
 * never reaches the config file or the settings shown; {@code timeline.write_timeout} bounds a
 * write's wait for it.
 */
class TimelineConfigTest {

  private static final String URL = "postgresql://apex:tl-pass-98765@db.example:5432/apex";

  @TempDir Path home;

  private ApexConfigStore open(Map<String, String> env) {
    return ApexConfigStore.open(home.resolve("config.json"), env);
  }

  @Test
  void aPostgresqlUrlFromTheEnvironmentIsTheLocationItsPasswordASecretNeverShownOrWritten()
      throws Exception {
    ApexConfigStore store = open(Map.of("APEX_TIMELINE", URL));

    assertThat(store.current().timelineLocation()).contains(URL);
    assertThat(store.current().timelineFile()).isEmpty();
    assertThat(Secrets.redact("login " + URL)).doesNotContain("tl-pass-98765");
    assertThat(store.publicJson().toString())
        .contains("postgresql://apex@db.example:5432/apex")
        .doesNotContain("tl-pass-98765");
    store.update(ApexConfigStore.parseJson("{\"max_steps\": 7}"));
    assertThat(Files.readString(home.resolve("config.json"))).doesNotContain("tl-pass-98765");
  }

  @Test
  void theConfigFileTakesAUrlWithoutAPasswordOnly() throws Exception {
    ApexConfigStore store = open(Map.of());

    assertThatThrownBy(
            () ->
                store.update(
                    ApexConfigStore.parseJson("{\"timeline\": {\"url\": \"" + URL + "\"}}")))
        .isInstanceOf(InvalidConfigException.class)
        .hasMessage(
            "timeline.url in the config file takes no password: put it in PGPASSWORD or"
                + " ~/.pgpass")
        .hasMessageNotContaining("tl-pass-98765");
    assertThat(home.resolve("config.json")).doesNotExist();

    store.update(
        ApexConfigStore.parseJson(
            "{\"timeline\": {\"url\": \"postgresql://apex@db.example:5432/apex\"}}"));
    assertThat(store.current().timelineLocation())
        .contains("postgresql://apex@db.example:5432/apex");
  }

  @Test
  void anotherSchemeOrAMalformedUrlIsRefusedWithoutEchoingIt() {
    assertThatThrownBy(() -> ConfigField.TIMELINE_URL.fromText("--db", "mysql://u:p@h/x"))
        .isInstanceOf(InvalidConfigException.class)
        .hasMessage("--db must be a file path or a postgresql:// URL, not a mysql:// URL");
    assertThatThrownBy(
            () -> ConfigField.TIMELINE_URL.fromText("--db", "postgresql://u:sekret-777@host"))
        .isInstanceOf(InvalidConfigException.class)
        .hasMessageNotContaining("sekret-777")
        .hasMessageContaining("postgresql://USER[:PASSWORD]@HOST:PORT/DBNAME");
    assertThat(ConfigField.TIMELINE_URL.fromText("--db", "/tmp/t.db")).isEqualTo("/tmp/t.db");
  }

  @Test
  void theWriteTimeoutIsAMinuteUnlessSaid() {
    assertThat(open(Map.of()).current().integer(ConfigField.TIMELINE_WRITE_TIMEOUT_S))
        .isEqualTo(60);
    assertThat(
            open(Map.of("APEX_TIMELINE_WRITE_TIMEOUT", "5"))
                .current()
                .integer(ConfigField.TIMELINE_WRITE_TIMEOUT_S))
        .isEqualTo(5);
    assertThatThrownBy(() -> open(Map.of("APEX_TIMELINE_WRITE_TIMEOUT", "0")))
        .isInstanceOf(InvalidConfigException.class);
  }
}
