package dev.apex.storage.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.InvalidInputException;
import dev.apex.core.Secrets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A PostgreSQL timeline's URL, and where its password comes from. */
class PostgresLocationTest {

  @TempDir Path dir;

  @Test
  void readsEveryPartAndNamesTheTimelineWithoutUserInfo() {
    PostgresLocation at =
        PostgresLocation.parse("postgresql://apex:p%40ss-word-1@db.example:6543/runs");

    assertThat(at.user()).isEqualTo("apex");
    assertThat(at.password()).isEqualTo("p@ss-word-1");
    assertThat(at.host()).isEqualTo("db.example");
    assertThat(at.port()).isEqualTo(6543);
    assertThat(at.database()).isEqualTo("runs");
    assertThat(at.jdbcUrl()).isEqualTo("jdbc:postgresql://db.example:6543/runs");
    assertThat(at).hasToString("postgresql://db.example:6543/runs");
    assertThat(Secrets.redact("it was p@ss-word-1")).doesNotContain("p@ss-word-1");
    assertThat(PostgresLocation.parse("postgres://apex@[::1]/runs").port()).isEqualTo(5432);
  }

  @Test
  void aMalformedUrlShowsTheFormAndNeverThePassword() {
    assertThatThrownBy(() -> PostgresLocation.parse("postgresql://apex:hush-hush-42@db.example"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("a PostgreSQL timeline is postgresql://USER[:PASSWORD]@HOST:PORT/")
        .hasMessageNotContaining("hush-hush-42");
  }

  @Test
  void thePasswordIsTheUrlsElsePgpasswordElseThePasswordFile() throws Exception {
    PostgresLocation with = PostgresLocation.parse("postgresql://apex:in-url-pw@h:5432/d");
    PostgresLocation without = PostgresLocation.parse("postgresql://apex@pgpass-host:5433/d");
    Path pgpass = dir.resolve("pgpass");
    Files.writeString(
        pgpass, "other:5433:d:apex:wrong-one\npgpass-host:5433:d:apex:from-file-pw\n");
    String before = System.getProperty("org.postgresql.pgpassfile");
    System.setProperty("org.postgresql.pgpassfile", pgpass.toString());
    try {
      assertThat(with.password(Map.of("PGPASSWORD", "from-env-pw"))).contains("in-url-pw");
      assertThat(without.password(Map.of("PGPASSWORD", "from-env-pw"))).contains("from-env-pw");
      assertThat(without.password(Map.of())).contains("from-file-pw");
      assertThat(Secrets.redact("x from-file-pw y")).doesNotContain("from-file-pw");
    } finally {
      if (before == null) {
        System.clearProperty("org.postgresql.pgpassfile");
      } else {
        System.setProperty("org.postgresql.pgpassfile", before);
      }
    }
  }
}
