package dev.apex.world;

import static dev.apex.world.Scenes.HEIGHT;
import static dev.apex.world.Scenes.WIDTH;
import static dev.apex.world.Scenes.inbox;
import static dev.apex.world.Scenes.login;
import static dev.apex.world.Scenes.tree;
import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.Bounds;
import dev.apex.core.ElementFlag;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.core.Source;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ScreenSignatureTest {

  @Test
  void isSixteenLowercaseHexDigits() {
    assertThat(ScreenSignature.of(inbox("9:41", "3", 4))).matches("[0-9a-f]{16}");
    assertThat(ScreenSignature.of(new Scene(0, 0, List.of()))).matches("[0-9a-f]{16}");
  }

  @Test
  void aClockAndACounterChangingLeaveTheSignatureAlone() {
    Scene before = inbox("9:59", "3", 4);
    Scene after = inbox("10:00", "12", 4);

    assertThat(ScreenSignature.of(after)).isEqualTo(ScreenSignature.of(before));
  }

  @Test
  void aTextThatGrowsByAFewCharactersStaysInItsCell() {
    SceneElement narrow = tree("text", "com.mail:id/unread", new Bounds(960, 120, 1040, 200), "3");
    SceneElement wide = tree("text", "com.mail:id/unread", new Bounds(930, 120, 1040, 200), "128");

    assertThat(ScreenSignature.of(new Scene(WIDTH, HEIGHT, List.of(wide))))
        .isEqualTo(ScreenSignature.of(new Scene(WIDTH, HEIGHT, List.of(narrow))));
  }

  @Test
  void differentScreensDiffer() {
    assertThat(ScreenSignature.of(login("9:41")))
        .isNotEqualTo(ScreenSignature.of(inbox("9:41", "3", 4)));
  }

  @Test
  void aListThatGainedARowDiffers() {
    assertThat(ScreenSignature.of(inbox("9:41", "3", 5)))
        .isNotEqualTo(ScreenSignature.of(inbox("9:41", "3", 4)));
  }

  @Test
  void aResourceIdOrATypeChangingDiffers() {
    Bounds b = new Bounds(40, 940, 1040, 1060);
    String button = sig(tree("button", "com.mail:id/sign_in", b, ""));

    assertThat(sig(tree("button", "com.mail:id/sign_up", b, ""))).isNotEqualTo(button);
    assertThat(sig(tree("text", "com.mail:id/sign_in", b, ""))).isNotEqualTo(button);
  }

  @Test
  void anElementMovingToAnotherPartOfTheScreenDiffers() {
    String top = sig(tree("button", "ok", new Bounds(40, 100, 240, 200), ""));
    String bottom = sig(tree("button", "ok", new Bounds(40, 2200, 240, 2300), ""));

    assertThat(bottom).isNotEqualTo(top);
  }

  @Test
  void fieldBoundariesAreNotAmbiguous() {
    Bounds b = new Bounds(0, 0, 100, 100);

    assertThat(sig(tree("ab", "", b, ""))).isNotEqualTo(sig(tree("a", "b", b, "")));
  }

  @Test
  void stateFlagsAndOcrOnlyElementsAreNotStructure() {
    Scene plain = inbox("9:41", "3", 2);
    List<SceneElement> changed = new ArrayList<>(plain.elements());
    changed.set(
        5, Scenes.withFlags(changed.get(5), Set.of(ElementFlag.FOCUSED, ElementFlag.CHECKED)));
    changed.add(
        new SceneElement("ocr-1", "text", new Bounds(500, 30, 600, 60), "5G", 0.8, Source.OCR));

    assertThat(ScreenSignature.of(new Scene(WIDTH, HEIGHT, changed)))
        .isEqualTo(ScreenSignature.of(plain));
  }

  @Test
  void aSceneWithoutAScreenSizeStillHashesItsLayout() {
    SceneElement a = tree("button", "ok", new Bounds(0, 0, 100, 100), "");
    SceneElement b = tree("button", "ok", new Bounds(0, 1000, 100, 1100), "");

    assertThat(ScreenSignature.of(new Scene(0, 0, List.of(a))))
        .isNotEqualTo(ScreenSignature.of(new Scene(0, 0, List.of(b))));
  }

  @Test
  void hexKeepsLeadingZeros() {
    assertThat(ScreenSignature.hex(0x00ab_0000_0000_00cdL)).isEqualTo("00ab0000000000cd");
    assertThat(ScreenSignature.hex(-1L)).isEqualTo("ffffffffffffffff");
  }

  private static String sig(SceneElement e) {
    return ScreenSignature.of(new Scene(WIDTH, HEIGHT, List.of(e)));
  }
}
