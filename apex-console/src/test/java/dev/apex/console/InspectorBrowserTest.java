package dev.apex.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.perception.OcrEngine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The inspector in real headless Chromium, on the simulated phone held open by the real {@link
 * AgentLauncher}: connect, refresh on demand, tap through to the Wi-Fi page (each tap a task in the
 * list), build a two-step draft in "Add to draft" mode, run it on the same device from the Settings
 * screen and see the switch on, then save the draft under {@code $APEX_HOME/flows}. Screenshots go
 * to {@code target/console-screenshots/} ({@code inspector.png}, {@code inspector-draft.png}).
 *
 * <p>Needs {@code /usr/bin/chromium} and {@code /usr/bin/chromedriver}: skipped without them,
 * failed without them under {@code CI=true}.
 */
@Tag("e2e")
class InspectorBrowserTest {

  private static final String SETTINGS_ICON = "com.apex.sim.launcher:id/settings_icon";
  private static final String WIFI_ROW = "com.android.settings:id/wifi_row";
  private static final String WIFI_SWITCH = "com.android.settings:id/wifi_switch";

  @RegisterExtension final LogCapture logs = new LogCapture();
  @TempDir Path home;
  @TempDir Path profile;
  private ConsoleBrowser page;
  private TestConsole console;
  private WebDriver browser;
  private WebDriverWait wait;

  @BeforeEach
  void start() throws IOException {
    page =
        ConsoleBrowser.open(
            home,
            profile,
            new AgentLauncher(Map.of(), OcrEngine.NONE, Map.of()),
            Duration.ofSeconds(30));
    console = page.console;
    browser = page.browser;
    wait = page.wait;
  }

  @AfterEach
  void stop() {
    if (page != null) {
      page.close();
    }
    assertThat(logs.text()).doesNotContain(TestConsole.CANARY);
  }

  @Test
  void tapsThroughToWifiThenBuildsAndRunsATwoStepDraftOnTheSameDevice() throws IOException {
    browser.findElement(By.id("nav-inspect")).click();
    wait.until(d -> !d.findElements(By.cssSelector("#insp-device option[value='sim']")).isEmpty());
    browser.findElement(By.id("insp-connect")).click();
    wait.until(d -> box(d, SETTINGS_ICON) != null);
    assertThat(text("#insp-session-device")).isEqualTo("sim");
    assertThat(capture()).isEqualTo("1");

    browser.findElement(By.id("insp-refresh")).click();
    wait.until(d -> "2".equals(capture()));
    assertThat(box(browser, SETTINGS_ICON)).as("the same screen, read again").isNotNull();

    // Tap mode (the default): each click taps the device, as a task, then the screen refreshes.
    box(browser, SETTINGS_ICON).click();
    wait.until(d -> box(d, WIFI_ROW) != null);
    box(browser, WIFI_ROW).click();
    wait.until(d -> box(d, WIFI_SWITCH) != null);
    assertThat(text("#insp-status [data-status]")).isEqualTo("SUCCEEDED");
    assertThat(text("#insp-task-link")).isEqualTo("inspector: tap \u201cWi-Fi | Off\u201d");
    assertThat(box(browser, WIFI_SWITCH).getAttribute("data-checked")).isEqualTo("false");
    JsonNode tasks = TestConsole.json(console.get("/api/tasks"));
    assertThat(tasks.get("tasks").get(0).get("goal").asText())
        .isEqualTo("inspector: tap \u201cWi-Fi | Off\u201d");
    assertThat(tasks.get("tasks").get(1).get("goal").asText())
        .isEqualTo("inspector: tap \u201cSettings\u201d");
    new Actions(browser).moveToElement(box(browser, WIFI_SWITCH)).perform();
    wait.until(d -> d.findElement(By.id("insp-tip")).isDisplayed());
    assertThat(text("#insp-tip .tip-rid")).isEqualTo("resource id: " + WIFI_SWITCH);
    assertThat(text("#insp-tip .tip-step")).isEqualTo("tap: { element: \"" + WIFI_SWITCH + "\" }");
    shot("inspector");

    back();

    // Add to draft: a click adds the element's step and leaves the device alone.
    browser.findElement(By.id("insp-mode-add")).click();
    String before = capture();
    box(browser, WIFI_ROW).click();
    assertThat(draft()).contains("  - tap: { element: \"" + WIFI_ROW + "\" }");
    assertThat(capture()).as("nothing tapped").isEqualTo(before);
    // Walk on in Tap mode to reach the switch, add it, and come back to where the draft starts.
    browser.findElement(By.id("insp-mode-tap")).click();
    box(browser, WIFI_ROW).click();
    wait.until(d -> box(d, WIFI_SWITCH) != null);
    browser.findElement(By.id("insp-mode-add")).click();
    box(browser, WIFI_SWITCH).click();
    assertThat(draft())
        .isEqualTo(
            "name: Inspector draft\nsteps:\n"
                + "  - tap: { element: \""
                + WIFI_ROW
                + "\" }\n"
                + "  - tap: { element: \""
                + WIFI_SWITCH
                + "\" }\n");
    back();

    browser.findElement(By.id("insp-run")).click();
    wait.until(d -> text("#insp-task-link").equals("flow Inspector draft"));
    wait.until(d -> "SUCCEEDED".equals(text("#insp-status [data-status]")));
    wait.until(d -> box(d, WIFI_SWITCH) != null);
    assertThat(box(browser, WIFI_SWITCH).getAttribute("data-checked"))
        .as("the draft ran on the inspector's device from the Settings screen")
        .isEqualTo("true");
    String taskId = browser.findElement(By.id("insp-task-link")).getAttribute("data-task");
    JsonNode ran = TestConsole.json(console.get("/api/tasks/" + taskId));
    assertThat(ran.get("status").asText()).isEqualTo("SUCCEEDED");
    assertThat(ran.get("steps").asInt()).isEqualTo(2);
    assertThat(ran.get("device").asText()).isEqualTo("sim");

    WebElement name = browser.findElement(By.id("insp-name"));
    name.clear();
    name.sendKeys("wifi-from-inspector");
    browser.findElement(By.id("insp-save")).click();
    Path saved = home.resolve("flows").resolve("wifi-from-inspector.yaml");
    wait.until(d -> text("#insp-draft-msg").startsWith("Saved as "));
    assertThat(text("#insp-draft-msg")).isEqualTo("Saved as " + saved);
    assertThat(Files.readString(saved)).isEqualTo(draft());
    shot("inspector-draft");

    // Tap and add: the click taps the device (the switch goes off) and adds the step too.
    browser.findElement(By.id("insp-mode-tap-add")).click();
    String last = capture();
    box(browser, WIFI_SWITCH).click();
    String line = "  - tap: { element: \"" + WIFI_SWITCH + "\" }\n";
    assertThat(draft()).endsWith(line + line);
    wait.until(
        d -> !last.equals(capture()) && "SUCCEEDED".equals(text("#insp-status [data-status]")));
    wait.until(d -> "false".equals(box(d, WIFI_SWITCH).getAttribute("data-checked")));

    browser.findElement(By.id("insp-disconnect")).click();
    wait.until(d -> d.findElement(By.id("insp-connect")).isDisplayed());
    assertThat(TestConsole.json(console.get("/api/inspector")).get("sessions")).isEmpty();
    assertNoBrowserErrors();
  }

