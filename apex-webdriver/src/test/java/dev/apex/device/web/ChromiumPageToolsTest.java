package dev.apex.device.web;

import static dev.apex.device.web.Screens.byId;
import static dev.apex.device.web.Screens.observe;
import static dev.apex.device.web.Screens.until;
import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.Bounds;
import dev.apex.device.Gestures;
import dev.apex.device.Gestures.Modifier;
import dev.apex.device.KeyStroke;
import dev.apex.perception.tree.UiTree;
import java.time.Duration;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What a web page needs beyond a phone's tools (issue 30, item 4), in real headless Chromium at
 * device pixel ratio 2: the tab's history (back, forward, reload), a full keyboard (tab, shift+tab,
 * ctrl+a, backspace, escape, page down) and the page's extent beyond the viewport, which swipes
 * reach. Asserted by reading the page back through the device's capture.
 */
@Tag("e2e")
class ChromiumPageToolsTest {

  static final String PAGE =
      """
      <!doctype html><html><head><title>Page tools</title><style>
        body { margin: 0; font: 16px sans-serif; } #tall { height: 2400px; }
      </style></head><body>
      <p id="where">Page one</p>
      <p id="loads">Loads 0</p>
      <input id="first" aria-label="First"> <input id="second" aria-label="Second">
      <p id="keys">No key</p>
      <div id="tall">Filler</div>
      <p id="bottom">The end</p>
      <script>
        const n = +(sessionStorage.getItem('loads') || 0) + 1;
        sessionStorage.setItem('loads', n);
        loads.textContent = 'Loads ' + n;
        if (location.search) where.textContent = 'Page ' + location.search.slice(1);
        document.addEventListener('keydown', e => {
          if (e.key === 'Escape') keys.textContent = 'Escape pressed';
        });
        document.addEventListener('focusin', e => {
          keys.dataset.focus = e.target.id;
          if (e.target.id) keys.textContent = 'Focus ' + e.target.id;
        });
      </script></body></html>
      """;

  @RegisterExtension
  static final PageBrowser BROWSER = PageBrowser.of("/page-tools.html", PAGE, 800, 600, 2.0);

  private static WebDevice device() {
    return BROWSER.device();
  }

  private static String textOf(UiTree tree, String id) {
    return byId(tree, id).text();
  }

  @Test
  void aWebDeviceOffersTheTabsHistoryAKeyboardAndScrollingIntoViewAndAPhoneKeyIsStillAKey() {
    assertThat(device().role(Gestures.Navigate.class)).isPresent();
    assertThat(device().role(Gestures.Keyboard.class)).isPresent();
    assertThat(device().role(Gestures.Reveal.class)).isPresent();
  }

  @Test
  void navigateOpensAnAddressAndBackForwardAndReloadMoveThroughTheTabsHistory() {
    String first = device().currentUrl();
    device().navigate(first + "?two");
    assertThat(textOf(observe(device()), "where")).isEqualTo("Page two");

    device().back();
    until(device(), t -> textOf(t, "where").equals("Page one"), "the first page again");
    device().forward();
    until(device(), t -> textOf(t, "where").equals("Page two"), "the second page again");
    String loads = textOf(observe(device()), "loads");

    device().reload();

    until(device(), t -> !textOf(t, "loads").equals(loads), "the page loaded once more");
  }

  @Test
  void theKeyboardMovesFocusWithTabAndShiftTabSelectsAllDeletesAndPressesEscape() {
    UiTree tree = observe(device());
    Screens.tap(device(), byId(tree, "first"));
    device().typeText("hello");

    device().press(KeyStroke.parse("ctrl+a", Set.of()));
    device().press(KeyStroke.parse("backspace", Set.of()));
    device().press(KeyStroke.parse("tab", Set.of()));
    assertThat(textOf(observe(device()), "keys")).isEqualTo("Focus second");
    device().press(new KeyStroke("tab", Set.of(Modifier.SHIFT)));

    UiTree after = observe(device());
    assertThat(textOf(after, "keys")).isEqualTo("Focus first");
    assertThat(textOf(after, "first")).isEmpty();
    device().press(KeyStroke.parse("Esc", Set.of()));
    assertThat(textOf(observe(device()), "keys")).isEqualTo("Escape pressed");
  }

  @Test
  void thePageIsItsWholeDocumentAroundTheViewportAndSwipesAndPageDownReachItsEnd() {
    UiTree top = observe(device());
    Bounds page = top.root().bounds();
    assertThat(page.top()).isZero();
    assertThat(page.bottom()).isGreaterThan(top.height() * 4);
    assertThat(byId(top, "bottom").visible()).isFalse();

    for (int i = 0; i < 12 && observe(device()).root().bounds().bottom() > top.height(); i++) {
      device()
          .swipe(
              top.width() / 2,
              top.height() * 3 / 4,
              top.width() / 2,
              top.height() / 4,
              Duration.ofMillis(100));
    }

    UiTree end = observe(device());
    assertThat(end.root().bounds().bottom()).isEqualTo(end.height());
    // The scroll offset is read in whole CSS pixels: within one of them (2 px here).
    assertThat(end.root().bounds().top())
        .isCloseTo(top.height() - page.bottom(), org.assertj.core.data.Offset.offset(2));
    assertThat(byId(end, "bottom").visible()).isTrue();
  }

  @Test
  void pageDownScrollsThePage() {
    assertThat(observe(device()).root().bounds().top()).isZero();

    device().press(KeyStroke.parse("page_down", Set.of()));

    until(device(), t -> t.root().bounds().top() < 0, "the page scrolled by page down");
  }
}
