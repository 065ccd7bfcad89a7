package dev.apex.device.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.Bounds;
import dev.apex.core.ElementFlag;
import dev.apex.core.InvalidInputException;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.device.Gestures;
import dev.apex.perception.CompactEncoder;
import dev.apex.perception.SceneBuilder;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What the web device's Scene offers on pages like a web-agent benchmark's, in real headless
 * Chromium at device pixel ratio 2: SVG shapes, script-handled elements and widget roles as
 * interactive, names for controls without text, drop-down lists with their options (and picking
 * one), textareas told from text inputs, a control listed once though two elements make it, and no
 * control that another element covers. Asserted through the Scene and its compact encoding. One
 * browser for the class; skipped where Chromium is not installed, except under {@code CI=true}.
 */
@Tag("e2e")
class ChromiumPerceptionTest {

  static final String PAGE =
      """
      <!doctype html><html><head><title>Perception</title><style>
        body { margin: 0; font: 16px sans-serif; }
        .abs { position: absolute; margin: 0; }
        .box { width: 100px; height: 30px; background: #fc6; }
        ul { list-style: none; padding: 0; }
        #tabs li { float: left; border: 1px solid #999; margin-right: 4px; }
        #tabs a { display: block; padding: 6px 12px; }
      </style></head><body>
      <svg id="shapes" class="abs" style="left:10px;top:10px" width="300" height="100">
        <circle id="dot" cx="50" cy="50" r="40" fill="red"></circle>
        <rect id="square" x="110" y="10" width="80" height="80" fill="blue" style="cursor:pointer"/>
        <a id="tri" href="#tri"><title>Triangle</title>
          <polygon points="250,10 290,90 210,90" fill="green"></polygon></a>
        <circle id="idle" cx="50" cy="50" r="5" fill="black" style="display:none"></circle>
      </svg>
      <div id="listened" class="abs box" style="left:10px;top:130px">Listened</div>
      <div id="attr" class="abs box" style="left:130px;top:130px" onclick="void 0">Attribute</div>
      <div id="prop" class="abs box" style="left:250px;top:130px">Property</div>
      <span id="pointer" class="abs" style="left:370px;top:130px;cursor:pointer">Pointer
        <b id="inner">inside</b></span>
      <div id="role" class="abs" role="button" style="left:490px;top:130px">Role</div>
      <div id="focusable" class="abs" tabindex="0" style="left:590px;top:130px">Focusable</div>
      <div id="plain" class="abs" style="left:690px;top:130px">Plain</div>
      <ul id="delegated" class="abs" style="left:10px;top:170px"><li id="one">One</li>
        <li id="two">Two</li></ul>
      <button id="n-aria" class="abs" style="left:10px;top:240px" aria-label="Close">
        <svg width="12" height="12"><path d="M0 0L12 12"/></svg></button>
      <button id="n-by" class="abs" style="left:60px;top:240px;width:30px;height:20px"
        aria-labelledby="by-text"></button><span id="by-text" class="abs"
        style="left:100px;top:240px">Labelled</span>
      <button id="n-title" class="abs" style="left:200px;top:240px;width:30px;height:20px"
        title="Settings"></button>
      <input id="n-alt" class="abs" style="left:250px;top:240px;width:30px;height:20px"
        type="image" alt="Search" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
      <input id="n-name" class="abs" style="left:300px;top:240px" name="quantity">
      <input id="n-ph" class="abs" style="left:500px;top:240px" placeholder="Your e-mail">
      <label for="n-label" class="abs" style="left:10px;top:280px">Street</label>
      <input id="n-label" class="abs" style="left:80px;top:280px" placeholder="e.g. Main St">
      <label class="abs" style="left:300px;top:280px">City <input id="n-wrap"></label>
      <button id="n-none" class="abs" style="left:600px;top:280px;width:30px;height:20px"></button>
      <label for="plan" class="abs" style="left:10px;top:330px">Plan</label>
      <select id="plan" class="abs" style="left:80px;top:330px">
        <option value="free">Free</option><option value="pro" selected>Pro</option>
        <option value="team">Team plan</option><option value="old" disabled>Legacy</option>
      </select>
      <p id="plan-status" class="abs" style="left:300px;top:330px">No change</p>
      <textarea id="notes" class="abs" style="left:10px;top:380px" placeholder="Notes"></textarea>
      <input id="subject" class="abs" style="left:300px;top:380px" placeholder="Subject">
      <ul id="tabs" class="abs" role="tablist" style="left:10px;top:450px">
        <li id="tab-1" role="tab" tabindex="0" aria-selected="true" aria-labelledby="tab-a1">
          <a id="tab-a1" href="#p1" role="presentation" tabindex="-1">Tab 1</a></li>
        <li id="tab-2" role="tab" tabindex="-1" aria-selected="false" aria-labelledby="tab-a2">
          <a id="tab-a2" href="#p2" role="presentation" tabindex="-1">Tab 2</a></li>
      </ul>
      <button id="under" class="abs" style="left:500px;top:450px">Behind the veil</button>
      <div id="veil" class="abs" style="left:490px;top:440px;width:200px;height:60px;
        background:rgba(0,0,0,.4)"></div>
      <button id="edge" class="abs" style="left:500px;top:520px;width:150px">Half veiled</button>
      <div id="corner" class="abs" style="left:620px;top:515px;width:60px;height:40px;
        background:rgba(0,0,0,.4)"></div>
      <label class="abs" style="left:10px;top:565px"><input id="agree" type="checkbox">
        Agree</label>
      <input id="small" class="abs" style="left:100px;top:565px" type="radio" name="size"
        aria-label="Small" checked>
      <div id="dark" class="abs" style="left:140px;top:565px;width:40px;height:20px" role="switch"
        aria-checked="true" aria-label="Dark mode" tabindex="0"></div>
      <input id="filled" class="abs" style="left:200px;top:565px" placeholder="Username"
        value="keli">
      <script>
        const say = t => document.getElementById('plan-status').textContent = t;
        dot.addEventListener('click', () => {});
        listened.addEventListener('click', () => {});
        prop.onclick = () => {};
        delegated.addEventListener('click', () => {});
        let inputs = 0, changes = 0;
        plan.addEventListener('input', () => inputs++);
        plan.addEventListener('change', () => say(
            'Changed to ' + plan.value + ' (' + ++changes + ' changes, ' + inputs + ' inputs)'));
      </script></body></html>
      """;

