package dev.apex.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 28, item 3: the one escaping of C0 and C1 controls in everything apex writes, on the
 * redacting stream and writer every line passes through.
 */
class TerminalTextTest {

  /** OSC 52 (writes the clipboard), CSI 2J (clears the screen), BEL, a bare CR and 8-bit CSI. */
  static final String HOSTILE = "a\u001b]52;c;SGVsbG8=\u0007b\u001b[2Jc\u0007d\re\u009bf";

  static final String HOSTILE_ESCAPED =
      "a\\u001b]52;c;SGVsbG8=\\u0007b\\u001b[2Jc\\u0007d\\re\\u009bf";

  @Test
  void everyC0ControlButTabAndLineFeedDelAndEveryC1ControlIsEscaped() {
    for (char c = 0; c < 0xa0; c++) {
      String escaped = TerminalText.escapeControls("<" + c + ">");
      boolean kept = c == '\t' || c == '\n' || (c >= 0x20 && c < 0x7f);
      if (kept) {
        assertThat(escaped).as("U+%04X", (int) c).isEqualTo("<" + c + ">");
      } else {
        String code = c == '\r' ? "\\r" : String.format("\\u%04x", (int) c);
        assertThat(escaped).as("U+%04X", (int) c).isEqualTo("<" + code + ">");
      }
    }
  }

  @Test
  void theHostileSequencesBecomeVisibleTextAndEscapingTwiceChangesNothing() {
    assertThat(TerminalText.escapeControls(HOSTILE)).isEqualTo(HOSTILE_ESCAPED);
    assertThat(TerminalText.escapeControls(HOSTILE_ESCAPED)).isEqualTo(HOSTILE_ESCAPED);
    assertThat(TerminalText.escapeControls("é ✓ 日本 \\n tab\there\r\nnext"))
        .as("printable text of any script, backslashes, TAB and a CRLF line end are kept")
        .isEqualTo("é ✓ 日本 \\n tab\there\r\nnext");
    assertThat(TerminalText.escapeControls(null)).isNull();
  }

  @Test
  void theRedactingStreamEscapesEveryLineAfterRedactingIt() {
    String key = "sk-ant-api03-" + "Q".repeat(40);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream stream =
        RedactingStream.wrap(new PrintStream(bytes, true, StandardCharsets.UTF_8), UTF8);
    stream.println("page: " + HOSTILE + " " + key);
    stream.print("prompt\u001b[2J");
    stream.flush();

    assertThat(bytes.toString(StandardCharsets.UTF_8))
        .isEqualTo("page: " + HOSTILE_ESCAPED + " [redacted]\nprompt\\u001b[2J");
    assertNoControlBytes(bytes.toByteArray());
  }

  @Test
  void theRedactingWriterEscapesEveryLineAfterRedactingIt() {
    StringWriter chars = new StringWriter();
    PrintWriter writer = RedactingWriter.wrap(chars);
    writer.println("step: " + HOSTILE);
    writer.print("\u0085\u001b");
    writer.flush();

    assertThat(chars.toString())
        .isEqualTo("step: " + HOSTILE_ESCAPED + System.lineSeparator() + "\\u0085\\u001b");
  }

  private static final Charset UTF8 = StandardCharsets.UTF_8;

  @Test
  void noRawC1ByteLeavesTheStreamWhateverItsCharset() throws Exception {
    // A lone 0x9B (8-bit CSI), and U+009B as UTF-8 (C2 9B), written as bytes.
    byte[] hostile = {'a', (byte) 0x9b, '[', '2', 'J', (byte) 0xc2, (byte) 0x9b, 'b', '\n'};
    Map<Charset, String> expected =
        Map.of(
            UTF8,
            "a\ufffd[2J\\u009bb\n",
            StandardCharsets.US_ASCII,
            "a?[2J??b\n",
            StandardCharsets.ISO_8859_1,
            "a\\u009b[2J\u00c2\\u009bb\n");
    for (Charset charset : List.of(UTF8, StandardCharsets.US_ASCII, StandardCharsets.ISO_8859_1)) {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      PrintStream stream = RedactingStream.wrap(new PrintStream(bytes, true, charset), charset);
      stream.write(hostile, 0, hostile.length);
      stream.print("U+009B as text: \u009b, ESC: \u001b\n");
      stream.flush();

      String shown = new String(bytes.toByteArray(), charset);
      assertThat(shown).as(charset.name()).startsWith(expected.get(charset));
      assertThat(shown)
          .as(charset.name())
          .endsWith(
              charset == StandardCharsets.US_ASCII
                  ? "?, ESC: \\u001b\n"
                  : "\\u009b, ESC: \\u001b\n");
      if (charset.equals(UTF8)) {
        // Well-formed UTF-8 (so no lone 0x9B) without U+009B (so no C2 9B).
        assertThat(strictUtf8(bytes.toByteArray())).doesNotContain("\u009b");
      } else {
        assertNoByte(bytes.toByteArray(), 0x9b, charset);
      }
      assertNoControlBytes(bytes.toByteArray());
    }
  }

  @Test
  void aCharacterWhoseBytesStraddleACutIsDecodedWholeAndAC1ControlSplitByAFlushIsEscaped() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream stream = RedactingStream.wrap(new PrintStream(bytes, true, UTF8), UTF8);
    // A JSON-RPC line longer than the cut, its é's two bytes on either side of it.
    String longLine = "a".repeat(RedactingStream.MAX_LINE - 1) + "é\n";
    byte[] encoded = longLine.getBytes(UTF8);
    stream.write(encoded, 0, encoded.length);
    stream.write(0xc2);
    stream.flush();
    stream.write(0x9b);
    stream.print("[2J\n");
    stream.flush();

    assertThat(bytes.toString(UTF8)).isEqualTo(longLine + "\\u009b[2J\n");
    assertNoControlBytes(bytes.toByteArray());
  }

  @Test
  void jsonThroughTheStreamStaysJsonThatDecodesToTheSameText() throws Exception {
    String text = HOSTILE + " \u0085\u007f tab\t";
    String json = Json.write(Map.of("text", text));
    assertThat(json).as("Jackson writes C1 and DEL raw").contains("\u009b");
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream stream = RedactingStream.wrap(new PrintStream(bytes, true, UTF8), UTF8);
    stream.println(json);
    stream.flush();
    StringWriter chars = new StringWriter();
    PrintWriter writer = RedactingWriter.wrap(chars);
    writer.println(json);
    writer.flush();

    for (String printed : List.of(bytes.toString(UTF8), chars.toString())) {
      assertThat(printed).doesNotContain("\u009b").doesNotContain("\u001b");
      assertThat(Json.mapper().readTree(printed).get("text").asText()).isEqualTo(text);
    }
  }

  private static String strictUtf8(byte[] bytes) throws CharacterCodingException {
    return UTF8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
  }

  private static void assertNoControlBytes(byte[] bytes) {
    for (byte b : bytes) {
      assertThat(b == '\n' || b == '\t' || (b & 0xff) >= 0x20 && b != 0x7f)
          .as("byte 0x%02x", b & 0xff)
          .isTrue();
    }
  }

  private static void assertNoByte(byte[] bytes, int value, Charset charset) {
    for (byte b : bytes) {
      assertThat(b & 0xff).as("a raw byte in %s", charset.name()).isNotEqualTo(value);
    }
  }
}
