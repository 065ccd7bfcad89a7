package dev.apex.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The step view in real headless Chromium on the Wi-Fi flow run on the simulated phone: a step
 * shows the screen before its action and the one after it (the next step's, the final observation
 * for the last step, a note while the task still runs); clicking an element box shows its
 * attributes with the flow step that taps it, and that step, replayed as a flow, taps the same
 * element; the step's target is outlined, its pixels left uncovered. Screenshots go to {@code
 * target/console-screenshots/}.
 */
@Tag("e2e")
class StepViewBrowserTest {

  static final String WIFI_SWITCH = "com.android.settings:id/wifi_switch";

  @TempDir Path home;
  @TempDir Path profile;
  private SimLauncher launcher;
  private ConsoleBrowser page;
  private TestConsole console;
  private WebDriver browser;
  private WebDriverWait wait;

  @BeforeEach
  void start() throws IOException {
    launcher = SimLauncher.gated();
    page = ConsoleBrowser.open(home, profile, launcher, Duration.ofSeconds(30));
    console = page.console;
    browser = page.browser;
    wait = page.wait;
  }

  @AfterEach
  void stop() {
    // Let a task still waiting go on, so stopping the console does not wait for it.
    for (int i = 0; i < 16; i++) {
      launcher.release();
    }
    if (page != null) {
      page.close();
    }
  }

  @Test
  void aStepShowsTheScreenBeforeAndAfterAndAnElementsAttributesWithALocatorThatReplays()
      throws IOException {
    String id = startFlow(SimLauncher.WIFI_FLOW);
    browser.get(console.server.baseUrl() + "#/tasks/" + id + "/steps/1");
    wait.until(d -> ConsoleBrowser.steps(d) == 1);
    wait.until(d -> !d.findElements(By.id("after-missing")).isEmpty());
    assertThat(page.text("#after-missing")).contains("still running");

    for (int step = 2; step <= 4; step++) {
      launcher.release();
      int expected = step;
      wait.until(d -> ConsoleBrowser.steps(d) == expected);
    }
    launcher.release();
    wait.until(d -> "SUCCEEDED".equals(page.status()));
    // The last step's "after" is the task's final observation.
    wait.until(d -> d.getCurrentUrl().endsWith("/steps/4"));
    wait.until(d -> page.loaded("screenshot-after"));
    assertThat(browser.findElement(By.id("screenshot-after")).getAttribute("src"))
        .endsWith("/api/tasks/" + id + "/final/screenshot.png");

    browser.findElement(By.cssSelector(".step-item[data-index='2']")).click();
    wait.until(d -> d.getCurrentUrl().endsWith("/steps/2"));
    wait.until(d -> page.loaded("screenshot") && page.loaded("screenshot-after"));
    assertThat(browser.findElement(By.id("screenshot-after")).getAttribute("src"))
        .endsWith("/api/tasks/" + id + "/steps/3/screenshot.png");
    assertThat(pixels("screenshot"))
        .as("the screen before tapping Wi-Fi and the Wi-Fi page after it differ")
        .isNotEqualTo(pixels("screenshot-after"));
    WebElement before = browser.findElement(By.id("screen"));
    WebElement after = browser.findElement(By.id("screen-after"));
    assertThat(after.getRect().getX())
        .as("side by side on a 1400 x 900 window")
        .isGreaterThanOrEqualTo(before.getRect().getX() + before.getRect().getWidth());
    assertThat(browser.findElements(By.cssSelector("#boxes rect.box"))).hasSizeGreaterThan(3);
    assertThat(browser.findElements(By.cssSelector("#boxes-after rect.box"))).hasSizeGreaterThan(2);
    assertWithinViewport();
    page.shot("step-before-after");

    // The Wi-Fi switch, on the screen after the step.
    JsonNode stepsJson = TestConsole.json(console.get("/api/tasks/" + id + "/steps"));
    JsonNode wifiSwitch = element(stepsJson.get("steps").get(2).get("scene"), WIFI_SWITCH);
    WebElement switchBox =
        browser.findElement(
            By.cssSelector("#boxes-after rect[data-id='" + wifiSwitch.get("id").asText() + "']"));
    // Hovering previews an element's attributes; clicking keeps them.
    new Actions(browser).moveToElement(switchBox).perform();
    wait.until(d -> page.text("#attrs [data-key='resource_id'] td").equals(WIFI_SWITCH));
    assertThat(page.text("#attributes")).contains("hover");
    new Actions(browser).moveToElement(browser.findElement(By.id("task-goal"))).perform();
    wait.until(d -> !d.findElements(By.id("attributes-empty")).isEmpty());
    switchBox.click();
    wait.until(d -> !d.findElements(By.id("attrs")).isEmpty());
    assertThat(switchBox.getAttribute("class")).contains("selected");
    assertThat(page.text("#attrs [data-key='resource_id'] td")).isEqualTo(WIFI_SWITCH);
    assertThat(page.text("#attrs [data-key='id'] td")).isEqualTo(wifiSwitch.get("id").asText());
    assertThat(page.text("#attrs [data-key='kind'] td")).isEqualTo(wifiSwitch.get("type").asText());
    assertThat(page.text("#attrs [data-key='state'] td"))
        .contains("checkable")
        .doesNotContain("checked");
    JsonNode b = wifiSwitch.get("bounds");
    assertThat(page.text("#attrs [data-key='bounds'] td"))
        .startsWith(
            "["
                + b.get("left").asInt()
                + ","
                + b.get("top").asInt()
                + "]["
                + b.get("right").asInt()
                + ","
                + b.get("bottom").asInt()
                + "]");
    assertThat(page.text("#attrs [data-key='source'] td")).contains("TREE").contains("1.00");
    assertThat(page.text("#attributes")).contains("After").contains("selected");
    String locator = page.text("#attr-locator");
    assertThat(locator).isEqualTo("tap: { element: \"" + WIFI_SWITCH + "\" }");
    browser.findElement(By.id("copy-locator")).click();
    wait.until(d -> !page.text("#copy-status").isEmpty());
    page.shot("step-attributes");

    // The Wi-Fi row, before the step: its resource id is unique there too, so that is its locator.
    JsonNode row = element(stepsJson.get("steps").get(1).get("scene"), "wifi_row");
    browser
        .findElement(By.cssSelector("#boxes rect[data-id='" + row.get("id").asText() + "']"))
        .click();
    wait.until(d -> page.text("#attrs [data-key='id'] td").equals(row.get("id").asText()));
    assertThat(page.text("#attributes")).contains("Before");
    assertThat(page.text("#attrs [data-key='target'] td")).isEqualTo("target of this step");
    String rowLocator = page.text("#attr-locator");
    assertThat(rowLocator).startsWith("tap: { ");

    // Both copied steps, replayed as a flow, tap the row and then the switch, which turns on.
    String replay =
        String.join(
            "\n",
            "name: Replay the copied locators",
            "steps:",
            "  - launch_app: com.android.settings",
            "  - " + rowLocator,
            "  - " + locator,
            "  - assert_visible: { id: \"" + WIFI_SWITCH + "\", checked: true }",
            "");
    String again = startFlow(replay);
    for (int i = 0; i < 5; i++) {
      launcher.release();
    }
    browser.get(console.server.baseUrl() + "#/tasks/" + again);
    wait.until(d -> ConsoleBrowser.steps(d) == 4 && "SUCCEEDED".equals(page.status()));
    JsonNode replayed = TestConsole.json(console.get("/api/tasks/" + again + "/steps"));
    JsonNode tapRow = replayed.get("steps").get(1);
    assertThat(tapRow.at("/result/output/element").asText())
        .isEqualTo(element(tapRow.get("scene"), "wifi_row").get("id").asText());
    JsonNode tapSwitch = replayed.get("steps").get(2);
    assertThat(tapSwitch.at("/planned_step/args/element").asText()).isEqualTo(WIFI_SWITCH);
    assertThat(tapSwitch.at("/result/output/element").asText())
        .isEqualTo(element(tapSwitch.get("scene"), WIFI_SWITCH).get("id").asText());
    page.assertNoErrors();
  }

