package dev.apex.device.android;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.InvalidInputException;
import dev.apex.device.Key;
import org.junit.jupiter.api.Test;

class AndroidCommandsTest {

  @Test
  void buildsTheInputCommandsAsTheNotesGiveThem() {
    assertThat(AndroidCommands.tap(540, 1200)).isEqualTo("input tap 540 1200");
    assertThat(AndroidCommands.swipe(500, 1500, 500, 300, 250))
        .isEqualTo("input swipe 500 1500 500 300 250");
    assertThat(AndroidCommands.keyEvent(Key.HOME)).isEqualTo("input keyevent 3");
    assertThat(AndroidCommands.keyEvent(Key.BACK)).isEqualTo("input keyevent 4");
    assertThat(AndroidCommands.keyEvent(Key.ENTER)).isEqualTo("input keyevent 66");
  }

  @Test
  void textUsesPercentSForSpacesAndEscapesShellCharacters() {
    assertThat(AndroidCommands.text("hello world")).isEqualTo("input text hello%sworld");
    assertThat(AndroidCommands.text("a&b;c|d$(e)'f\"g"))
        .isEqualTo("input text a\\&b\\;c\\|d\\$\\(e\\)\\'f\\\"g");
    assertThat(AndroidCommands.text("-+[]{}\\^*.,:~"))
        .isEqualTo("input text \\-\\+\\[\\]\\{\\}\\\\\\^\\*\\.\\,\\:\\~");
  }

  @Test
  void aLiteralPercentSIsTypedInTwoCommandsSoInputDoesNotTurnItIntoASpace() {
    assertThat(AndroidCommands.text("100%sure")).isEqualTo("input text 100\\% && input text sure");
  }

  @Test
  void rejectsTextInputTextWouldTypeWrong() {
    assertThatThrownBy(() -> AndroidCommands.text("café"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("'é' (U+00E9)")
        .hasMessageContaining("index 3")
        .hasMessageContaining("ASCII");
    assertThatThrownBy(() -> AndroidCommands.text("line\nbreak"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("control character U+000A");
    assertThatThrownBy(() -> AndroidCommands.text("你好")).isInstanceOf(InvalidInputException.class);
  }

  @Test
  void launchCommandsTakeOnlyPackageAndActivityNames() {
    assertThat(AndroidCommands.monkey("com.android.settings"))
        .isEqualTo("monkey -p com.android.settings -c android.intent.category.LAUNCHER 1");
    assertThat(AndroidCommands.amStart("com.android.settings/.Settings"))
        .isEqualTo("am start -n com.android.settings/.Settings");
    assertThat(AndroidCommands.forceStop("com.example.app"))
        .isEqualTo("am force-stop com.example.app");
    assertThatThrownBy(() -> AndroidCommands.monkey("com.evil; reboot"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("com.evil; reboot");
    assertThatThrownBy(() -> AndroidCommands.amStart("com.x/.A $(reboot)"))
        .isInstanceOf(InvalidInputException.class);
  }

  @Test
  void rejectsNegativeCoordinates() {
    assertThatThrownBy(() -> AndroidCommands.tap(-1, 5))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("x");
  }
}
