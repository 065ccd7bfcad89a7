package dev.apex.device.web;

import static dev.apex.device.web.Screens.byId;
import static dev.apex.device.web.Screens.find;
import static dev.apex.device.web.Screens.observe;
import static dev.apex.device.web.Screens.text;
import static dev.apex.device.web.Screens.until;
import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.Bounds;
import dev.apex.core.ElementFlag;
import dev.apex.core.Scene;
import dev.apex.perception.CompactEncoder;
import dev.apex.perception.SceneBuilder;
import dev.apex.perception.tree.UiNode;
import dev.apex.perception.tree.UiTree;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Gestures as real as a person's (issue 30, item 5), in real headless Chromium at device pixel
 * ratio 2, each on a page of its own kind: a drag that passes through the points between its ends
 * (a pad counting the pointer's moves; a list that swaps an item with its neighbour as the pointer
 * passes it), elements clipped by a scrolling box (an {@code overflow: auto} box, a {@code <select
 * multiple>}) listed as off-view and scrolled into view, and elements that react only to the
 * pointer passing over them listed as hoverable.
 */
@Tag("e2e")
class ChromiumPersonGesturesTest {

  static final String PAGE =
      """
      <!doctype html><html><head><title>Person gestures</title><style>
        body { margin: 0; font: 16px sans-serif; } .abs { position: absolute; }
        #pad { left: 20px; top: 20px; width: 300px; height: 120px; background: #eef; }
        #sortable { left: 360px; top: 20px; margin: 0; padding: 0; list-style: none; width: 160px; }
        #sortable li { height: 36px; margin: 0 0 4px; background: #fd8; user-select: none; }
        #box { left: 20px; top: 180px; width: 200px; height: 100px; overflow: auto; }
        #box button { display: block; height: 40px; width: 180px; }
        #many { left: 260px; top: 180px; width: 160px; }
        #trigger { left: 460px; top: 200px; width: 24px; height: 24px; background: #555; }
        #popup { left: 460px; top: 230px; display: none; }
        .account { left: 560px; top: 200px; padding: 4px; }
        .account .drop { display: none; } .account:hover .drop { display: block; }
      </style></head><body>
      <div id="pad" class="abs"></div><p id="pad-status" class="abs" style="left:20px;top:140px">Points 0</p>
      <ul id="sortable" class="abs"><li>Alpha</li><li>Bravo</li><li>Charlie</li><li>Delta</li></ul>
      <p id="order" class="abs" style="left:560px;top:20px">Alpha Bravo Charlie Delta</p>
      <div id="box" class="abs"></div>
      <p id="box-status" class="abs" style="left:20px;top:300px">Clicked nothing</p>
      <select id="many" class="abs" multiple size="4"></select>
      <div id="trigger" class="abs"></div>
      <div id="popup" class="abs"><button id="logout">Log out</button></div>
      <div class="abs account">Account<div class="drop"><a href="#profile">Profile</a></div></div>
      <script>
        for (let i = 1; i <= 10; i++) {
          const b = document.createElement('button');
          b.textContent = 'Row ' + i;
          b.onclick = () => { document.getElementById('box-status').textContent = 'Clicked Row ' + i; };
          box.appendChild(b);
          many.appendChild(new Option('Opt ' + i, 'o' + i));
        }
        let drawing = false; const xs = new Set();
        pad.addEventListener('mousedown', () => { drawing = true; xs.clear(); });
        document.addEventListener('mousemove', e => { if (drawing) xs.add(e.clientX); });
        document.addEventListener('mouseup', () => {
          if (drawing) document.getElementById('pad-status').textContent = 'Points ' + xs.size;
          drawing = false;
        });
        // A list that follows the pointer: the dragged item swaps with one neighbour per move,
        // when the pointer has passed that neighbour's middle.
        let dragged = null;
        sortable.addEventListener('mousedown', e => {
          if (e.target.tagName === 'LI') { dragged = e.target; e.preventDefault(); }
        });
        document.addEventListener('mousemove', e => {
          if (!dragged) return;
          const next = dragged.nextElementSibling, prev = dragged.previousElementSibling;
          if (next) {
            const r = next.getBoundingClientRect();
            if (e.clientY > r.top + r.height / 2) { sortable.insertBefore(next, dragged); }
          }
          if (prev) {
            const r = prev.getBoundingClientRect();
            if (e.clientY < r.top + r.height / 2) { sortable.insertBefore(dragged, prev); }
          }
        });
        document.addEventListener('mouseup', () => {
          if (!dragged) return;
          dragged = null;
          order.textContent = [...sortable.children].map(li => li.textContent).join(' ');
        });
        trigger.addEventListener('mouseenter', () => { popup.style.display = 'block'; });
      </script></body></html>
      """;

  @RegisterExtension
  static final PageBrowser BROWSER = PageBrowser.of("/person.html", PAGE, 800, 600, 2.0);

  private static WebDevice device() {
    return BROWSER.device();
  }

