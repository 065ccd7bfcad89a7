package dev.apex.device.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;
import dev.apex.core.ElementFlag;
import dev.apex.core.RawCapture;
import dev.apex.perception.UiNode;
import dev.apex.perception.UiTree;
import dev.apex.perception.web.WebTreeParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Perception on a page of 5,000 elements in real Chromium: every interactive element a user can see
 * (by scrolling) is in the parsed tree, hidden ones are not, and the tree is much smaller than the
 * HTML. Prints the sizes and how long one observe takes; asserts no timing.
 */
class LargePagePerceptionTest {

  private static final Encoding TOKENS =
      Encodings.newDefaultEncodingRegistry().getEncoding(EncodingType.O200K_BASE);

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
            + " HTML)%n  observe (capture + parse) over 5 runs: min %d ms, median %d ms, max %d ms%n",
        page.elements(),
        page.html().length(),
        htmlTokens,
        tree.nodes().size(),
        interactive,
        capture.tree().length,
        jsonTokens,
        100.0 * jsonTokens / htmlTokens,
        nanos[0] / 1_000_000,
        nanos[2] / 1_000_000,
        nanos[4] / 1_000_000);
  }
}
