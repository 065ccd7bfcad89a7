package dev.apex.perception;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.Bounds;
import dev.apex.core.ElementFlag;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.core.Source;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SceneDiffTest {

  private static SceneElement el(String id, String text, ElementFlag... flags) {
    return new SceneElement(
        id, "text", new Bounds(0, 0, 10, 10), text, 1.0, Source.TREE, "", Set.of(flags));
  }

  private static Scene scene(SceneElement... elements) {
    return new Scene(100, 100, List.of(elements));
  }

  @Test
  void aTickingClockIsNoVisibleChange() {
    SceneDiff diff =
        SceneDiff.between(
            scene(el("clock", "9:41"), el("t", "Wi-Fi")),
            scene(el("clock", "10:02"), el("t", "Wi-Fi")));

    assertThat(diff.unchanged()).isTrue();
    assertThat(diff.summary()).isEqualTo("no visible change");
  }

  @Test
  void aToggledSwitchReadsOffToOn() {
    SceneDiff diff =
        SceneDiff.between(
            scene(el("sw", "Wi-Fi", ElementFlag.CHECKABLE)),
            scene(el("sw", "Wi-Fi", ElementFlag.CHECKABLE, ElementFlag.CHECKED)));

    assertThat(diff.unchanged()).isFalse();
    assertThat(diff.summary()).isEqualTo("\"Wi-Fi\" off → on");
  }

  @Test
  void aNewScreenCountsElementsAndNamesSomeNewTexts() {
    SceneDiff diff =
        SceneDiff.between(
            scene(el("a", "Settings"), el("b", "Wi-Fi"), el("c", "Bluetooth")),
            scene(el("x", "Wi-Fi preferences"), el("y", "Use Wi-Fi"), el("z", "Off")));

    assertThat(diff.added()).hasSize(3);
    assertThat(diff.removed()).hasSize(3);
    assertThat(diff.summary())
        .isEqualTo("new screen; 3 gone; 3 new (\"Wi-Fi preferences\", \"Use Wi-Fi\", \"Off\")");
  }

  @Test
  void aChangedTextIsShownBeforeAndAfter() {
    SceneDiff diff = SceneDiff.between(scene(el("s", "Off")), scene(el("s", "On")));

    assertThat(diff.summary()).isEqualTo("\"Off\" → \"On\"");
  }

  @Test
  void aSwitchWhoseTextIsItsStateIsNamedByItsType() {
    SceneElement off =
        new SceneElement(
            "sw",
            "switch",
            new Bounds(0, 0, 10, 10),
            "Off",
            1.0,
            Source.TREE,
            "",
            Set.of(ElementFlag.CHECKABLE));
    SceneElement on =
        new SceneElement(
            "sw",
            "switch",
            new Bounds(0, 0, 10, 10),
            "On",
            1.0,
            Source.TREE,
            "",
            Set.of(ElementFlag.CHECKABLE, ElementFlag.CHECKED));

    assertThat(SceneDiff.between(scene(off), scene(on)).summary()).isEqualTo("switch off → on");
  }

  @Test
  void aCounterGoingUpIsAVisibleEffect() {
    SceneDiff diff =
        SceneDiff.between(scene(el("count", "3 items")), scene(el("count", "4 items")));

    assertThat(diff.unchanged()).isFalse();
    assertThat(diff.summary()).isEqualTo("\"3 items\" → \"4 items\"");
  }

  @Test
  void aClockElementIsIgnoredWhateverItShows() {
    SceneElement before =
        new SceneElement(
            "c",
            "text",
            new Bounds(0, 0, 10, 10),
            "05:29",
            1.0,
            Source.TREE,
            "com.android.systemui:id/clock",
            Set.of());
    SceneElement after =
        new SceneElement(
            "c",
            "text",
            new Bounds(0, 0, 12, 10),
            "05:30",
            1.0,
            Source.TREE,
            "com.android.systemui:id/clock",
            Set.of());

    assertThat(SceneDiff.between(scene(before), scene(after)).unchanged()).isTrue();
  }

  @Test
  void elementsThatOnlyMovedAreAnEffectAndAreCounted() {
    SceneElement row = el("row", "Wi-Fi");
    SceneElement scrolled =
        new SceneElement("row", "text", new Bounds(0, 40, 10, 50), "Wi-Fi", 1.0, Source.TREE);

    SceneDiff diff = SceneDiff.between(scene(row), scene(scrolled));

    assertThat(diff.unchanged()).isFalse();
    assertThat(diff.moved()).hasSize(1);
    assertThat(diff.summary()).isEqualTo("1 element moved");
  }
}
