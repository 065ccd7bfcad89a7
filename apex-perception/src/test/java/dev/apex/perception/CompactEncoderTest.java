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

class CompactEncoderTest {

  private static SceneElement element(
      String id, String type, Bounds bounds, String text, Source source, ElementFlag... flags) {
    return new SceneElement(id, type, bounds, text, 1.0, source, "", Set.of(flags));
  }

  private final Scene scene =
      new Scene(
          1080,
          2178,
          List.of(
              element("e1", "text", new Bounds(0, 0, 200, 100), "Open with", Source.TREE),
              element(
                  "e2",
                  "item",
                  new Bounds(0, 100, 400, 300),
                  "Messages",
                  Source.TREE,
                  ElementFlag.CLICKABLE),
              element(
                  "e3",
                  "switch",
                  new Bounds(900, 300, 1000, 400),
                  "Wi-Fi",
                  Source.TREE,
                  ElementFlag.CLICKABLE,
                  ElementFlag.CHECKABLE,
                  ElementFlag.CHECKED),
              element(
                  "e4",
                  "input",
                  new Bounds(0, 400, 1080, 500),
                  "Password",
                  Source.TREE,
                  ElementFlag.EDITABLE,
                  ElementFlag.PASSWORD,
                  ElementFlag.FOCUSED),
              element(
                  "e5",
                  "list",
                  new Bounds(0, 500, 1080, 2000),
                  "",
                  Source.TREE,
                  ElementFlag.SCROLLABLE),
              element(
                  "e6",
                  "button",
                  new Bounds(0, 2000, 500, 2100),
                  "Just once",
                  Source.FUSED,
                  ElementFlag.CLICKABLE,
                  ElementFlag.DISABLED),
              element(
                  "o7",
                  "text",
                  new Bounds(600, 2000, 800, 2100),
                  "say \"hi\"\nback\\slash",
                  Source.OCR)));

  @Test
  void oneLinePerElementWithHandleKindStatesPositionThenText() {
    assertThat(CompactEncoder.encode(scene))
        .isEqualTo(
            """
            1080x2178
            1 @100,50 Open with
            2 tap @200,200 Messages
            3 switch on @950,350 Wi-Fi
            4 input focused password @540,450 Password
            5 list [0,500,1080,2000]
            6 tap disabled @250,2050 Just once
            7 ocr @700,2050 say "hi"\\nback\\\\slash
            """);
  }

  @Test
  void aTextareaADropDownAndAnSvgShapeSayWhatTheyAre() {
    Scene web =
        new Scene(
            400,
            300,
            List.of(
                element(
                    "e1",
                    "textarea",
                    new Bounds(0, 0, 100, 40),
                    "Notes",
                    Source.TREE,
                    ElementFlag.EDITABLE),
                element(
                    "e2",
                    "dropdown",
                    new Bounds(0, 50, 100, 70),
                    "Pro | options: Free, Pro",
                    Source.TREE,
                    ElementFlag.CLICKABLE),
                element(
                    "e3",
                    "circle",
                    new Bounds(0, 80, 40, 120),
                    "",
                    Source.TREE,
                    ElementFlag.CLICKABLE)));

    assertThat(CompactEncoder.encode(web))
        .isEqualTo(
            "400x300\n1 textarea @50,20 Notes\n2 dropdown @50,60 Pro | options: Free, Pro\n"
                + "3 circle @20,100\n");
  }

  @Test
  void noIdsClassesOrPackagesLeak() {
    String encoded = CompactEncoder.encode(scene);

    assertThat(encoded).doesNotContain("e1", "o7", "android", "Source");
  }

  @Test
  void resolveAcceptsAHandleOrAFullId() {
    assertThat(CompactEncoder.resolve(scene, "3")).map(SceneElement::id).contains("e3");
    assertThat(CompactEncoder.resolve(scene, " #7 ")).map(SceneElement::id).contains("o7");
    assertThat(CompactEncoder.resolve(scene, "e5")).map(SceneElement::text).contains("");
    assertThat(CompactEncoder.resolve(scene, "0")).isEmpty();
    assertThat(CompactEncoder.resolve(scene, "8")).isEmpty();
    assertThat(CompactEncoder.resolve(scene, "nope")).isEmpty();
    assertThat(CompactEncoder.resolve(scene, null)).isEmpty();
  }

  @Test
  void checkableWithoutCheckIsOffAndLongPressOnlySaysSo() {
    Scene s =
        new Scene(
            10,
            10,
            List.of(
                element(
                    "a",
                    "checkbox",
                    new Bounds(0, 0, 2, 2),
                    "Agree",
                    Source.TREE,
                    ElementFlag.CHECKABLE),
                element(
                    "b",
                    "image",
                    new Bounds(0, 0, 4, 4),
                    "",
                    Source.TREE,
                    ElementFlag.LONG_CLICKABLE),
                element("c", "image", new Bounds(0, 0, 6, 6), "Logo", Source.TREE)));

    assertThat(CompactEncoder.encode(s))
        .isEqualTo("10x10\n1 checkbox off @1,1 Agree\n2 tap long @2,2\n3 img @3,3 Logo\n");
  }

  @Test
  void aPageRunningPastTheScreenGetsALineSayingHowFarAndHoverAndOffViewAreSaid() {
    Scene page =
        new Scene(
            400,
            300,
            List.of(
                element(
                    "p",
                    "list",
                    new Bounds(0, -500, 400, 1500),
                    "Shop",
                    Source.TREE,
                    ElementFlag.SCROLLABLE),
                element(
                    "m",
                    "view",
                    new Bounds(0, 0, 90, 20),
                    "Menu",
                    Source.TREE,
                    ElementFlag.HOVERABLE),
                element(
                    "o",
                    "item",
                    new Bounds(0, 380, 90, 400),
                    "Far",
                    Source.TREE,
                    ElementFlag.CLICKABLE,
                    ElementFlag.OFF_VIEW)));

    String text = CompactEncoder.encode(page);

    assertThat(text.lines().toList())
        .containsExactly(
            "400x300",
            "page continues: 1200px below, 500px above (swipe to scroll)",
            "1 list [0,-500,400,1500] Shop",
            "2 hover @45,10 Menu",
            "3 tap off-view Far");
    assertThat(CompactEncoder.beyondView(scene)).isEmpty();
  }
}
