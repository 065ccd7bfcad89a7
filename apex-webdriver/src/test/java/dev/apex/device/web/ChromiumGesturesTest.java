package dev.apex.device.web;

import static dev.apex.device.web.Screens.byId;
import static dev.apex.device.web.Screens.observe;
import static dev.apex.device.web.Screens.text;
import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.Bounds;
import dev.apex.device.Gestures.Modifier;
import dev.apex.perception.tree.UiNode;
import dev.apex.perception.tree.UiTree;
import java.time.Duration;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Hover, modifier clicks, long press and drag in real headless Chromium at device pixel ratio 2,
 * each on a page that reacts the way benchmark pages do, asserted by reading the page back through
 * the device's capture. One browser for the class. Skipped where Chromium is not installed, except
 * under {@code CI=true}, where its absence fails.
 */
@Tag("e2e")
class ChromiumGesturesTest {

  static final String PAGE =
      """
      <!doctype html><html><head><title>Gestures</title><style>
        body { margin: 0; font: 16px sans-serif; }
        .abs { position: absolute; }
        #box { left: 20px; top: 300px; width: 80px; height: 60px; background: #fc6; z-index: 1; }
        #target { left: 400px; top: 300px; width: 160px; height: 120px; background: #9cf; }
        #card { left: 20px; top: 460px; width: 80px; height: 40px; background: #cfc; }
        #sticky { left: 120px; top: 460px; width: 80px; height: 40px; background: #fcc; }
        #bin { left: 400px; top: 450px; width: 160px; height: 80px; background: #ccc; }
        li { padding: 4px; } .picked { background: #69f; }
      </style></head><body>
      <p id="hover-status" class="abs" style="left:600px;top:0">No hover</p>
      <button id="menu" class="abs" style="left:20px;top:20px">Menu</button>
      <div id="submenu" class="abs" style="left:20px;top:50px;display:none">Settings</div>
      <ul id="fruits" class="abs" style="left:200px;top:0;list-style:none">
        <li id="apple">Apple</li><li id="banana">Banana</li><li id="cherry">Cherry</li>
      </ul>
      <p id="select-status" class="abs" style="left:600px;top:40px">Selected: none</p>
      <button id="hold" class="abs" style="left:20px;top:200px">Hold me</button>
      <p id="hold-status" class="abs" style="left:600px;top:80px">Not pressed</p>
      <input id="volume" class="abs" type="range" min="0" max="100" value="0"
          style="left:200px;top:200px;width:300px;margin:0">
      <p id="volume-status" class="abs" style="left:600px;top:120px">Volume 0</p>
      <div id="box" class="abs">Box</div><div id="target" class="abs">Target</div>
      <p id="drag-status" class="abs" style="left:600px;top:160px">Not dropped</p>
      <div id="card" class="abs" draggable="true">Card</div>
      <div id="sticky" class="abs" draggable="true">Sticky</div><div id="bin" class="abs">Bin</div>
      <p id="html5-status" class="abs" style="left:600px;top:200px">Bin empty</p>
      <script>
        function say(id, text) { document.getElementById(id).textContent = text; }
        menu.addEventListener('mouseover', () => {
          submenu.style.display = 'block'; say('hover-status', 'Hovered');
        });
        fruits.addEventListener('click', e => {
          if (e.target.tagName !== 'LI') return;
          if (!e.ctrlKey) fruits.querySelectorAll('li').forEach(li => li.classList.remove('picked'));
          e.target.classList.toggle('picked');
          say('select-status', 'Selected: ' + [...fruits.querySelectorAll('.picked')]
              .map(li => li.textContent).join(', '));
        });
        let down = 0;
        hold.addEventListener('mousedown', () => { down = performance.now(); });
        hold.addEventListener('mouseup', () => {
          say('hold-status', performance.now() - down >= 500 ? 'Long press' : 'Short press');
        });
        volume.addEventListener('input', () => say('volume-status', 'Volume ' + volume.value));
        let grab = null;
        box.addEventListener('mousedown', e => {
          grab = {dx: e.clientX - box.offsetLeft, dy: e.clientY - box.offsetTop};
        });
        document.addEventListener('mousemove', e => {
          if (!grab) return;
          box.style.left = (e.clientX - grab.dx) + 'px'; box.style.top = (e.clientY - grab.dy) + 'px';
        });
        document.addEventListener('mouseup', () => {
          if (!grab) return;
          grab = null;
          const b = box.getBoundingClientRect(), t = target.getBoundingClientRect();
          const cx = b.left + b.width / 2, cy = b.top + b.height / 2;
          const inside = cx >= t.left && cx <= t.right && cy >= t.top && cy <= t.bottom;
          say('drag-status', inside ? 'Dropped on target' : 'Dropped elsewhere');
        });
        for (const el of [card, sticky]) {
          el.addEventListener('dragstart', e => e.dataTransfer.setData('text/plain', el.id));
        }
        // Chromium starts no native drag once mousedown is cancelled: this element stands for a
        // driver whose synthetic input starts none.
        sticky.addEventListener('mousedown', e => e.preventDefault());
        let drops = 0;
        bin.addEventListener('dragover', e => e.preventDefault());
        bin.addEventListener('drop', e => {
          e.preventDefault();
          say('html5-status', 'Bin holds ' + e.dataTransfer.getData('text/plain') + ' (' + ++drops + ')');
        });
      </script></body></html>
      """;

