package dev.apex.device.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;
import dev.apex.core.ElementFlag;
import dev.apex.core.RawCapture;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.perception.CompactEncoder;
import dev.apex.perception.OcrEngine;
import dev.apex.perception.Perceiver;
import dev.apex.perception.SceneBuilder;
import dev.apex.perception.tree.UiNode;
import dev.apex.perception.tree.UiTree;
import dev.apex.perception.web.WebTreeParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Perception on a page of 5,000 elements in real Chromium: every interactive element a user can see
 * (by scrolling) is in the parsed tree, hidden ones are not, and the tree is much smaller than the
 * HTML. Prints the sizes and how long one observe takes; asserts no timing.
 */
@Tag("e2e")
class LargePagePerceptionTest {

  private static final Encoding TOKENS =
      Encodings.newDefaultEncodingRegistry().getEncoding(EncodingType.O200K_BASE);

  private static final Encoding CL100K =
      Encodings.newDefaultEncodingRegistry().getEncoding(EncodingType.CL100K_BASE);

  private static TestPages pages;
  private static WebDevice device;
  private static BigPage page;

  @BeforeAll
  static void start() throws IOException {
    page = BigPage.generate(5_000);
    pages = new TestPages();
    pages.add("/big.html", page.html());
    device = WebDevices.open("web:" + pages.url("/big.html"), Optional.empty());
  }

  @AfterAll
  static void stop() {
    if (device != null) {
      device.close();
    }
    pages.close();
  }

  @Test
  void everyVisibleInteractiveElementIsInTheTreeAndNoHiddenOne() {
    assertThat(page.elements()).isGreaterThanOrEqualTo(5_000);
    UiTree tree = new WebTreeParser().parse(device.capture());
    Map<String, UiNode> byId =
        tree.nodes().stream()
            .filter(n -> !n.resourceId().isEmpty())
            .collect(Collectors.toMap(UiNode::resourceId, Function.identity(), (a, b) -> a));

    assertThat(page.visibleInteractive()).allSatisfy(id -> assertThat(byId).containsKey(id));
    assertThat(page.visibleInteractive())
        .allSatisfy(id -> assertThat(byId.get(id).interactive()).as(id).isTrue());
    assertThat(page.hidden()).noneSatisfy(id -> assertThat(byId).containsKey(id));
    assertThat(byId.get("i-4").text()).as("role=button takes its span's text").isEqualTo("Role 4");
    assertThat(byId.get("i-6").text()).isEqualTo("Pointer 6");
    assertThat(byId.get("i-6").children()).as("text folded into the clickable").isEmpty();
    assertThat(byId.get("i-2").description()).isEqualTo("Note 2");
    assertThat(byId.get("i-3").flags()).contains(ElementFlag.CHECKABLE);
    assertThat(byId.get("i-3").text()).as("a checkbox's value is not its text").isEmpty();
    assertThat(tree.nodes())
        .as("inline markup collapsed into its paragraph")
        .anyMatch(n -> n.text().equals("Some bold words about item 9."));
    assertThat(tree.nodes())
        .as("a long page: most of it below the fold")
        .anyMatch(n -> !n.visible());
    assertThat(tree.nodes()).noneMatch(n -> n.className().equals("div") && n.text().isEmpty());
  }

  @Test
  void theTreeIsCompactAndOneObserveIsMeasured() {
    RawCapture capture = device.capture();
    UiTree tree = new WebTreeParser().parse(capture);
    String json = new String(capture.tree(), StandardCharsets.UTF_8);
    int jsonTokens = TOKENS.countTokens(json);
    int htmlTokens = TOKENS.countTokens(page.html());

    assertThat(tree.nodes().size()).isLessThan(page.elements() / 3);
    assertThat(jsonTokens).isLessThan(htmlTokens);
    // What the planner and the LLM read: the Scene in the compact encoding.
    Scene scene = new Perceiver(OcrEngine.NONE).observe(capture);
    String compact = CompactEncoder.encode(scene);
    int compactTokens = TOKENS.countTokens(compact);
    int cl100kHtml = CL100K.countTokens(page.html());
    int cl100kCompact = CL100K.countTokens(compact);
    // The Scene is the screen, as on a phone: what lies below the fold is reached by scrolling.
    List<String> onScreenInteractive =
        tree.nodes().stream()
            .filter(n -> n.visible() && n.interactive() && n.bounds().hasArea())
            .map(UiNode::resourceId)
            .filter(id -> !id.isEmpty())
            .toList();
    assertThat(onScreenInteractive).isNotEmpty();
    assertThat(scene.elements().stream().map(SceneElement::resourceId))
        .as("every interactive element on screen is one Scene element")
        .containsAll(onScreenInteractive);
    assertThat(compactTokens).isLessThan(htmlTokens / 5);
    // The whole page as one Scene (as if every element were on screen, so on a screen as big as
    // the page: the scene drops what lies wholly off its screen): the size a planner would read if
    // it scrolled through everything.
    int pageWidth = tree.width();
    int pageHeight = tree.height();
    for (UiNode n : tree.nodes()) {
      pageWidth = Math.max(pageWidth, n.bounds().right());
      pageHeight = Math.max(pageHeight, n.bounds().bottom());
    }
    Scene whole =
        SceneBuilder.build(
            new UiTree(pageWidth, pageHeight, 0, allVisible(tree.root())), List.of());
    int wholeTokens = CL100K.countTokens(CompactEncoder.encode(whole));
    assertThat(whole.elements().stream().map(SceneElement::resourceId))
        .as("every visible interactive element of the page is one element of the whole-page Scene")
        .containsAll(page.visibleInteractive());
    assertThat(wholeTokens).isLessThan(cl100kHtml / 5);

    long[] nanos = new long[5];
    for (int i = 0; i < nanos.length; i++) {
      long start = System.nanoTime();
      new WebTreeParser().parse(device.capture());
      nanos[i] = System.nanoTime() - start;
    }
    Arrays.sort(nanos);
    long interactive = tree.nodes().stream().filter(UiNode::interactive).count();
    System.out.printf(
        "big page: %d elements, %d bytes of HTML = %d tokens (o200k)%n"
            + "  tree: %d nodes (%d interactive), %d bytes of WEB_JSON = %d tokens (%.1f%% of the"
            + " HTML)%n  scene: %d elements, compact encoding %d tokens o200k (%.1f%% of the HTML),"
            + " %d tokens cl100k vs %d for the HTML (1/%.1f)%n"
            + "  whole page as one scene: %d elements, %d tokens cl100k (1/%.1f of the HTML)%n"
            + "  observe (capture + parse) over 5 runs: min %d ms, median %d ms, max %d ms%n",
        page.elements(),
        page.html().length(),
        htmlTokens,
        tree.nodes().size(),
        interactive,
        capture.tree().length,
        jsonTokens,
        100.0 * jsonTokens / htmlTokens,
        scene.elements().size(),
        compactTokens,
        100.0 * compactTokens / htmlTokens,
        cl100kCompact,
        cl100kHtml,
        (double) cl100kHtml / cl100kCompact,
        whole.elements().size(),
        wholeTokens,
        (double) cl100kHtml / wholeTokens,
        nanos[0] / 1_000_000,
        nanos[2] / 1_000_000,
        nanos[4] / 1_000_000);
  }

  private static UiNode allVisible(UiNode n) {
    return new UiNode(
        n.path(),
        n.className(),
        n.text(),
        n.description(),
        n.resourceId(),
        n.packageName(),
        n.bounds(),
        n.flags(),
        true,
        n.children().stream().map(LargePagePerceptionTest::allVisible).toList());
  }
}
