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

class HandlesTest {

  private static SceneElement el(String id, String text, ElementFlag... flags) {
    return new SceneElement(
        id, "text", new Bounds(0, 0, 10, 10), text, 1.0, Source.TREE, "", Set.of(flags));
  }

  private static Scene scene(SceneElement... elements) {
    return new Scene(100, 100, List.of(elements));
  }

  @Test
  void aFreshTableNumbersAScenesElementsInOrderAsTheStatelessListingDoes() {
    Scene s = scene(el("a", "Settings"), el("b", "Wi-Fi"), el("c", "Bluetooth"));

    assertThat(new Handles().name(s)).containsExactly("1", "2", "3");
    assertThat(CompactEncoder.encode(s, new Handles())).isEqualTo(CompactEncoder.encode(s));
  }

  @Test
  void anElementListedBeforeKeepsItsHandleWhenOthersAppearBeforeIt() {
    Handles handles = new Handles();
    handles.name(scene(el("a", "Settings"), el("b", "Wi-Fi")));

    List<String> later =
        handles.name(scene(el("d", "Airplane mode"), el("a", "Settings"), el("b", "Wi-Fi")));

    assertThat(later).containsExactly("3", "1", "2");
  }

  @Test
  void aHandleFromAnEarlierListingOfTheSameScreenStillFindsItsElement() {
    Handles handles = new Handles();
    handles.name(scene(el("a", "Settings"), el("sw", "Wi-Fi", ElementFlag.CHECKABLE)));
    Scene toggled =
        scene(el("a", "Settings"), el("sw", "Wi-Fi", ElementFlag.CHECKABLE, ElementFlag.CHECKED));

    assertThat(handles.lookup(toggled, "2"))
        .contains(new Handles.Lookup.Found(toggled.elements().get(1)));
    assertThat(handles.lookup(toggled, "#2")).get().isInstanceOf(Handles.Lookup.Found.class);
  }

  @Test
  void aHandleWhoseElementIsGoneIsStaleNotAnotherElementAtTheSamePath() {
    Handles handles = new Handles();
    handles.name(scene(el("p", "Last reward: -"), el("q", "Time left: 598 / 600sec")));
    Scene next = scene(el("p", "Last 10 average:"), el("q", "Time left: 597 / 600sec"));

    assertThat(handles.lookup(next, "1")).get().isInstanceOf(Handles.Lookup.Stale.class);
    assertThat(handles.lookup(next, "2"))
        .contains(new Handles.Lookup.Found(next.elements().get(1)));
    assertThat(handles.name(next)).containsExactly("3", "2");
    assertThat(handles.lookup(next, "3"))
        .contains(new Handles.Lookup.Found(next.elements().get(0)));
  }

  @Test
  void aHandleNeverGivenOutIsUnknownAndAnIdIsNoHandle() {
    Handles handles = new Handles();
    handles.name(scene(el("a", "Settings")));

    assertThat(handles.lookup(scene(el("a", "Settings")), "7"))
        .contains(new Handles.Lookup.Unknown("7"));
    assertThat(handles.lookup(scene(el("a", "Settings")), "e1x9")).isEmpty();
    assertThat(handles.lookup(scene(el("a", "Settings")), "b5")).isEmpty();
  }

  @Test
  void twoElementsSharingAnIdGetTwoHandles() {
    Handles handles = new Handles();

    assertThat(handles.name(scene(el("a", "Row"), el("a", "Row")))).containsExactly("1", "2");
    assertThat(handles.name(scene(el("a", "Row"), el("a", "Row")))).containsExactly("1", "2");
  }

  @Test
  void aLongSessionForgetsItsOldestElementsSoTheTableStaysBounded() {
    Handles handles = new Handles();
    SceneElement first = el("e0", "first");
    handles.name(first);
    SceneElement last = null;
    for (int i = 1; i <= Handles.MAX_REMEMBERED; i++) {
      last = el("e" + i, "row " + i);
      handles.name(last);
    }

    Scene now = scene(first, last);
    assertThat(handles.lookup(now, "1")).contains(new Handles.Lookup.Stale("1", null));
    assertThat(handles.lookup(now, Integer.toString(Handles.MAX_REMEMBERED + 1)))
        .contains(new Handles.Lookup.Found(last));
    assertThat(handles.name(first)).isEqualTo(Integer.toString(Handles.MAX_REMEMBERED + 2));
  }
}
