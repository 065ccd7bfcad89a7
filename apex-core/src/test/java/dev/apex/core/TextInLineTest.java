package dev.apex.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Issue 28, item 6: a model-controlled string in a printed line is redacted, then bounded. */
class TextInLineTest {

  @Test
  void aMebibyteIsCutToTheBoundAndSaysHowMuchWasLeftOut() {
    // Not x: another test registers a secret of x's, and a run of 12 of them is redacted.
    String huge = "ü".repeat(1 << 20);

    String shown = Text.inLine(huge, Text.IN_LINE_MAX);

    assertThat(shown)
        .isEqualTo(
            "ü".repeat(Text.IN_LINE_MAX)
                + "… ("
                + ((1 << 20) - Text.IN_LINE_MAX)
                + " more characters)");
  }

  @Test
  void aShortStringIsKeptWithLineBreaksMadeSpacesAndControlsEscaped() {
    assertThat(Text.inLine("a\r\nb\nc\u001b[2J\u009b\td", 100))
        .isEqualTo("a b c\\u001b[2J\\u009b\td");
    assertThat(Text.inLine(null, 10)).isEmpty();
    assertThatThrownBy(() -> Text.inLine("x", 0)).hasMessageContaining("max must be at least 1");
  }

  @Test
  void aSecretIsRedactedBeforeTheCutSoNoPartOfItShows() {
    String key = "sk-ant-api03-" + "Zq7".repeat(30);
    String text = "y".repeat(10) + key + " " + "z".repeat(1000);

    String shown = Text.inLine(text, 20);

    assertThat(shown)
        .startsWith("yyyyyyyyyy[redacted]…")
        .doesNotContain("Zq7")
        .doesNotContain("sk-");
  }

  @Test
  void theCutNeverSplitsAnEscapeOrASurrogatePair() {
    assertThat(Text.inLine("abc\u001bdef", 5)).isEqualTo("abc… (4 more characters)");
    assertThat(Text.inLine("ab\uD83D\uDE00cd", 3)).isEqualTo("ab… (4 more characters)");
  }
}
