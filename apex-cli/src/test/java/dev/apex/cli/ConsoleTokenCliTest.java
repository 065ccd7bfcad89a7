package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code apex console} with {@code APEX_CONSOLE_TOKEN} or {@code --public-url}: a bad one is one
 * line and exit 2 before anything listens, and the start line names the timeline without a URL's
 * password.
 */
class ConsoleTokenCliTest {

  @TempDir Path home;

  @Test
  void aTooShortTokenIsOneLineAndExit2() {
    String bad = "zq-short-tok-zq";
    Cli.Result result =
        Cli.run(
            Map.of("APEX_HOME", home.toString(), "APEX_CONSOLE_TOKEN", bad),
            "console",
            "--port",
            "0",
            "--db",
            home.resolve("t.db").toString());

    assertThat(result.exit()).isEqualTo(2);
    assertThat(result.errLines()).hasSize(1);
    assertThat(result.err())
        .startsWith("apex: APEX_CONSOLE_TOKEN must be 32 to 512 characters")
        .doesNotContain(bad);
    assertThat(result.out()).doesNotContain("open http");
  }

  @Test
  void aPublicUrlWithAPathIsOneLineAndExit2() {
    Cli.Result result =
        Cli.run(
            Map.of("APEX_HOME", home.toString()),
            "console",
            "--port",
            "0",
            "--public-url",
            "https://apex.team.example/apex",
            "--db",
            home.resolve("t.db").toString());

    assertThat(result.exit()).isEqualTo(2);
    assertThat(result.errLines()).hasSize(1);
    assertThat(result.err()).startsWith("apex: --public-url must be http(s)://HOST[:PORT]");
  }

  @Test
  void theStartLineNeverCarriesATimelineUrlsPassword() {
    String line =
        ConsoleCommand.startLine("postgresql://apex:s3cret-Pa55word@db.internal:5432/apex");

    assertThat(line)
        .isEqualTo("apex console serving postgresql://db.internal:5432/apex")
        .doesNotContain("s3cret-Pa55word");
    assertThat(ConsoleCommand.startLine("/home/me/.apex/timeline.db"))
        .isEqualTo("apex console serving /home/me/.apex/timeline.db");
  }
}