  @RegisterExtension
  static final PageBrowser BROWSER = PageBrowser.of("/gestures.html", PAGE, 800, 600, 2.0);

  private static WebDevice device() {
    return BROWSER.device();
  }

  private static String textOf(String id) {
    return byId(observe(device()), id).text();
  }

  @Test
  void hoverOpensAMenuThatShowsOnMouseover() {
    UiTree before = observe(device());
    assertThat(before.nodes()).noneMatch(n -> n.text().equals("Settings") && n.visible());
    Bounds menu = byId(before, "menu").bounds();

    device().hover(menu.centerX(), menu.centerY());

    UiTree after = observe(device());
    assertThat(byId(after, "hover-status").text()).isEqualTo("Hovered");
    assertThat(Screens.find(after, text("Settings"))).get().matches(UiNode::visible);
  }

  @Test
  void aCtrlClickAddsToTheSelectionWhereAPlainClickReplacesIt() {
    UiTree tree = observe(device());
    Bounds apple = byId(tree, "apple").bounds();
    Bounds cherry = byId(tree, "cherry").bounds();
    Bounds banana = byId(tree, "banana").bounds();

    device().tap(apple.centerX(), apple.centerY());
    device().tap(cherry.centerX(), cherry.centerY(), Set.of(Modifier.CTRL));
    assertThat(textOf("select-status")).isEqualTo("Selected: Apple, Cherry");

    device().tap(banana.centerX(), banana.centerY());
    assertThat(textOf("select-status"))
        .as("the ctrl key was released after the click")
        .isEqualTo("Selected: Banana");
  }

  @Test
  void aLongPressHoldsTheButtonDownForItsDuration() {
    Bounds hold = byId(observe(device()), "hold").bounds();

    device().tap(hold.centerX(), hold.centerY());
    assertThat(textOf("hold-status")).isEqualTo("Short press");

    device().longPress(hold.centerX(), hold.centerY(), Duration.ofMillis(700));
    assertThat(textOf("hold-status")).isEqualTo("Long press");
  }

  @Test
  void aDragMovesABoxThatFollowsMouseEventsOntoItsTarget() {
    UiTree tree = observe(device());
    Bounds box = byId(tree, "box").bounds();
    Bounds target = byId(tree, "target").bounds();

    device()
        .drag(
            box.centerX(),
            box.centerY(),
            target.centerX(),
            target.centerY(),
            Duration.ofMillis(300));

    UiTree after = observe(device());
    assertThat(byId(after, "drag-status").text()).isEqualTo("Dropped on target");
    assertThat(target.contains(byId(after, "box").bounds())).isTrue();
  }

  @Test
  void aDragAlongARangeSliderSetsItsValue() {
    Bounds slider = byId(observe(device()), "volume").bounds();

    device()
        .drag(
            slider.left() + 8,
            slider.centerY(),
            slider.right() - 2,
            slider.centerY(),
            Duration.ofMillis(300));

    assertThat(textOf("volume-status")).isEqualTo("Volume 100");
  }

  @Test
  void aDragFromADraggableElementFiresTheHtml5DropOnTheTarget() {
    UiTree tree = observe(device());
    Bounds card = byId(tree, "card").bounds();
    Bounds bin = byId(tree, "bin").bounds();

    device()
        .drag(card.centerX(), card.centerY(), bin.centerX(), bin.centerY(), Duration.ofMillis(300));

    assertThat(textOf("html5-status"))
        .as("the mouse's own drag, dropped once: no script drop on top of it")
        .isEqualTo("Bin holds card (1)");
  }

  @Test
  void aDraggableElementTheMouseCannotDragIsDroppedByScript() {
    UiTree tree = observe(device());
    Bounds sticky = byId(tree, "sticky").bounds();
    Bounds bin = byId(tree, "bin").bounds();

    device()
        .drag(
            sticky.centerX(),
            sticky.centerY(),
            bin.centerX(),
            bin.centerY(),
            Duration.ofMillis(300));

    assertThat(textOf("html5-status")).isEqualTo("Bin holds sticky (1)");
  }
}
