package dev.apex.perception.xml;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class TextRepairTest {

  private static String doubleEncoded(String text, String charset) {
    return new String(text.getBytes(StandardCharsets.UTF_8), Charset.forName(charset));
  }

  @Test
  void repairsUtf8ReadAsLatin1() {
    assertThat(TextRepair.repair(doubleEncoded("滑动解锁。", "ISO-8859-1"))).isEqualTo("滑动解锁。");
  }

  @Test
  void repairsUtf8ReadAsCp1252() {
    assertThat(TextRepair.repair(doubleEncoded("café – ‘quoted’", "windows-1252")))
        .isEqualTo("café – ‘quoted’");
  }

  @Test
  void leavesCorrectTextAlone() {
    for (String text : new String[] {"", "Wi-Fi", "café", "Ärger", "语言", "56°F", "Â"}) {
      assertThat(TextRepair.repair(text)).isSameAs(text);
    }
    assertThat(TextRepair.repair(null)).isNull();
  }
}