  @Test
  void theTargetIsOutlinedAndTheTapMarkerLeavesItsPixelsVisible() throws IOException {
    String id = startFlow(SimLauncher.WIFI_FLOW);
    for (int i = 0; i < 5; i++) {
      launcher.release();
    }
    browser.get(console.server.baseUrl() + "#/tasks/" + id);
    wait.until(d -> ConsoleBrowser.steps(d) == 4 && "SUCCEEDED".equals(page.status()));
    browser.findElement(By.cssSelector(".step-item[data-index='2']")).click();
    wait.until(d -> d.getCurrentUrl().endsWith("/steps/2"));
    wait.until(d -> page.loaded("screenshot"));
    WebElement target = browser.findElement(By.cssSelector("#boxes rect.box.target"));
    assertThat(browser.findElements(By.cssSelector("#boxes .tap-marker"))).hasSize(1);

    // Every shape drawn over the target's centre, the target's own box and the tap marker
    // included, paints nothing there.
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> over =
        (List<Map<String, Object>>)
            page.js(
                "const r = arguments[0].getBoundingClientRect();"
                    + " const x = r.left + r.width / 2, y = r.top + r.height / 2;"
                    + " const img = document.getElementById('screenshot');"
                    + " const out = [];"
                    + " for (const el of document.elementsFromPoint(x, y)) {"
                    + "   if (el === img) break;"
                    + "   if (el.tagName === 'svg' || el.tagName === 'g') continue;"
                    + "   const cs = getComputedStyle(el);"
                    + "   out.push({tag: el.tagName, cls: el.getAttribute('class') || '',"
                    + "     fill: cs.fill, fillOpacity: cs.fillOpacity, opacity: cs.opacity,"
                    + "     background: cs.backgroundColor});"
                    + " }"
                    + " const m = document.querySelector('#boxes .tap-marker');"
                    + " for (const el of m.querySelectorAll('*')) {"
                    + "   const cs = getComputedStyle(el);"
                    + "   out.push({tag: el.tagName, cls: el.getAttribute('class') || '',"
                    + "     fill: cs.fill, fillOpacity: cs.fillOpacity, opacity: cs.opacity,"
                    + "     background: 'rgba(0, 0, 0, 0)'});"
                    + " }"
                    + " return out;",
                target);
    assertThat(over).extracting(m -> m.get("cls")).anyMatch(c -> c.toString().contains("target"));
    assertThat(over).extracting(m -> m.get("cls")).anyMatch(c -> c.toString().contains("tap-"));
    for (Map<String, Object> shape : over) {
      assertThat(paintsNothing(shape)).as("paints over the target: " + shape).isTrue();
    }
    // The marker's ticks stay outside the target's box; its ring is small and hollow.
    Object outside =
        page.js(
            "const t = arguments[0];"
                + " const x = +t.getAttribute('x'), y = +t.getAttribute('y');"
                + " const w = +t.getAttribute('width'), h = +t.getAttribute('height');"
                + " const inside = (px, py) => px > x && px < x + w && py > y && py < y + h;"
                + " const m = document.querySelector('#boxes .tap-marker');"
                + " const ring = m.querySelector('.tap-ring');"
                + " return [...m.querySelectorAll('line')].every((l) =>"
                + "     !inside(l.x1.baseVal.value, l.y1.baseVal.value)"
                + "     && !inside(l.x2.baseVal.value, l.y2.baseVal.value))"
                + "   && m.querySelectorAll('line').length === 4"
                + "   && +ring.getAttribute('r') <= Math.min(w, h) / 4;",
            target);
    assertThat(outside).isEqualTo(true);
    page.shot("step-target-outlined");
    page.assertNoErrors();
  }

