package dev.apex.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.security.SecureRandom;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SecretsTest {

  private static final String PREFIX = "sk-ant-api03-";
  private static final String ALPHABET =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  private static final SecureRandom RANDOM = new SecureRandom();

  /** A key of {@code length} characters, random after the shared {@code sk-ant-api03-}. */
  static String key(int length) {
    StringBuilder key = new StringBuilder(PREFIX);
    while (key.length() < length) {
      key.append(ALPHABET.charAt(RANDOM.nextInt(ALPHABET.length())));
    }
    return key.toString();
  }

  /** How many 12-character runs of the key (beyond the shared prefix) {@code text} holds. */
  static int leaks(String text, String key) {
    int count = 0;
    for (int i = 0; i + 12 <= key.length(); i++) {
      if (i + 12 <= PREFIX.length()) {
        continue;
      }
      if (text.toLowerCase().contains(key.substring(i, i + 12).toLowerCase())) {
        count++;
      }
    }
    return count;
  }

  @ParameterizedTest
  @ValueSource(ints = {18, 108, 200})
  void aRegisteredKeyIsGoneWholeCutOrChangedInCase(int length) {
    String key = key(length);
    Secrets.register(key);
    String body = "{\"error\":{\"message\":\"invalid x-api-key " + key + " for this gateway\"}}";
    String cutHead = "upstream: " + key.substring(0, length - 3) + "…";
    String cutTail = "…" + key.substring(length - 14) + " was refused";
    String shouted = "KEY " + key.toUpperCase() + " REFUSED";

    for (String text : new String[] {body, cutHead, cutTail, shouted}) {
      String redacted = Secrets.redact(text);
      assertThat(leaks(redacted, key)).as(redacted).isZero();
      assertThat(redacted).contains(Secrets.MASK);
    }
    assertThat(Secrets.redact(body))
        .startsWith("{\"error\":{\"message\":\"invalid x-api-key ")
        .endsWith(" for this gateway\"}}");
  }

  @Test
  void cuttingAfterRedactingLeavesNoPartOfAKey() {
    String key = key(108);
    Secrets.register(key);
    String message = "HTTP 401 authentication_error: the key " + key + " is not valid here";
    for (int max = 20; max < message.length(); max += 7) {
      assertThat(leaks(Text.oneLine(message, max), key)).isZero();
    }
  }

  @Test
  void keyShapesAreRemovedWithoutRegistering() {
    String anthropic = key(60);
    String openAi = "sk-proj-" + key(60).substring(PREFIX.length());
    assertThat(Secrets.redact("key " + anthropic + " refused")).isEqualTo("key [redacted] refused");
    assertThat(Secrets.redact("key=" + openAi)).isEqualTo("key=[redacted]");
    assertThat(Secrets.redact("x-api-key: abcdefgh12345678\nnext"))
        .isEqualTo("x-api-key: [redacted]\nnext");
    assertThat(Secrets.redact("{\"Authorization\":\"Bearer tok_1234567890\"}"))
        .isEqualTo("{\"Authorization\":\"Bearer [redacted]\"}");
  }

  @Test
  void urlCredentialsAreRemovedAndTheirPasswordRegistered() {
    String url = "webdriver:https://alice:p%40ssw0rd-9f8e7d6c@hub.example:4444/wd/hub";
    assertThat(Secrets.withoutUserInfo(url)).isEqualTo("webdriver:https://hub.example:4444/wd/hub");
    assertThat(Secrets.redact("cannot reach " + url))
        .isEqualTo("cannot reach webdriver:https://[redacted]@hub.example:4444/wd/hub");
    Secrets.registerUserInfo(url);
    assertThat(Secrets.redact("the hub said: bad password p@ssw0rd-9f8e7d6c"))
        .isEqualTo("the hub said: bad password [redacted]");
  }

  @Test
  void environmentKeysAreRegisteredByName() {
    String key = "sk-other-" + key(40).substring(PREFIX.length());
    Secrets.registerFromEnv(Map.of("OPENAI_API_KEY", key, "HOME", "/home/someone-long-enough"));
    assertThat(Secrets.redact("echo " + key.substring(5, 30))).isEqualTo("echo [redacted]");
    assertThat(Secrets.redact("/home/someone-long-enough")).isEqualTo("/home/someone-long-enough");
  }

  @Test
  void theStreamsRedactWholeLinesEvenWhenASecretIsPrintedInParts() {
    String key = key(108);
    Secrets.register(key);
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    java.io.PrintStream stream = RedactingStream.wrap(new java.io.PrintStream(bytes, true));
    stream.print("WARN upstream said " + key.substring(0, 50));
    stream.println(key.substring(50) + " was refused");
    java.io.StringWriter chars = new java.io.StringWriter();
    java.io.PrintWriter writer = RedactingWriter.wrap(chars);
    writer.print("apex: " + key.substring(0, 30));
    writer.print(key.substring(30));
    writer.flush();

    assertThat(bytes.toString()).isEqualTo("WARN upstream said [redacted] was refused\n");
    assertThat(chars.toString()).isEqualTo("apex: [redacted]");
  }

  @Test
  void aSecretInsideJsonIsRedactedEscapesAndAllAndTheJsonStillParses() throws Exception {
    String password = "pa\"ss\\wo\"rd";
    Secrets.register(password);
    String longer = "x\\y-0123456789-" + key(40).substring(PREFIX.length());
    Secrets.register(longer);
    String json =
        Json.write(java.util.Map.of("text", password, "other", "a " + longer + "\" z", "n", 1));

    String redacted = Secrets.redact(json);

    assertThat(redacted).doesNotContain("ss\\\\wo").doesNotContain(longer.substring(3, 15));
    com.fasterxml.jackson.databind.JsonNode node = Json.mapper().readTree(redacted);
    assertThat(node.get("text").asText()).isEqualTo(Secrets.MASK);
    assertThat(node.get("other").asText()).isEqualTo("a " + Secrets.MASK + "\" z");
  }

  @Test
  void ordinaryTextAndShortValuesStayAsTheyAre() {
    Secrets.register("short");
    String text = "Wi-Fi | On; type a short password; ANTHROPIC_API_KEY: unset";
    assertThat(Secrets.redact(text)).isEqualTo(text);
    assertThat(Secrets.redact(null)).isNull();
    assertThat(Text.oneLine(null, 10)).isEmpty();
    assertThat(Text.oneLine("a\n  b   c", 10)).isEqualTo("a b c");
    assertThat(Text.oneLine("abcdefghijk", 5)).isEqualTo("abcd…");
  }
}
