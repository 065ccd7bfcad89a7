package dev.apex.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A deployed console's token comes from its settings ({@code APEX_CONSOLE_TOKEN}): the same at
 * every start, so a team's bookmarks and scripts keep working; a short or malformed one is refused
 * in one line that does not repeat it.
 */
class ConsoleTokenTest {

  private static final String TEAM_TOKEN = "kV3xN9pQ_t7Lm2Rw8YcB4hJd6FsGa1Ue-team";

  @RegisterExtension final LogCapture logs = new LogCapture();
  @TempDir Path home;

  @Test
  void aGivenTokenIsTheSameAtEveryStartAndOpensTheApi() {
    String first;
    try (TestConsole console = TestConsole.start(home, b -> b.token(TEAM_TOKEN))) {
      first = console.server.token();
      assertThat(console.get("/api/status").statusCode()).isEqualTo(200);
    }
    try (TestConsole again = TestConsole.start(home.resolve("again"), b -> b.token(TEAM_TOKEN))) {
      assertThat(again.server.token()).isEqualTo(first).isEqualTo(TEAM_TOKEN);
      assertThat(again.server.url().toString()).endsWith("/?token=" + TEAM_TOKEN);
      HttpResponse<String> wrong =
          again.send(
              HttpRequest.newBuilder(again.uri("/api/status"))
                  .header("Authorization", "Bearer " + TEAM_TOKEN + "x"));
      assertThat(wrong.statusCode()).isEqualTo(401);
    }
    assertThat(logs.text()).doesNotContain(TEAM_TOKEN);
  }

  @Test
  void aShortOrMalformedTokenIsRefusedWithoutRepeatingIt() {
    for (String bad :
        new String[] {
          "short-token",
          "has spaces in it and is long enough ok",
          "x".repeat(513),
          "plus+and/slash=base64-is-not-url-safe0"
        }) {
      assertThatThrownBy(() -> TestConsole.start(home.resolve("bad"), b -> b.token(bad)))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith("APEX_CONSOLE_TOKEN must be 32 to 512 characters")
          .hasMessageContaining("openssl rand -hex 32")
          .hasMessageNotContaining(bad)
          .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }
  }

  @Test
  void theOptionsNeverShowTheToken() {
    try (TestConsole console = TestConsole.start(home, b -> b)) {
      ConsoleOptions options =
          ConsoleOptions.builder(console.timeline, console.config).token(TEAM_TOKEN).build();
      assertThat(options.toString()).doesNotContain(TEAM_TOKEN).contains("token=set");
    }
  }
}
