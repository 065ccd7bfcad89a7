package dev.apex.testkit.adb;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The fake phone's shell must read command lines as {@code sh} does, or it would hide bugs. */
class FakeShellTest {

  @Test
  void splitsWordsAndRemovesQuotesAndBackslashesLikeSh() {
    List<FakeShell.Command> commands =
        FakeShell.parse("input text a\\ b\\;c 'd e' \"f\\\"g\" ; echo x && echo y");

    assertThat(commands)
        .containsExactly(
            new FakeShell.Command(List.of("input", "text", "a b;c", "d e", "f\"g"), false),
            new FakeShell.Command(List.of("echo", "x"), false),
            new FakeShell.Command(List.of("echo", "y"), true));
  }

  @Test
  void andSkipsTheRestAfterAFailureButSemicolonGoesOn() {
    FakePhone phone = new FakePhone("s");

    String out =
        new String(
            FakeShell.run(phone, "cat /nope && echo skipped; echo ran"), StandardCharsets.UTF_8);

    assertThat(out).isEqualTo("cat: /nope: No such file or directory\nran\n");
  }

  @Test
  void uiautomatorExitsZeroOnErrorSoAndDoesNotStopEcho() {
    FakePhone phone = new FakePhone("s").nextDumpFails("ERROR: could not get idle state.");

    String out =
        new String(
            FakeShell.run(phone, "uiautomator dump /data/local/tmp/x.xml && echo success"),
            StandardCharsets.UTF_8);

    assertThat(out).isEqualTo("ERROR: could not get idle state.\nsuccess\n");
  }

  @Test
  void inputTextTurnsPercentSIntoASpaceAsAndroidDoes() {
    assertThat(FakeCommands.decodeInputText("a%sb")).isEqualTo("a b");
    assertThat(FakeCommands.decodeInputText("100%")).isEqualTo("100%");
    assertThat(FakeCommands.decodeInputText("%%s")).isEqualTo("% ");
  }

  @Test
  void theTtyFormPrintsTheTrailerAfterTheDump() {
    FakePhone phone = new FakePhone("s").dump("<hierarchy/>".getBytes(StandardCharsets.UTF_8));

    assertThat(
            new String(FakeShell.run(phone, "uiautomator dump /dev/tty"), StandardCharsets.UTF_8))
        .isEqualTo("<hierarchy/>UI hierchary dumped to: /dev/tty\n");
  }
}