  @Test
  void aSensitiveTapAsksAllowOrRefuseAndARefusalLeavesTheScreen() throws IOException {
    page.go("#/inspect");
    wait.until(d -> !d.findElements(By.cssSelector("#insp-device option[value='sim']")).isEmpty());
    browser.findElement(By.id("insp-connect")).click();
    wait.until(d -> box(d, "com.apex.sim.launcher:id/messages_icon") != null);
    box(browser, "com.apex.sim.launcher:id/messages_icon").click();
    String deleteAll = "com.apex.sim.messages:id/delete_all";
    wait.until(d -> box(d, deleteAll) != null);
    String before = capture();

    box(browser, deleteAll).click();
    wait.until(d -> d.findElement(By.id("insp-confirm")).isDisplayed());
    assertThat(text("#insp-confirm-text")).contains("Delete all").contains("deletion");
    assertThat(text("#insp-status [data-status]")).isEqualTo("RUNNING");
    shot("inspector-confirm");
    browser.findElement(By.id("insp-refuse")).click();

    wait.until(d -> "FAILED".equals(text("#insp-status [data-status]")));
    wait.until(d -> !before.equals(capture()));
    assertThat(browser.findElement(By.id("insp-confirm")).isDisplayed()).isFalse();
    assertThat(box(browser, deleteAll)).as("still in the inbox").isNotNull();
    assertThat(browser.findElements(By.cssSelector("#insp-boxes rect")).size()).isGreaterThan(2);
    JsonNode screen = TestConsole.json(console.get("/api/inspector")).get("sessions").get(0);
    JsonNode now =
        TestConsole.json(console.get("/api/inspector/" + screen.get("id").asText() + "/screen"));
    assertThat(now.toString()).as("the refused tap deleted nothing").contains("Unknown sender");
    assertNoBrowserErrors();
  }

  /** Presses the back key (a task) and waits for the Settings screen. */
  private void back() {
    browser.findElement(By.id("insp-back")).click();
    wait.until(d -> box(d, WIFI_ROW) != null && box(d, WIFI_SWITCH) == null);
    wait.until(d -> text("#insp-task-link").equals("inspector: press back"));
  }

  /** The box of the element with resource id {@code rid}, or null when the screen has none. */
  private static WebElement box(WebDriver driver, String rid) {
    List<WebElement> found =
        driver.findElements(By.cssSelector("#insp-boxes rect[data-rid='" + rid + "']"));
    return found.isEmpty() ? null : found.get(0);
  }

  private String capture() {
    List<WebElement> frame = browser.findElements(By.id("insp-screen"));
    return frame.isEmpty() ? "" : frame.get(0).getAttribute("data-capture");
  }

  private String draft() {
    return browser.findElement(By.id("insp-draft")).getAttribute("value");
  }

  private String text(String css) {
    return page.text(css);
  }

  private void assertNoBrowserErrors() {
    page.assertNoErrors();
  }

  private void shot(String name) throws IOException {
    page.shot(name);
  }
}