  @RegisterExtension
  static final PageBrowser BROWSER = PageBrowser.of("/perception.html", PAGE, 800, 600, 2.0);

  private static WebDevice device() {
    return BROWSER.device();
  }

  private static Scene scene() {
    return SceneBuilder.build(Screens.observe(device()), List.of());
  }

  private static Optional<SceneElement> find(Scene scene, String id) {
    return scene.elements().stream().filter(e -> e.resourceId().equals(id)).findFirst();
  }

  private static SceneElement byId(Scene scene, String id) {
    return find(scene, id)
        .orElseThrow(() -> new AssertionError("no " + id + " in\n" + CompactEncoder.encode(scene)));
  }

  /** The element's line in the compact encoding, without its handle. */
  private static String line(Scene scene, String id) {
    SceneElement e = byId(scene, id);
    int handle = scene.elements().indexOf(e) + 1;
    return CompactEncoder.encode(scene)
        .lines()
        .filter(l -> l.startsWith(handle + " "))
        .findFirst()
        .orElseThrow()
        .substring(String.valueOf(handle).length() + 1);
  }

  @Test
  void svgShapesThatActAreTappableAndSayWhatShapeTheyAre() {
    Scene scene = scene();

    assertThat(byId(scene, "dot").has(ElementFlag.CLICKABLE)).as("a click listener").isTrue();
    assertThat(line(scene, "dot")).startsWith("circle @");
    assertThat(byId(scene, "square").has(ElementFlag.CLICKABLE)).as("cursor: pointer").isTrue();
    assertThat(line(scene, "square")).startsWith("rect @");
    SceneElement tri = byId(scene, "tri");
    assertThat(tri.has(ElementFlag.CLICKABLE)).as("an <a> in svg").isTrue();
    assertThat(tri.text()).as("its SVG <title>").isEqualTo("Triangle");
    assertThat(find(scene, "idle")).isEmpty();
    Bounds dot = byId(scene, "dot").bounds();
    assertThat(dot.width()).as("80 CSS px at ratio 2").isEqualTo(160);
  }

