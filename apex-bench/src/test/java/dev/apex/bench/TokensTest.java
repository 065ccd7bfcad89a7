package dev.apex.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class TokensTest {

  private static byte[] withBom(byte[] bom, byte[] body) {
    return ByteBuffer.allocate(bom.length + body.length).put(bom).put(body).array();
  }

  @Test
  void decodesByTheByteOrderMarkAndDropsIt() {
    String xml = "<hierarchy><node text=\"Wi‑Fi\"/></hierarchy>";

    assertThat(
            Tokens.text(
                withBom(
                    new byte[] {(byte) 0xFF, (byte) 0xFE},
                    xml.getBytes(StandardCharsets.UTF_16LE))))
        .isEqualTo(xml);
    assertThat(
            Tokens.text(
                withBom(
                    new byte[] {(byte) 0xFE, (byte) 0xFF},
                    xml.getBytes(StandardCharsets.UTF_16BE))))
        .isEqualTo(xml);
    assertThat(
            Tokens.text(
                withBom(
                    new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF},
                    xml.getBytes(StandardCharsets.UTF_8))))
        .isEqualTo(xml);
    assertThat(Tokens.text(xml.getBytes(StandardCharsets.UTF_8))).isEqualTo(xml);
  }

  @Test
  void countsCl100kTokens() {
    assertThat(Tokens.count("")).isZero();
    assertThat(Tokens.count("hello world")).isEqualTo(2);
    // A special-token marker is ordinary text here, not a reason to fail.
    assertThat(Tokens.count("<|endoftext|>")).isGreaterThan(1);
  }
}
