package dev.apex.runtime.safety;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.InvalidInputException;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The origin rule on a table of URLs: refused outright, asked, or opened. */
class OriginRuleTest {

  private static final SafetyPolicy NONE = SafetyPolicy.defaults();

  private static Optional<SensitiveAction> check(SafetyPolicy policy, String url) {
    return OriginRule.check(policy, "launch_app", url);
  }

  private static SafetyPolicy allowing(String... origins) {
    return NONE.withAllowedOrigins(Set.of(origins));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "file:///etc/passwd | file:",
        "FILE:///etc/passwd | file:",
        "file:/etc/ | file:",
        "data:text/html,<h1>hi</h1> | data:",
        "javascript:alert(1) | javascript:",
        "chrome://settings | chrome:",
        "about:config | about:",
        "view-source:https://example.com | view-source:",
        "blob:https://example.com/1 | blob:",
        "ftp://example.com/ | ftp:",
        "ws://127.0.0.1:9222/devtools | ws:",
      })
  void aSchemeButHttpAndHttpsIsRefusedOutrightNamingIt(String url, String scheme) {
    assertThatThrownBy(() -> check(allowing("*"), url))
        .isInstanceOf(PolicyDenied.class)
        .hasMessageStartingWith("policy_denied: launch_app ")
        .hasMessageContaining("is refused: it is a " + scheme + " URL")
        .hasMessageContaining("only http and https")
        .satisfies(e -> assertThat(((PolicyDenied) e).askable()).isFalse())
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "http:///etc/passwd",
        "http:example.com",
        "http://exa mple.com/",
        "http://127%2e0%2e0%2e1/",
        "http://１２７.０.０.１/",
        "http://1.2.3.4.5/",
        "http://256.1.1.1/",
        "http://0x1g.1/",
        "http://example.com:99999/",
      })
  void anAddressWhoseHostCannotBeReadIsRefusedOutright(String url) {
    assertThatThrownBy(() -> check(allowing("*"), url))
        .isInstanceOf(PolicyDenied.class)
        .hasMessageContaining("is refused: ")
        .satisfies(e -> assertThat(((PolicyDenied) e).askable()).isFalse());
  }

  @Test
  void anEmptyPageOpens() {
    assertThat(check(NONE, "about:blank")).isEmpty();
    assertThat(check(NONE, " ABOUT:BLANK ")).isEmpty();
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "https://example.com/a?b=c | https://example.com",
        "HTTPS://Example.COM:443/ | https://example.com",
        "http://example.com:80 | http://example.com",
        "http://example.com.:8080/x | http://example.com:8080",
        "https://user:pw@example.com/ | https://example.com",
      })
  void anOriginIsComparedInItsNormalForm(String url, String origin) {
    assertThat(WebOrigin.of(url)).hasToString(origin);
    assertThat(check(allowing(origin), url)).isEmpty();
  }

  @ParameterizedTest
  @CsvSource({
    "http://example.com/",
    "https://example.com:8443/",
    "https://a.example.org/",
  })
  void anOriginNotAllowedAsksAndNamesIt(String url) {
    Optional<SensitiveAction> asks = check(allowing("https://example.com"), url);

    assertThat(asks).isPresent();
    assertThat(asks.get().kind()).isEqualTo(SensitiveKind.URL_OPEN);
    assertThat(asks.get().matched()).endsWith("is not an allowed origin");
    assertThat(OriginRule.remedy(asks.get()))
        .contains("--allow-url " + WebOrigin.of(url))
        .contains("planner.allowed_urls");
  }

  @ParameterizedTest
  @CsvSource({
    "http://localhost:3000/",
    "http://LOCALHOST./",
    "http://app.localhost/",
    "http://127.0.0.1/",
    "http://127.1.2.3:8080/",
    "http://2130706433/",
    "http://0x7f.1/",
    "http://0177.0.0.1/",
    "http://0/",
    "http://[::1]/",
    "http://[::]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:7f00:1]/",
    "http://[fd00::1]/",
    "http://[fe80::1]/",
    "http://10.1.2.3/",
    "http://172.16.0.1/",
    "http://172.31.255.255/",
    "http://192.168.1.1/",
    "http://169.254.169.254/latest/meta-data/",
    "http://100.64.0.1/",
    "http://intranet/",
    "http://printer.local/",
    "http://db.internal:5432/",
  })
  void aLocalAddressAsksEvenWhenEveryPublicOriginIsAllowed(String url) {
    Optional<SensitiveAction> asks =
        check(allowing("*", "https://*.localhost", "http://*.internal:5432"), url);

    assertThat(asks).as(url).isPresent();
    assertThat(asks.get().matched()).endsWith("is a local address");
  }

  @Test
  void aLocalAddressOpensWhenTheUserNamedThatExactOrigin() {
    SafetyPolicy policy = allowing("http://localhost:3000/", "http://[::1]:8080");

    assertThat(check(policy, "http://localhost:3000/login")).isEmpty();
    assertThat(check(policy, "http://[::1]:8080/")).isEmpty();
    assertThat(check(policy, "http://localhost:3001/")).isPresent();
    assertThat(check(policy, "https://localhost:3000/")).isPresent();
  }

  @ParameterizedTest
  @CsvSource({
    "http://172.32.0.1/",
    "http://11.0.0.1/",
    "http://93.184.216.34/",
    "http://[2606:4700::1]/",
  })
  void aPublicAddressIsNotLocal(String url) {
    assertThat(check(allowing("*"), url)).as(url).isEmpty();
  }

  @Test
  void aWildcardCoversSubdomainsAtItsSchemeAndPortOnly() {
    SafetyPolicy policy = allowing("https://*.example.com");

    assertThat(check(policy, "https://a.example.com/")).isEmpty();
    assertThat(check(policy, "https://a.b.example.com/")).isEmpty();
    assertThat(check(policy, "https://example.com/")).isPresent();
    assertThat(check(policy, "https://badexample.com/")).isPresent();
    assertThat(check(policy, "http://a.example.com/")).isPresent();
    assertThat(check(policy, "https://a.example.com:8443/")).isPresent();
  }

  @Test
  void aUrlWithAPasswordNeverShowsIt() {
    SensitiveAction asks = check(NONE, "https://ann:hunter2-secret@example.com/x").orElseThrow();

    assertThat(asks.describe()).doesNotContain("hunter2").contains("example.com");
    assertThatThrownBy(() -> check(NONE, "file://ann:hunter2-secret@host/etc/passwd"))
        .hasMessageNotContaining("hunter2");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "https://example.com/ | https://example.com",
        "HTTP://LOCALHOST:8080 | http://localhost:8080",
        "https://*.Example.com | https://*.example.com",
        "* | *",
      })
  void allowListEntriesAreNormalised(String entry, String normal) {
    assertThat(OriginRule.normalise(entry)).isEqualTo(normal);
  }

  @ParameterizedTest
  @CsvSource({
    "example.com",
    "file:///tmp",
    "https://example.com/path",
    "https://u:p@example.com",
    "''",
  })
  void anEntryThatIsNoOriginIsBadInputNamingTheFlag(String entry) {
    assertThatThrownBy(() -> OriginRule.normalise(entry))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("--allow-url '")
        .hasMessageContaining("https://example.com")
        .hasMessageNotContaining("u:p@");
  }

  @Test
  void theUrlKindAsAllowedActionAllowsNothing() {
    SafetyPolicy policy = NONE.withAllowedKinds(Set.of(SensitiveKind.URL_OPEN));

    assertThat(policy.allows(SensitiveKind.URL_OPEN)).isFalse();
  }

  @Test
  void aSelectorsAddressIsItsUrl() {
    assertThat(OriginRule.urlOf("web:file:///etc/passwd")).contains("file:///etc/passwd");
    assertThat(OriginRule.urlOf("webdriver:http://10.0.0.2:4444")).contains("http://10.0.0.2:4444");
    assertThat(OriginRule.urlOf("ios:http://127.0.0.1:8100")).contains("http://127.0.0.1:8100");
    assertThat(OriginRule.urlOf("web")).isEmpty();
    assertThat(OriginRule.urlOf("android:emulator-5554")).isEmpty();
    assertThat(OriginRule.urlOf("sim")).isEmpty();
  }
}
