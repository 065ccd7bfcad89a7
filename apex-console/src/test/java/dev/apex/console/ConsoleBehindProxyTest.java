package dev.apex.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A console a team shares, behind its reverse proxy at {@code https://apex.team.example}: the
 * browser names the proxy as Host and Origin, and those are accepted; every other name still gets
 * 403, as does the public host under another scheme or port.
 */
class ConsoleBehindProxyTest {

  private static final String PUBLIC = "https://apex.team.example";

  @TempDir Path home;
  private TestConsole console;

  @BeforeEach
  void start() {
    console =
        TestConsole.start(
            home,
            b -> b.launcher(SimLauncher.free()).publicUrl(ConsoleOptions.publicUrl(PUBLIC + "/")));
  }

  @AfterEach
  void stop() {
    console.close();
  }

  private int status(String host, String origin) {
    HttpRequest.Builder request = console.request("/api/status").header("Host", host);
    if (origin != null) {
      request.header("Origin", origin);
    }
    return console.send(request).statusCode();
  }

  @Test
  void theProxysHostAndOriginAreOursAndNothingElseIs() {
    assertThat(status("apex.team.example", PUBLIC)).isEqualTo(200);
    assertThat(status("APEX.team.example:443", PUBLIC + ":443")).isEqualTo(200);
    assertThat(status("127.0.0.1:" + console.server.port(), null)).isEqualTo(200);

    assertThat(status("apex.team.example", "http://apex.team.example")).isEqualTo(403);
    assertThat(status("apex.team.example", "https://apex.team.example:8443")).isEqualTo(403);
    assertThat(status("apex.team.example", "https://evil.example")).isEqualTo(403);
    assertThat(status("apex.team.example:8443", null)).isEqualTo(403);
    assertThat(status("apex.team.example.evil.example", null)).isEqualTo(403);
    assertThat(status("evil.example", PUBLIC)).isEqualTo(403);
  }

  @Test
  void theUrlToOpenIsThePublicOneAndTheCookieIsSecure() {
    assertThat(console.server.url().toString())
        .isEqualTo(PUBLIC + "/?token=" + console.server.token());
    HttpResponse<String> exchange =
        console.send(
            HttpRequest.newBuilder(console.uri("/?token=" + console.server.token()))
                .header("Host", "apex.team.example")
                .header("Origin", PUBLIC));

    assertThat(exchange.statusCode()).isEqualTo(303);
    assertThat(exchange.headers().firstValue("Set-Cookie").orElseThrow())
        .contains("HttpOnly")
        .contains("SameSite=Strict")
        .contains("Secure");
  }

  @Test
  void aPublicUrlWithAPathUserOrOtherSchemeIsRefusedInOneLine() {
    for (String bad :
        new String[] {
          "https://apex.team.example/apex",
          "ftp://apex.team.example",
          "apex.team.example",
          "https://user:pw-secret@apex.team.example",
          "https://apex.team.example/?a=b"
        }) {
      assertThatThrownBy(() -> ConsoleOptions.publicUrl(bad))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith("--public-url must be http(s)://HOST[:PORT] with no path")
          .hasMessageNotContaining("pw-secret");
    }
    assertThat(ConsoleOptions.publicUrl("HTTPS://Apex.Team.Example:8443"))
        .isEqualTo(URI.create("https://Apex.Team.Example:8443"));
  }
}
