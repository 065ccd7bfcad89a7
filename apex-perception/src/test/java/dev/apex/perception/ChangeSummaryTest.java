package dev.apex.perception;

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

class ChangeSummaryTest {

  private static SceneElement el(String id, String type, String text, ElementFlag... flags) {
    return el(id, type, text, "", flags);
  }

  private static SceneElement el(
      String id, String type, String text, String resourceId, ElementFlag... flags) {
    return new SceneElement(
        id, type, new Bounds(0, 0, 20, 10), text, 1.0, Source.TREE, resourceId, Set.of(flags));
  }

  private static Scene scene(SceneElement... elements) {
    return new Scene(100, 100, List.of(elements));
  }

  @Test
  void whatAppearedIsListedWithHandlesTheToolsTake() {
    Handles handles = new Handles();
    Scene before = scene(el("row", "item", "Wi-Fi", ElementFlag.CLICKABLE));
    handles.name(before);
    Scene after =
        scene(
            el("up", "button", "Navigate up", ElementFlag.CLICKABLE),
            el("sw", "switch", "Off", ElementFlag.CHECKABLE),
            el("hint", "text", "Networks nearby appear when Wi-Fi is on."));

    String summary = ChangeSummary.of(before, after, handles);

    assertThat(summary)
        .isEqualTo(
            "new screen; 1 gone; 3 new:\n"
                + "2 tap @10,5 Navigate up\n"
                + "3 switch off @10,5\n"
                + "4 @10,5 Networks nearby appear when Wi-Fi is on.");
    assertThat(handles.lookup(after, "3"))
        .contains(new Handles.Lookup.Found(after.elements().get(1)));
  }

  @Test
  void beyondItsBudgetItCountsTheRestAndSaysWhereTheyAreListedInteractiveFirst() {
    List<SceneElement> many = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      many.add(el("t" + i, "text", "Text " + i));
      many.add(el("b" + i, "button", "Button " + i, ElementFlag.CLICKABLE));
    }
    Scene after = new Scene(100, 100, many);

    String summary = ChangeSummary.of(scene(), after, new Handles());

