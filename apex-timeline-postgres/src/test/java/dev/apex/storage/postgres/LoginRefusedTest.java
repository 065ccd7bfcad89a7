package dev.apex.storage.postgres;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.testkit.PostgresServer;
import dev.apex.timeline.TimelineOptions;
import dev.apex.timeline.TimelineUnreachableException;
import org.junit.jupiter.api.Test;

/**
 * A server that answers but refuses the login, or has no such database: one line with the server's
 * words and what to do, no password.
 */
class LoginRefusedTest {

  @Test
  void aWrongPasswordSaysWhereThePasswordComesFrom() {
    PostgresServer server = PostgresServer.fromEnvironment();
    PostgresLocation real = PostgresLocation.parse(server.url());
    String url =
        "postgresql://"
            + real.user()
            + ":not-the-password-7f3a@"
            + real.host()
            + ":"
            + real.port()
            + "/"
            + real.database();

    assertThatThrownBy(() -> PostgresTimeline.open(url, TimelineOptions.DEFAULTS))
        .isInstanceOf(TimelineUnreachableException.class)
        .hasMessageContaining("password authentication failed")
        .hasMessageEndingWith(
            "; check the user and its password (in the URL, PGPASSWORD or ~/.pgpass)")
        .hasMessageNotContaining("not-the-password-7f3a")
        .hasMessageNotContaining("\n");
  }

  @Test
  void aMissingDatabaseSaysHowToCreateIt() {
    PostgresServer server = PostgresServer.fromEnvironment();
    String url = server.url("apex_no_such_database");
    String password = url.replaceAll("^postgresql://[^:]+:([^@]+)@.*$", "$1");

    assertThatThrownBy(() -> PostgresTimeline.open(url, TimelineOptions.DEFAULTS))
        .isInstanceOf(TimelineUnreachableException.class)
        .hasMessageContaining("\"apex_no_such_database\" does not exist")
        .hasMessageContaining("; create it (createdb -h HOST -p PORT -U ")
        .hasMessageNotContaining(password)
        .hasMessageNotContaining("\n");
  }
}