  @Test
  void scriptHandledElementsWidgetRolesAndPointerCursorsAreTappable() {
    Scene scene = scene();

    for (String id : List.of("listened", "attr", "prop", "pointer", "role", "focusable")) {
      assertThat(byId(scene, id).has(ElementFlag.CLICKABLE)).as(id).isTrue();
      assertThat(line(scene, id)).as(id).startsWith("tap @");
    }
    assertThat(byId(scene, "plain").has(ElementFlag.CLICKABLE)).isFalse();
    assertThat(byId(scene, "pointer").text())
        .as("only the outermost of a pointer subtree; it absorbs the rest")
        .isEqualTo("Pointer inside");
    assertThat(find(scene, "inner")).isEmpty();
    assertThat(find(scene, "delegated"))
        .as("a list's delegated click listener makes no one big button of it")
        .isEmpty();
    assertThat(byId(scene, "one").text()).isEqualTo("One");
    assertThat(byId(scene, "two").text()).isEqualTo("Two");
  }

  @Test
  void controlsWithoutTextAreNamedByTheirAccessibleName() {
    Scene scene = scene();

    assertThat(byId(scene, "n-aria").text()).isEqualTo("Close");
    assertThat(byId(scene, "n-by").text()).isEqualTo("Labelled");
    assertThat(byId(scene, "n-title").text()).isEqualTo("Settings");
    assertThat(byId(scene, "n-alt").text()).isEqualTo("Search");
    assertThat(byId(scene, "n-name").text()).isEqualTo("quantity");
    assertThat(byId(scene, "n-ph").text()).isEqualTo("Your e-mail");
    assertThat(byId(scene, "n-label").text())
        .as("its <label> before its placeholder")
        .isEqualTo("Street");
    assertThat(byId(scene, "n-wrap").text()).as("a wrapping <label>").isEqualTo("City");
    SceneElement none = byId(scene, "n-none");
    assertThat(none.text()).isEmpty();
    assertThat(line(scene, "n-none")).matches("tap @\\d+,\\d+");
    assertThat(scene().element(none.id())).as("the same id on the next capture").isPresent();
  }

  @Test
  void aDropDownShowsItsSelectedOptionAndTheOthers() {
    Scene scene = scene();

    SceneElement plan = byId(scene, "plan");
    assertThat(plan.type()).isEqualTo("dropdown");
    assertThat(plan.text()).isEqualTo("Pro | options: Free, Pro, Team plan, Legacy");
    assertThat(line(scene, "plan")).matches("dropdown @\\d+,\\d+ Pro \\| options: .*");
  }