    assertThat(summary.lines().skip(1).limit(ChangeSummary.NEW_LINES))
        .allSatisfy(line -> assertThat(line).contains(" tap "));
    assertThat(summary).endsWith("+28 more (describe_screen lists them)");
    assertThat(ChangeSummary.line(scene(), after, null))
        .isEqualTo("new screen; 40 new (\"Button 0\", \"Button 1\", \"Button 2\", +37 more)");
  }

  @Test
  void aNewScreenAtTheSamePathsPairsNoUnrelatedTexts() {
    Scene before =
        scene(el("p", "text", "Last reward: -"), el("q", "text", "Time left: 598 / 600sec"));
    Scene after = scene(el("p", "text", "Last 10 average:"), el("q", "text", "Episodes done: 1"));

    String line = ChangeSummary.line(before, after, null);

    assertThat(line).doesNotContain("→");
    assertThat(line).contains("2 new (\"Last 10 average:\", \"Episodes done: 1\")");
    assertThat(
            ChangeSummary.line(
                before,
                scene(
                    el("p", "text", "Last reward: -"), el("q", "text", "Time left: 597 / 600sec")),
                null))
        .isEqualTo("\"Time left: 598 / 600sec\" → \"Time left: 597 / 600sec\"");
  }

  @Test
  void aFieldIsNamedByItsNameNotByTheValueTypedIntoIt() {
    Scene before =
        scene(
            el("u", "input", "keli", "username", ElementFlag.EDITABLE, ElementFlag.FOCUSED),
            el("p", "input", "", "password", ElementFlag.EDITABLE, ElementFlag.PASSWORD));
    Scene after =
        scene(
            el("u", "input", "keli", "username", ElementFlag.EDITABLE),
            el(
                "p",
                "input",
                "",
                "password",
                ElementFlag.EDITABLE,
                ElementFlag.PASSWORD,
                ElementFlag.FOCUSED));
    Handles handles = new Handles();
    handles.name(before);

    assertThat(ChangeSummary.line(before, after, handles))
        .isEqualTo("1 input username no longer focused; 2 input password now focused");
  }

  @Test
  void typingShowsTheFieldAndItsValue() {
    Scene before = scene(el("u", "input", "Username", "com.app:id/user", ElementFlag.EDITABLE));
    Scene after = scene(el("u", "input", "keli", "com.app:id/user", ElementFlag.EDITABLE));

    assertThat(ChangeSummary.line(before, after, null))
        .isEqualTo("input user \"Username\" → \"keli\"");
  }

  @Test
  void focusMovingBetweenButtonsIsSaidOnlyWhenNothingElseChanged() {
    Scene before =
        scene(
            el("a", "checkbox", "Apple", ElementFlag.CHECKABLE, ElementFlag.FOCUSED),
            el("c", "checkbox", "Cherry", ElementFlag.CHECKABLE));
    Scene after =
        scene(
            el("a", "checkbox", "Apple", ElementFlag.CHECKABLE),
            el(
                "c",
                "checkbox",
                "Cherry",
                ElementFlag.CHECKABLE,
                ElementFlag.CHECKED,
                ElementFlag.FOCUSED));
    Scene focusOnly =
        scene(
            el("a", "checkbox", "Apple", ElementFlag.CHECKABLE),
            el("c", "checkbox", "Cherry", ElementFlag.CHECKABLE, ElementFlag.FOCUSED));

    assertThat(ChangeSummary.line(before, after, null)).isEqualTo("\"Cherry\" off → on");
    assertThat(ChangeSummary.line(before, focusOnly, null))
        .isEqualTo("\"Apple\" no longer focused; \"Cherry\" now focused");
  }

  @Test
  void aFieldIsNamedByTheLabelAboveItWhenTheScreenShowsOne() {
    SceneElement label =
        new SceneElement("l", "text", new Bounds(20, 52, 1260, 74), "Username", 1.0, Source.TREE);
    SceneElement before =
        new SceneElement(
            "u",
            "input",
            new Bounds(20, 78, 228, 102),
            "",
            1.0,
            Source.TREE,
            "username",
            Set.of(ElementFlag.EDITABLE));
    SceneElement after =
        new SceneElement(
            "u",
            "input",
            new Bounds(20, 78, 228, 102),
            "keli",
            1.0,
            Source.TREE,
            "username",
            Set.of(ElementFlag.EDITABLE));

    assertThat(ChangeSummary.line(scene(label, before), scene(label, after), null))
        .isEqualTo("input \"Username\" \"\" → \"keli\"");
  }

  private static SceneElement field(String id, String text, String hint, ElementFlag... flags) {
    Set<ElementFlag> all = new java.util.HashSet<>(Set.of(flags));
    all.add(ElementFlag.EDITABLE);
    return new SceneElement(
        id,
        "input",
        new Bounds(0, 0, 20, 10),
        text,
        1.0,
        Source.TREE,
        "com.app:id/" + id,
        all,
        hint);
  }

  @Test
  void aFilledFieldWithOnlyAPlaceholderIsNamedByItNeverByItsValue() {
    // No label on screen: the placeholder (the field's hint) names it, not the resource id, and
    // never "keli", what was typed (issue 30's "keli" no longer focused; input now focused).
    Scene before =
        scene(field("f1", "keli", "Username", ElementFlag.FOCUSED), field("f2", "", "Password"));
    Scene after =
        scene(field("f1", "keli", "Username"), field("f2", "", "Password", ElementFlag.FOCUSED));
    Handles handles = new Handles();
    handles.name(before);

    assertThat(ChangeSummary.line(before, after, handles))
        .isEqualTo("1 input \"Username\" no longer focused; 2 input \"Password\" now focused");
    assertThat(ChangeSummary.of(SceneDiff.between(before, after), null))
        .as("without the screen after, too")
        .isEqualTo("input \"Username\" no longer focused; input \"Password\" now focused");
  }

  @Test
  void typingIntoAFieldThatShowedItsPlaceholderSaysItWasEmpty() {
    Scene before = scene(field("q", "Search settings", "Search settings"));
    Scene after = scene(field("q", "wifi", "Search settings"));

    assertThat(ChangeSummary.line(before, after, null))
        .isEqualTo("input \"Search settings\" \"\" → \"wifi\"");
  }

  @Test
  void aFieldThatAppearsFilledIsListedByItsPlaceholderBeforeItsValueAndGoneByIt() {
    Scene before = scene(el("b", "button", "Edit", ElementFlag.CLICKABLE));
    Scene after =
        scene(el("b", "button", "Edit", ElementFlag.CLICKABLE), field("n", "keli", "Name"));

    Handles handles = new Handles();
    handles.name(before);

    assertThat(ChangeSummary.of(before, after, handles))
        .isEqualTo("1 new:\n2 input @10,5 \"Name\": keli");
    assertThat(ChangeSummary.line(after, before, null)).isEqualTo("gone: input \"Name\"");
  }
}
