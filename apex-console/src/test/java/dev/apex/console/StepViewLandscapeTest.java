package dev.apex.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import dev.apex.perception.OcrEngine;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
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
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * A landscape web task in the step view: a flow run through the console's real launcher on a {@code
 * web:} device (headless Chromium, a 1280 x 800 viewport) against a page served from loopback, then
 * viewed in a 1400 x 900 window: the screenshot is scaled to fit the page's width, the page has no
 * horizontal scroll, and the step's controls and the Before/After toggle stay in view. Needs
 * Chromium and chromedriver (skipped without them, failed under {@code CI=true}).
 */
@Tag("e2e")
class StepViewLandscapeTest {

  static final String PAGE =
      """
      <!doctype html><html><head><title>Preferences</title>
      <style>
        body { margin: 0; font: 16px sans-serif; }
        header { display: flex; gap: 24px; align-items: center; padding: 16px 32px; background: #234; color: #fff; }
        nav a { color: #cde; margin-right: 18px; }
        main { display: grid; grid-template-columns: 260px 1fr 1fr; gap: 24px; padding: 32px; }
        aside, section { border: 1px solid #ccc; border-radius: 8px; padding: 16px; min-height: 420px; }
        button { font-size: 18px; padding: 10px 28px; }
      </style></head><body>
      <header><h1>Preferences</h1><nav><a href="#a">Account</a><a href="#b">Privacy</a><a href="#c">Billing</a></nav></header>
      <main>
        <aside><p>Sections</p><p>General</p><p>Notifications</p></aside>
        <section><h2>General</h2><label><input type="checkbox" id="news"> Send me news</label></section>
        <section><h2>Actions</h2><button id="save" onclick="document.getElementById('state').textContent='Saved'">Save</button>
          <p id="state">Not saved</p></section>
      </main>
      </body></html>
      """;

  static final String FLOW =
      String.join(
          "\n",
          "name: Save the preferences",
          "steps:",
          "  - tap: { text: \"Save\" }",
          "  - assert_visible: { text: \"Saved\" }",
          "");

  @TempDir Path home;
  @TempDir Path profile;
  private HttpServer site;
  private ConsoleBrowser page;

  @BeforeEach
  void start() throws IOException {
    HeadlessChromium.assumeInstalled();
    site = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    site.createContext(
        "/",
        exchange -> {
          byte[] body = PAGE.getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
          exchange.sendResponseHeaders(200, body.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
          }
        });
    site.start();
    // The console's own launcher: the web device as apex run opens it.
    page =
        ConsoleBrowser.open(
            home,
            profile,
            new AgentLauncher(Map.of(), OcrEngine.NONE, Map.of()),
            Duration.ofSeconds(90));
  }

  @AfterEach
  void stop() {
    try {
      if (page != null) {
        page.close();
      }
    } finally {
      site.stop(0);
    }
  }

  @Test
  void aLandscapeWebScreenshotFitsA1400By900WindowWithItsControlsInView() throws IOException {
    String url = "http://127.0.0.1:" + site.getAddress().getPort() + "/";
    page.console.allowUrl("http://127.0.0.1:" + site.getAddress().getPort());
    var started =
        page.console.post(
            "/api/tasks",
            "{\"device\": "
                + ConsoleSecurityTest.quoted("web:" + url)
                + ", \"flow\": "
                + ConsoleSecurityTest.quoted(FLOW)
                + "}");
    assertThat(started.statusCode()).as(started.body()).isEqualTo(201);
    String id = TestConsole.json(started).get("id").asText();

    TestConsole console = page.console;
    WebDriver browser = page.browser;
    WebDriverWait wait = page.wait;
    page.go("#/tasks/" + id);
    wait.until(
        d -> !ConsoleBrowser.status(d).isEmpty() && !"RUNNING".equals(ConsoleBrowser.status(d)));
    assertThat(page.status()).as(page.text("#task-head")).isEqualTo("SUCCEEDED");
    JsonNode scene =
        TestConsole.json(console.get("/api/tasks/" + id + "/steps"))
            .get("steps")
            .get(0)
            .get("scene");
    assertThat(scene.get("width").asInt()).as("a landscape screen").isGreaterThanOrEqualTo(1280);
    assertThat(scene.get("width").asInt()).isGreaterThan(scene.get("height").asInt());

    browser.findElement(By.cssSelector(".step-item[data-index='1']")).click();
    wait.until(d -> d.getCurrentUrl().endsWith("/steps/1"));
    wait.until(d -> page.loaded("screenshot"));
    assertThat(browser.findElement(By.id("screen-panel")).getAttribute("class"))
        .contains("landscape");
    assertFits("screenshot");
    Map<String, Object> image = page.rect("screenshot");
    assertThat(((Number) image.get("width")).doubleValue())
        .as("scaled down from its 1280 pixels")
        .isLessThan(1280);
    for (String control : List.of("prev", "next", "play", "show-before", "show-after")) {
      Map<String, Object> r = page.rect(control);
      assertThat(((Number) r.get("right")).doubleValue())
          .as(control + " within the window's width")
          .isLessThanOrEqualTo(((Number) r.get("innerWidth")).doubleValue());
      assertThat(((Number) r.get("width")).doubleValue()).as(control + " shown").isPositive();
    }
    // The target box is the Save button's, drawn on the scaled screen.
    WebElement target = browser.findElement(By.cssSelector("#boxes rect.box.target"));
    assertThat(target.getRect().getWidth()).isPositive();
    String targetText = "";
    for (JsonNode e : scene.get("elements")) {
      if (e.get("id").asText().equals(target.getAttribute("data-id"))) {
        targetText = e.get("text").asText();
      }
    }
    assertThat(targetText).isEqualTo("Save");
    page.shot("step-landscape");

    browser.findElement(By.id("show-after")).click();
    wait.until(
        d ->
            page.loaded("screenshot-after")
                && d.findElement(By.id("screenshot-after")).isDisplayed());
    assertThat(browser.findElement(By.id("screenshot")).isDisplayed()).isFalse();
    assertFits("screenshot-after");
    page.shot("step-landscape-after");
  }

  /** The page has no horizontal scroll and the image lies within the window's width and height. */
  private void assertFits(String image) {
    Map<String, Object> r = page.rect(image);
    double innerWidth = ((Number) r.get("innerWidth")).doubleValue();
    assertThat(((Number) r.get("scrollWidth")).doubleValue())
        .as("no horizontal scroll")
        .isLessThanOrEqualTo(innerWidth);
    assertThat(((Number) r.get("left")).doubleValue()).isGreaterThanOrEqualTo(0);
    assertThat(((Number) r.get("right")).doubleValue())
        .as(image + " within the window's width")
        .isLessThanOrEqualTo(innerWidth);
    assertThat(((Number) r.get("height")).doubleValue())
        .as(image + " no taller than the window")
        .isLessThanOrEqualTo(((Number) r.get("innerHeight")).doubleValue());
  }
}