  /** Whether a shape's computed style paints no fill: none, a transparent colour, or opacity 0. */
  static boolean paintsNothing(Map<String, Object> shape) {
    String fill = String.valueOf(shape.get("fill")).replace(" ", "");
    String background = String.valueOf(shape.get("background")).replace(" ", "");
    boolean noFill =
        fill.equals("none")
            || fill.endsWith(",0)")
            || fill.equals("transparent")
            || Double.parseDouble(String.valueOf(shape.get("fillOpacity"))) == 0
            || Double.parseDouble(String.valueOf(shape.get("opacity"))) == 0;
    boolean noBackground = background.equals("rgba(0,0,0,0)") || background.equals("transparent");
    return noFill && noBackground;
  }

  private String startFlow(String flow) {
    var started =
        console.post(
            "/api/tasks",
            "{\"device\": \"sim\", \"flow\": " + ConsoleSecurityTest.quoted(flow) + "}");
    assertThat(started.statusCode()).as(started.body()).isEqualTo(201);
    return TestConsole.json(started).get("id").asText();
  }

  /** The element of {@code scene} whose resource id ends with {@code rid}. */
  static JsonNode element(JsonNode scene, String rid) {
    for (JsonNode e : scene.get("elements")) {
      if (e.get("resourceId").asText().endsWith(rid)) {
        return e;
      }
    }
    throw new AssertionError("no element " + rid + " in " + scene);
  }

  /** The page fits the window's width: no horizontal scroll, the screenshot within it. */
  private void assertWithinViewport() {
    Object fits =
        page.js(
            "const w = window.innerWidth;"
                + " const shots = [...document.querySelectorAll('#screens img')]"
                + "   .filter((i) => i.offsetParent !== null);"
                + " return document.scrollingElement.scrollWidth <= w"
                + "   && shots.length > 0"
                + "   && shots.every((i) => i.getBoundingClientRect().right <= w);");
    assertThat(fits).as("the page and its screenshots fit the window's width").isEqualTo(true);
  }

  /** A digest of an image's pixels, read back through a canvas (same origin: not tainted). */
  private String pixels(String id) {
    return (String)
        page.js(
            "const i = document.getElementById(arguments[0]);"
                + " const c = document.createElement('canvas');"
                + " c.width = i.naturalWidth; c.height = i.naturalHeight;"
                + " const g = c.getContext('2d'); g.drawImage(i, 0, 0);"
                + " const d = g.getImageData(0, 0, c.width, c.height).data;"
                + " let h = 0; for (let k = 0; k < d.length; k++) { h = (h * 31 + d[k]) | 0; }"
                + " return c.width + 'x' + c.height + ':' + h;",
            id);
  }
}