  @Test
  void aDragPassesThroughThePointsBetweenItsEndsOverItsDuration() {
    Bounds pad = byId(observe(device()), "pad").bounds();

    device()
        .drag(
            pad.left() + 20,
            pad.centerY(),
            pad.right() - 20,
            pad.centerY(),
            Duration.ofMillis(400));

    String points = byId(observe(device()), "pad-status").text();
    assertThat(Integer.parseInt(points.replace("Points ", ""))).isGreaterThanOrEqualTo(10);
  }

  @Test
  void aListThatFollowsThePointerReordersAsAPersonsDragWould() {
    UiTree tree = observe(device());
    Bounds alpha = find(tree, text("Alpha")).orElseThrow().bounds();
    Bounds charlie = find(tree, text("Charlie")).orElseThrow().bounds();

    // Let go in Charlie's lower half: past its middle, so Alpha goes after it.
    device()
        .drag(
            alpha.centerX(),
            alpha.centerY(),
            charlie.centerX(),
            charlie.centerY() + charlie.height() / 4,
            Duration.ofMillis(500));

    assertThat(byId(observe(device()), "order").text()).isEqualTo("Bravo Charlie Alpha Delta");
  }

  @Test
  void aRowScrolledOutOfItsBoxIsOffViewAndOnceScrolledIntoViewATapLandsOnIt() {
    UiTree tree = observe(device());
    Bounds box = byId(tree, "box").bounds();
    UiNode first = find(tree, text("Row 1")).orElseThrow();
    UiNode eighth = find(tree, text("Row 8")).orElseThrow();
    assertThat(first.flags()).doesNotContain(ElementFlag.OFF_VIEW);
    assertThat(eighth.flags()).contains(ElementFlag.OFF_VIEW);
    assertThat(box.contains(eighth.bounds().centerX(), eighth.bounds().centerY())).isFalse();
    Scene scene = SceneBuilder.build(tree, List.of());
    assertThat(CompactEncoder.encode(scene)).contains("off-view Row 8");

    assertThat(device().reveal(eighth.bounds())).isTrue();

    UiTree after = observe(device());
    UiNode shown = find(after, text("Row 8")).orElseThrow();
    assertThat(shown.flags()).doesNotContain(ElementFlag.OFF_VIEW);
    assertThat(box.contains(shown.bounds().centerX(), shown.bounds().centerY())).isTrue();
    Screens.tap(device(), shown);
    assertThat(byId(observe(device()), "box-status").text()).isEqualTo("Clicked Row 8");
    assertThat(find(after, text("Row 1")).orElseThrow().flags()).contains(ElementFlag.OFF_VIEW);
  }

  @Test
  void anOptionBelowAListBoxsFoldIsOffViewUntilScrolledIntoView() {
    UiTree tree = observe(device());
    UiNode ninth = find(tree, text("Opt 9")).orElseThrow();
    assertThat(find(tree, text("Opt 2")).orElseThrow().flags())
        .doesNotContain(ElementFlag.OFF_VIEW);
    assertThat(ninth.flags()).contains(ElementFlag.OFF_VIEW);

    assertThat(device().reveal(ninth.bounds())).isTrue();

    UiTree after = observe(device());
    UiNode shown = find(after, option("Opt 9")).orElseThrow();
    assertThat(shown.flags()).doesNotContain(ElementFlag.OFF_VIEW);
    Screens.tap(device(), shown);
    until(
        device(),
        t -> find(t, option("Opt 9")).orElseThrow().flags().contains(ElementFlag.SELECTED),
        "Opt 9 selected by a tap at its point");
    assertThat(device().reveal(new Bounds(0, 0, 2, 2))).isFalse();
  }

  private static java.util.function.Predicate<UiNode> option(String name) {
    return n -> n.className().equals("option") && n.text().equals(name);
  }

  @Test
  void aRowHalfInItsBoxIsListedAndEveryRowIsListedOnceInViewOrOffView() {
    UiTree tree = observe(device());
    for (int i = 1; i <= 10; i++) {
      assertThat(tree.nodes()).filteredOn(text("Row " + i)).hasSize(1);
    }
  }

  @Test
  void whatReactsOnlyToThePointerPassingOverItIsListedAsHoverableAndHoverReachesIt() {
    UiTree tree = observe(device());
    UiNode trigger = byId(tree, "trigger");
    UiNode account = find(tree, n -> n.text().startsWith("Account")).orElseThrow();
    assertThat(trigger.flags()).contains(ElementFlag.HOVERABLE);
    assertThat(account.flags()).contains(ElementFlag.HOVERABLE);
    assertThat(CompactEncoder.encode(SceneBuilder.build(tree, List.of()))).contains(" hover @");
    assertThat(find(tree, text("Log out"))).isEmpty();

    device().hover(trigger.bounds().centerX(), trigger.bounds().centerY());
    assertThat(find(observe(device()), text("Log out"))).isPresent();
    device().hover(account.bounds().centerX(), account.bounds().centerY());
    assertThat(find(observe(device()), text("Profile"))).isPresent();
  }
}
