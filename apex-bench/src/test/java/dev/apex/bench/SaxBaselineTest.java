package dev.apex.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class SaxBaselineTest {

  private static final String XML =
      "<?xml version='1.0' encoding='UTF-8'?><hierarchy rotation=\"0\"><node text=\"Wi-Fi\""
          + " bounds=\"[0,0][10,10]\"><node text=\"Off\"/></node></hierarchy>";

  private final SaxBaseline sax = new SaxBaseline();

  @Test
  void readsEveryAttribute() {
    long expected = "rotation0textWi-Fibounds[0,0][10,10]textOff".length();

    assertThat(sax.parse(XML.getBytes(StandardCharsets.UTF_8))).isEqualTo(expected);
  }

  @Test
  void readsUtf16WithABomUnderAUtf8DeclarationLikeUtf8() {
    byte[] body = XML.getBytes(StandardCharsets.UTF_16LE);
    byte[] utf16 =
        ByteBuffer.allocate(body.length + 2).put((byte) 0xFF).put((byte) 0xFE).put(body).array();

    assertThat(sax.parse(utf16)).isEqualTo(sax.parse(XML.getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void stopsAtTheEndOfTheRootSoATrailerIsNotRead() {
    byte[] withTrailer =
        (XML + "UI hierchary dumped to: /dev/tty\n").getBytes(StandardCharsets.UTF_8);

    assertThat(sax.parse(withTrailer)).isEqualTo(sax.parse(XML.getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void parsesEveryRealDump() {
    for (Dump dump : RealDumps.all()) {
      assertThat(sax.parse(dump.bytes())).as(dump.file()).isPositive();
    }
  }

  @Test
  void malformedXmlFailsClearly() {
    assertThatThrownBy(() -> sax.parse("<a><b></a>".getBytes(StandardCharsets.UTF_8)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("cannot parse");
  }
}
