package dev.apex.device;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.DeviceException;
import dev.apex.core.DeviceText;
import org.junit.jupiter.api.Test;

/**
 * Device text escaped before it becomes a message (core has no test folder; the drivers use it).
 */
class DeviceTextTest {

  @Test
  void controlBytesAndEscapeSequencesBecomeVisibleEscapes() {
    assertThat(DeviceText.escape("a\u001b[31mred\u001b[0m\u0007\u0000\u007f"))
        .isEqualTo("a\\x1b[31mred\\x1b[0m\\x07\\x00\\x7f");
    assertThat(DeviceText.escape("line\nnext\r\tend")).isEqualTo("line\\nnext\\r\\tend");
    assertThat(DeviceText.escape("c1 \u009b2J")).isEqualTo("c1 \\u009b2J");
    assertThat(DeviceText.escape("evil\u202egnp.exe")).isEqualTo("evil\\u202egnp.exe");
  }

  @Test
  void printableUnicodeIsKeptAndEscapingTwiceChangesNothing() {
    String text = "Wi-Fi · Réseaux 無線 ✓ 👍 C:\\path";
    assertThat(DeviceText.escape(text)).isSameAs(text);
    String once = DeviceText.escape("x\u001by");
    assertThat(DeviceText.escape(once)).isEqualTo(once);
  }

  @Test
  void anExcerptIsEscapedThenCut() {
    assertThat(DeviceText.excerpt("\u001b" + "a".repeat(50), 10)).isEqualTo("\\x1baaaaa…");
    assertThat(DeviceText.excerpt("short", 10)).isEqualTo("short");
    assertThat(DeviceText.escape(null)).isEqualTo("null");
  }

  @Test
  void anExcerptIsRedactedBeforeItIsCut() {
    String secret = "pw-" + java.util.UUID.randomUUID().toString().replace("-", "");
    dev.apex.core.Secrets.register(secret);
    // Cut in the middle of the secret: its first half must not survive the cut.
    String excerpt = DeviceText.excerpt("server said: " + secret + " and more", 30);

    assertThat(excerpt).contains(dev.apex.core.Secrets.MASK);
    for (int i = 0; i + 12 <= secret.length(); i++) {
      assertThat(excerpt).doesNotContain(secret.substring(i, i + 12));
    }
  }

  @Test
  void aDeviceExceptionNeverCarriesARawControlByte() {
    DeviceException e = new DeviceException("android:x", "said \u001b]0;title\u0007");
    assertThat(e.getMessage()).isEqualTo("android:x: said \\x1b]0;title\\x07");
  }
}
