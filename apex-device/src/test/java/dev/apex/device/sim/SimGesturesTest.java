package dev.apex.device.sim;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.InvalidInputException;
import dev.apex.device.Gestures;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The sim's long press (a widget's onLongPress) and drag (a held swipe). */
class SimGesturesTest {

  private static String tree(SimDevice sim) {
    return new String(sim.capture().tree(), UTF_8);
  }

  /** The centre of the node whose text is {@code text}, from the uiautomator XML. */
  private static int[] centre(String xml, String text) {
    Matcher m =
        Pattern.compile(
                "text=\""
                    + Pattern.quote(text)
                    + "\"[^>]*bounds=\"\\[(\\d+),(\\d+)\\]\\[(\\d+),(\\d+)\\]\"")
            .matcher(xml);
    assertThat(m.find()).as("a node with text " + text).isTrue();
    return new int[] {
      (Integer.parseInt(m.group(1)) + Integer.parseInt(m.group(3))) / 2,
      (Integer.parseInt(m.group(2)) + Integer.parseInt(m.group(4))) / 2
    };
  }

  @Test
  void aLongPressOnNewNoteOpensItsMenuAndIsMarkedLongClickableWhileATapStillOpensTheEditor() {
    try (SimDevice sim = SimDevice.create()) {
      sim.launchApp("com.apex.sim.notes");
      String list = tree(sim);
      assertThat(list).containsPattern("text=\"New note\"[^>]*long-clickable=\"true\"");
      int[] at = centre(list, "New note");
      assertThat(sim.role(Gestures.LongPress.class)).containsSame(sim);

      sim.longPress(at[0], at[1], Duration.ofMillis(800));
      String menu = tree(sim);
      assertThat(menu).contains("Clear all notes").contains("Blank note");

      int[] clear = centre(menu, "Clear all notes");
      sim.tap(clear[0], clear[1]);
      assertThat(tree(sim)).contains("No notes yet").doesNotContain("Buy milk");

      sim.tap(at[0], at[1]);
      assertThat(tree(sim)).contains("Write a note");
    }
  }

  @Test
  void aLongPressOnAWidgetWithoutOneDoesNothingAndABadDurationIsRefused() {
    try (SimDevice sim = SimDevice.create()) {
      sim.launchApp("com.android.settings");
      String before = tree(sim);
      int[] wifi = centre(before, "Wi-Fi");
      sim.longPress(wifi[0], wifi[1], Duration.ofMillis(800));
      assertThat(tree(sim)).contains("Bluetooth").doesNotContain("Networks nearby");
      assertThatThrownBy(() -> sim.longPress(wifi[0], wifi[1], Duration.ZERO))
          .isInstanceOf(InvalidInputException.class)
          .hasMessage("long press must last more than 0 ms, got 0 ms");
    }
  }
}
