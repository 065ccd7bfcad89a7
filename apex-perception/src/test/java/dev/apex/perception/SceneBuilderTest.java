package dev.apex.perception;

import static dev.apex.perception.Trees.node;
import static dev.apex.perception.Trees.screen;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.apex.core.Bounds;
import dev.apex.core.ElementFlag;
import dev.apex.core.RawCapture;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.core.Source;
import dev.apex.perception.tree.UiTree;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class SceneBuilderTest {

  private static OcrBox box(String text, int l, int t, int r, int b, double confidence) {
    return new OcrBox(text, new Bounds(l, t, r, b), confidence);
  }

  private static SceneElement only(Scene scene, Source source) {
    List<SceneElement> found = scene.elements().stream().filter(e -> e.source() == source).toList();
    assertThat(found).hasSize(1);
    return found.get(0);
  }

  @Test
  void aMatchedNodeWithoutTextTakesTheOcrTextAndBecomesFused() {
    UiTree tree =
        screen(node(0, 0, 1000, 2000).with(node(100, 100, 300, 200).flag(ElementFlag.CLICKABLE)));

    Scene scene = SceneBuilder.build(tree, List.of(box("Send", 140, 130, 260, 170, 0.87)));

    SceneElement fused = only(scene, Source.FUSED);
    assertThat(fused.text()).isEqualTo("Send");
    assertThat(fused.confidence()).isEqualTo(0.87);
    assertThat(fused.bounds()).isEqualTo(new Bounds(100, 100, 300, 200));
    assertThat(scene.elements()).hasSize(1);
  }

  @Test
  void aCanvasBesideThePagesTextAddsNoEchoOfItNorMarkerGlyphsButKeepsItsOwnWords() {
    UiTree tree =
        screen(
            node(0, 0, 1000, 2000)
                .with(
                    node(0, 0, 1000, 60).cls("div").text("Time left: 14 / 15sec"),
                    node(0, 100, 1000, 700).cls("canvas")));

    Scene scene =
        SceneBuilder.build(
            tree,
            List.of(
                box("Time left? 14 /", 10, 110, 300, 150, 0.9),
                box("15sec @", 320, 110, 450, 150, 0.9),
                box("e", 500, 400, 520, 430, 0.9),
                box("Circle", 600, 500, 720, 540, 0.9)));

    assertThat(scene.elements())
        .filteredOn(e -> e.source() == Source.OCR)
        .extracting(SceneElement::text)
        .containsExactly("Circle");
  }

  @Test
  void aWebDialogIsADialogElement() {
    UiTree tree =
        screen(
            node(0, 0, 1000, 2000)
                .with(
                    node(100, 600, 900, 1000).cls("dialog").text("Delete the file?"),
                    node(100, 1100, 900, 1400).cls("alertdialog").text("Session expired")));

    Scene scene = SceneBuilder.build(tree, List.of());

    assertThat(scene.elements()).extracting(SceneElement::type).containsExactly("dialog", "dialog");
  }

  @Test
  void aMatchedNodeWithTextStaysTreeAndAbsorbsTheBox() {
    UiTree tree = screen(node(100, 100, 300, 200).cls("android.widget.TextView").text("Send"));

    Scene scene = SceneBuilder.build(tree, List.of(box("Sand", 105, 105, 295, 195, 0.6)));

    assertThat(scene.elements())
        .singleElement()
        .satisfies(
            e -> {
              assertThat(e.source()).isEqualTo(Source.TREE);
              assertThat(e.text()).isEqualTo("Send");
              assertThat(e.confidence()).isEqualTo(1.0);
            });
  }

  @Test
  void anUnmatchedBoxBecomesItsOwnOcrElement() {
    // The only node is a full-screen surface: too big to take a box lying inside it.
    UiTree tree = screen(node(0, 0, 1000, 2000).flag(ElementFlag.CLICKABLE));

    Scene scene =
        SceneBuilder.build(
            tree,
            List.of(
                box("Score 120", 600, 40, 900, 90, 0.9), box("Start", 400, 900, 600, 960, 0.8)));

    assertThat(scene.elements()).hasSize(3);
    assertThat(scene.elements().get(0).source()).isEqualTo(Source.TREE);
    assertThat(scene.elements().subList(1, 3))
        .extracting(SceneElement::text, SceneElement::source, SceneElement::type)
        .as("OCR elements come last, top to bottom")
        .containsExactly(
            tuple("Score 120", Source.OCR, "text"), tuple("Start", Source.OCR, "text"));
  }

  @Test
  void theIouThresholdIsInclusive() {
    // Box [0,100]-[W,400] over node [0,0]-[W,300]: intersection 200·W, union 400·W, IoU 0.5.
    UiTree tree = screen(node(0, 0, 100, 300).flag(ElementFlag.CLICKABLE));

    Scene at = SceneBuilder.build(tree, List.of(box("Go", 0, 100, 100, 400, 0.9)));
    Scene below = SceneBuilder.build(tree, List.of(box("Go", 0, 101, 100, 401, 0.9)));

    assertThat(new Bounds(0, 0, 100, 300).iou(new Bounds(0, 100, 100, 400)))
        .isEqualTo(SceneBuilder.IOU_THRESHOLD);
    assertThat(at.elements())
        .singleElement()
        .extracting(SceneElement::source)
        .isEqualTo(Source.FUSED);
    assertThat(below.elements())
        .extracting(SceneElement::source)
        .containsExactly(Source.TREE, Source.OCR);
  }

  @Test
  void eachBoxGoesToOneNodeAndTheSmallestEnclosingNodeWins() {
    UiTree tree =
        screen(
            node(0, 0, 400, 400)
                .flag(ElementFlag.CLICKABLE)
                .with(node(50, 50, 250, 150).flag(ElementFlag.CLICKABLE)));

    Scene scene = SceneBuilder.build(tree, List.of(box("OK", 100, 80, 200, 120, 0.9)));

    assertThat(scene.elements())
        .extracting(SceneElement::bounds, SceneElement::text)
        .containsExactly(
            tuple(new Bounds(0, 0, 400, 400), ""), tuple(new Bounds(50, 50, 250, 150), "OK"));
  }

  @Test
  void aSecondLineOfATextViewIsAbsorbedNotDuplicated() {
    UiTree tree =
        screen(node(0, 0, 600, 200).cls("android.widget.TextView").text("Hello there\nGeneral"));

    Scene scene =
        SceneBuilder.build(
            tree,
            List.of(
                box("Hello there", 10, 10, 500, 90, 0.9), box("General", 10, 110, 300, 190, 0.9)));

    assertThat(scene.elements())
        .singleElement()
        .extracting(SceneElement::source)
        .isEqualTo(Source.TREE);
  }

  @Test
  void invisibleAndZeroAreaNodesAreDroppedEvenWhenInteractive() {
    UiTree tree =
        screen(
            node(0, 0, 100, 100).text("hidden").flag(ElementFlag.CLICKABLE).hidden(),
            node(0, 0, 0, 0).text("off-screen").flag(ElementFlag.CLICKABLE),
            node(10, 10, 10, 50).text("no width"),
            node(0, 100, 100, 200).text("shown"));

    Scene scene = SceneBuilder.build(tree, List.of());

    assertThat(scene.elements()).extracting(SceneElement::text).containsExactly("shown");
  }

  @Test
  void nodesWhollyOffTheScreenAreDroppedAndOnesPartlyOnItKept() {
    // The screen is 1000×2000.
    UiTree tree =
        screen(
            node(-500, -500, -100, -100).text("above left").flag(ElementFlag.CLICKABLE),
            node(-100, 100, 0, 200).text("left, touching the edge").flag(ElementFlag.CLICKABLE),
            node(1000, 100, 1200, 200).text("right").flag(ElementFlag.CLICKABLE),
            node(100, 2000, 200, 2100).text("below").flag(ElementFlag.CLICKABLE),
            node(-50, 300, 50, 400).text("partly on").flag(ElementFlag.CLICKABLE),
            node(950, 1950, 1100, 2100).text("corner").flag(ElementFlag.CLICKABLE));

    Scene scene = SceneBuilder.build(tree, List.of());

    assertThat(scene.elements())
        .extracting(SceneElement::text)
        .containsExactly("partly on", "corner");
  }

  @Test
  void interactiveNodesWithAreaAreAlwaysKeptAndLayoutContainersDropped() {
    UiTree tree =
        screen(
            node(0, 0, 1000, 2000)
                .cls("android.widget.FrameLayout")
                .with(
                    node(0, 0, 1000, 1800)
                        .cls("android.widget.ListView")
                        .flag(ElementFlag.SCROLLABLE),
                    node(0, 1800, 100, 1900).cls("android.widget.ImageView"),
                    node(100, 1800, 200, 1900)
                        .cls("android.widget.ImageButton")
                        .flag(ElementFlag.CLICKABLE),
                    node(200, 1800, 300, 1900)
                        .cls("android.widget.CheckBox")
                        .flag(ElementFlag.CHECKABLE, ElementFlag.CHECKED),
                    node(300, 1800, 400, 1900)
                        .cls("android.widget.EditText")
                        .flag(ElementFlag.EDITABLE),
                    node(400, 1800, 500, 1900).flag(ElementFlag.LONG_CLICKABLE)));

    Scene scene = SceneBuilder.build(tree, List.of());

    assertThat(scene.elements())
        .extracting(SceneElement::type)
        .containsExactly("list", "button", "checkbox", "input", "item");
    assertThat(scene.elements().get(2).flags()).contains(ElementFlag.CHECKED);
  }

  @Test
  void aClickableContainerTakesTheLabelsOfItsTextChildren() {
    UiTree tree =
        screen(
            node(0, 0, 1000, 200)
                .flag(ElementFlag.CLICKABLE)
                .with(
                    node(20, 20, 100, 180).cls("android.widget.ImageView").desc("Wi-Fi"),
                    node(120, 20, 700, 100).cls("android.widget.TextView").text("Wi-Fi"),
                    node(120, 100, 700, 180).cls("android.widget.TextView").text("Connected"),
                    node(800, 50, 950, 150)
                        .cls("android.widget.Switch")
                        .text("ON")
                        .flag(ElementFlag.CHECKABLE, ElementFlag.CHECKED)));

    Scene scene = SceneBuilder.build(tree, List.of());

    assertThat(scene.elements())
        .extracting(SceneElement::type, SceneElement::text)
        .containsExactly(tuple("item", "Wi-Fi | Connected"), tuple("switch", "ON"));
  }

  @Test
  void aScreenSizedClickableNodeTakesNoLabels() {
    UiTree tree =
        screen(
            node(0, 0, 1000, 2000)
                .flag(ElementFlag.CLICKABLE)
                .with(node(0, 0, 500, 100).text("Title"), node(0, 100, 500, 200).text("Body")));

    Scene scene = SceneBuilder.build(tree, List.of());

    assertThat(scene.elements())
        .extracting(SceneElement::text)
        .containsExactly("", "Title", "Body");
  }

  @Test
  void aLabelRepeatedByADescendantIsCarriedOnce() {
    UiTree tree =
        screen(
            node(0, 0, 500, 100)
                .desc("Login")
                .with(
                    node(0, 0, 500, 100).desc("Login").with(node(10, 10, 490, 90).text("Login"))));

    Scene scene = SceneBuilder.build(tree, List.of());

    assertThat(scene.elements())
        .singleElement()
        .extracting(SceneElement::bounds)
        .isEqualTo(new Bounds(10, 10, 490, 90));
  }

  @Test
  void textFallsBackToTheDescription() {
    Scene scene =
        SceneBuilder.build(
            screen(node(0, 0, 10, 10).desc("Back").flag(ElementFlag.CLICKABLE)), List.of());

    assertThat(scene.elements()).singleElement().extracting(SceneElement::text).isEqualTo("Back");
  }

  @Test
  void idsAreStableAcrossTwoParsesOfTheSameDump() {
    Dumps.Dump dump = Dumps.named("android/samsung_open_with_chooser_dialog_1080x2178.xml");

    Scene first = SceneBuilder.build(TreeParsers.parse(dump.capture()), List.of());
    Scene second = SceneBuilder.build(TreeParsers.parse(dump.capture()), List.of());

    assertThat(first).isEqualTo(second);
    assertThat(first.elements()).extracting(SceneElement::id).doesNotHaveDuplicates();
  }

  @Test
  void idsSurviveAClockChange() {
    Dumps.Dump dump = Dumps.named("android/samsung_lockscreen_systemui_1080x2178.xml");
    String before = new String(dump.bytes(), StandardCharsets.UTF_8);
    String after = before.replace("7:02PM", "7:03PM").replace("text=\"02\"", "text=\"03\"");
    assertThat(after).isNotEqualTo(before);

    Scene first = SceneBuilder.build(TreeParsers.parse(dump.capture()), List.of());
    Scene second =
        SceneBuilder.build(
            TreeParsers.parse(
                new RawCapture(
                    "t",
                    dump.format(),
                    after.getBytes(StandardCharsets.UTF_8),
                    null,
                    dump.screen())),
            List.of());

    assertThat(second.elements())
        .extracting(SceneElement::id)
        .containsExactlyElementsOf(first.elements().stream().map(SceneElement::id).toList());
    assertThat(second.elements())
        .extracting(SceneElement::text)
        .anyMatch(t -> t.contains("7:03PM"));
  }

  @Test
  void aWordOverANodeHiddenBehindALaterOneIsNotAttachedToIt() {
    // An unlabelled button, then a sheet drawn over it (later in tree order) that covers it.
    UiTree tree =
        screen(
            node(100, 100, 300, 200).flag(ElementFlag.CLICKABLE),
            node(0, 0, 1000, 1200).cls("android.widget.ImageView"));

    Scene scene = SceneBuilder.build(tree, List.of(box("Pay", 150, 130, 250, 170, 0.9)));

    assertThat(scene.elements())
        .extracting(SceneElement::bounds, SceneElement::text, SceneElement::source)
        .containsExactly(
            tuple(new Bounds(100, 100, 300, 200), "", Source.TREE),
            tuple(new Bounds(150, 130, 250, 170), "Pay", Source.OCR));
  }

  @Test
  void aWordOverAHiddenNodeGoesToTheNodeOnTop() {
    UiTree tree =
        screen(
            node(100, 100, 300, 200).flag(ElementFlag.CLICKABLE),
            node(90, 90, 310, 210).flag(ElementFlag.CLICKABLE));

    Scene scene = SceneBuilder.build(tree, List.of(box("Pay", 150, 130, 250, 170, 0.9)));

    assertThat(scene.elements())
        .extracting(SceneElement::bounds, SceneElement::text)
        .containsExactly(
            tuple(new Bounds(100, 100, 300, 200), ""), tuple(new Bounds(90, 90, 310, 210), "Pay"));
  }

  @Test
  void lowConfidenceBoxesAndFragmentsAreDropped() {
    UiTree tree = screen(node(0, 0, 1000, 2000).flag(ElementFlag.CLICKABLE));

    Scene scene =
        SceneBuilder.build(
            tree,
            List.of(
                box("tun", 10, 10, 60, 40, SceneBuilder.MIN_OCR_CONFIDENCE - 0.01),
                box("|", 10, 100, 20, 140, 0.95),
                box("a)", 10, 200, 40, 240, 0.95),
                box("-=-", 10, 300, 60, 340, 0.95),
                box("OK", 10, 400, 60, 440, 0.9),
                box("3", 10, 500, 30, 540, 0.9),
                box("Tab #2", 10, 600, 200, 640, SceneBuilder.MIN_OCR_CONFIDENCE)));

    assertThat(scene.elements())
        .filteredOn(e -> e.source() == Source.OCR)
        .extracting(SceneElement::text)
        .containsExactly("OK", "3", "Tab #2");
  }
}