  @Test
  void selectOptionPicksByVisibleTextOrValueAndFiresChange() {
    Bounds plan = byId(scene(), "plan").bounds();
    Gestures.SelectOption lists = device().role(Gestures.SelectOption.class).orElseThrow();

    assertThat(lists.selectOption(plan.centerX(), plan.centerY(), "Team plan"))
        .isEqualTo("Team plan");
    Scene after = scene();
    assertThat(byId(after, "plan").text()).startsWith("Team plan | options:");
    assertThat(byId(after, "plan-status").text())
        .isEqualTo("Changed to team (1 changes, 1 inputs)");

    Bounds label = byId(after, "n-label").bounds(); // any point off the list
    assertThat(lists.selectOption(plan.centerX(), plan.centerY(), "free")).isEqualTo("Free");
    assertThat(byId(scene(), "plan-status").text())
        .isEqualTo("Changed to free (2 changes, 2 inputs)");

    assertThat(lists.selectOption(plan.centerX(), plan.centerY(), "FREE"))
        .as("already selected: no event, as in a browser")
        .isEqualTo("Free");
    assertThat(byId(scene(), "plan-status").text())
        .isEqualTo("Changed to free (2 changes, 2 inputs)");

    assertThatThrownBy(() -> lists.selectOption(plan.centerX(), plan.centerY(), "Gold"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("has no option 'Gold'")
        .hasMessageContaining("Free, Pro, Team plan, Legacy");
    assertThatThrownBy(() -> lists.selectOption(plan.centerX(), plan.centerY(), "Legacy"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("'Legacy'")
        .hasMessageContaining("disabled");
    assertThatThrownBy(() -> lists.selectOption(label.centerX(), label.centerY(), "Pro"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("no drop-down list (<select>)")
        .hasMessageContaining("found <input>");
  }

  @Test
  void selectOptionAtTheListsLabelPicksInTheList() {
    Scene scene = scene();
    SceneElement label =
        scene.elements().stream().filter(e -> e.text().equals("Plan")).findFirst().orElseThrow();

    device().selectOption(label.bounds().centerX(), label.bounds().centerY(), "Team plan");

    assertThat(byId(scene(), "plan").text()).startsWith("Team plan |");
  }

  @Test
  void aTextareaIsToldFromATextInput() {
    Scene scene = scene();

    assertThat(byId(scene, "notes").type()).isEqualTo("textarea");
    assertThat(line(scene, "notes")).matches("textarea @\\d+,\\d+ Notes");
    assertThat(byId(scene, "subject").type()).isEqualTo("input");
    assertThat(line(scene, "subject")).matches("input @\\d+,\\d+ Subject");
  }

  @Test
  void aTabMadeOfAnItemAndItsLinkIsListedOnce() {
    Scene scene = scene();

    assertThat(scene.elements().stream().filter(e -> e.text().equals("Tab 1"))).hasSize(1);
    assertThat(scene.elements().stream().filter(e -> e.text().equals("Tab 2"))).hasSize(1);
    SceneElement tab = byId(scene, "tab-1");
    assertThat(tab.text()).isEqualTo("Tab 1");
    assertThat(tab.has(ElementFlag.SELECTED)).as("the item's state is kept").isTrue();
    assertThat(find(scene, "tab-a1")).isEmpty();
    assertThat(line(scene, "tab-1")).matches("tab selected @\\d+,\\d+ Tab 1");
  }

  @Test
  void checkboxesRadiosAndSwitchesAreListedAsSuchWithTheirStateOnce() {
    Scene scene = scene();

    assertThat(line(scene, "agree")).matches("checkbox off @\\d+,\\d+ Agree");
    assertThat(line(scene, "small")).matches("radio on @\\d+,\\d+ Small");
    assertThat(line(scene, "dark")).matches("switch on @\\d+,\\d+ Dark mode");
  }

  @Test
  void aFilledFieldKeepsItsPlaceholderBesideItsValue() {
    Scene scene = scene();

    SceneElement filled = byId(scene, "filled");
    assertThat(filled.text()).isEqualTo("keli");
    assertThat(filled.hint()).isEqualTo("Username");
    assertThat(line(scene, "filled")).matches("input @\\d+,\\d+ \"Username\": keli");
  }

  @Test
  void aControlCoveredAtItsCentreIsNotOffered() {
    Scene scene = scene();

    assertThat(find(scene, "under")).as("behind the veil").isEmpty();
    assertThat(scene.elements()).noneMatch(e -> e.text().contains("Behind the veil"));
    assertThat(byId(scene, "edge").has(ElementFlag.CLICKABLE))
        .as("covered at a corner only: its centre takes the tap")
        .isTrue();
  }
}
