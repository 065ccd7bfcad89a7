package dev.apex.device.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.InvalidInputException;
import dev.apex.core.Json;
import dev.apex.device.Gestures;
import dev.apex.device.Gestures.Modifier;
import java.io.IOException;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The web device's gestures as W3C actions, against a fake WebDriver endpoint serving a browser
 * session with an 800x600 CSS-pixel viewport at device pixel ratio 2: the exact actions each sends,
 * in CSS pixels, each followed by the release of the input state.
 */
class WebGesturesTest {

  private static final String MOUSE =
      "\"id\":\"mouse\",\"type\":\"pointer\",\"parameters\":{\"pointerType\":\"mouse\"}";

  private FakeAppium server;
  private WebDevice device;

  @AfterEach
  void close() {
    if (device != null) {
      device.close();
    }
    server.close();
  }

  private WebDevice open(Map<String, Object> capabilities, int width, int height, int shotWidth)
      throws IOException {
    server =
        new FakeAppium(
            List.of("com.example.home"),
            capabilities,
            "<hierarchy/>",
            width,
            height,
            shotWidth,
            shotWidth * height / width);
    device = WebDevices.remote(server.url(), capabilities, WebConfig.defaults());
    return device;
  }

  private WebDevice browser() throws IOException {
    return open(Map.of("browserName", "chrome"), 800, 600, 1600);
  }

  /** The one actions request sent, checking it was followed by the release. */
  private JsonNode actions() {
    List<FakeAppium.Call> calls =
        server.calls().stream().filter(c -> c.path().equals("/actions")).toList();
    assertThat(calls).extracting(FakeAppium.Call::method).containsExactly("POST", "DELETE");
    return calls.get(0).body();
  }

  private static JsonNode json(String text) {
    try {
      return Json.mapper().readTree(text);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void hoverMovesTheMouseWithoutPressingInCssPixels() throws IOException {
    browser().hover(201, 100);

    assertThat(actions())
        .isEqualTo(
            json(
                "{\"actions\":[{"
                    + MOUSE
                    + ",\"actions\":[{\"duration\":0,\"x\":101,\"y\":50,\"type\":\"pointerMove\","
                    + "\"origin\":\"viewport\"}]}]}"));
  }

  @Test
  void longPressHoldsTheButtonDownForTheDuration() throws IOException {
    browser().longPress(300, 400, Duration.ofMillis(700));

    assertThat(actions())
        .isEqualTo(
            json(
                "{\"actions\":[{"
                    + MOUSE
                    + ",\"actions\":[{\"duration\":0,\"x\":150,\"y\":200,\"type\":\"pointerMove\","
                    + "\"origin\":\"viewport\"},{\"button\":0,\"type\":\"pointerDown\"},"
                    + "{\"duration\":700,\"type\":\"pause\"},{\"button\":0,\"type\":\"pointerUp\"}]}]}"));
  }

  @Test
  void dragPressesPausesMovesOverTheDurationAndReleasesAtTheTarget() throws IOException {
    browser().drag(100, 100, 300, 500, Duration.ofMillis(400));

    JsonNode steps = actions().path("actions").get(0).path("actions");
    assertThat(steps.get(0))
        .isEqualTo(
            json(
                "{\"duration\":0,\"x\":50,\"y\":50,\"type\":\"pointerMove\","
                    + "\"origin\":\"viewport\"}"));
    assertThat(steps.get(1)).isEqualTo(json("{\"button\":0,\"type\":\"pointerDown\"}"));
    assertThat(steps.get(2)).isEqualTo(json("{\"duration\":100,\"type\":\"pause\"}"));
    // The move passes through a point every 16 ms (400 / 16 = 25 of them) on the straight line,
    // its durations adding up to the drag's, ending on the target; then the release.
    List<JsonNode> moves = new java.util.ArrayList<>();
    steps.forEach(moves::add);
    List<JsonNode> path = moves.subList(3, moves.size() - 1);
    assertThat(path).hasSize(25).allMatch(m -> m.path("type").asText().equals("pointerMove"));
    assertThat(path.stream().mapToInt(m -> m.path("duration").asInt()).sum()).isEqualTo(400);
    assertThat(path.get(0).path("x").asInt()).isEqualTo(54);
    assertThat(path.get(0).path("y").asInt()).isEqualTo(58);
    assertThat(path.get(12).path("x").asInt()).isEqualTo(102);
    assertThat(path.get(12).path("y").asInt()).isEqualTo(154);
    assertThat(path.get(24).path("x").asInt()).isEqualTo(150);
    assertThat(path.get(24).path("y").asInt()).isEqualTo(250);
    assertThat(moves.get(moves.size() - 1))
        .isEqualTo(json("{\"button\":0,\"type\":\"pointerUp\"}"));
    List<FakeAppium.Call> scripts = server.calls("POST", "/execute/sync");
    assertThat(scripts).as("the viewport, then the draggable probe; nothing after").hasSize(2);
    assertThat(scripts.get(1).body().path("script").asText()).contains("[draggable=\"true\"]");
    assertThat(scripts.get(1).body().path("args")).isEqualTo(json("[50,50]"));
  }

  @Test
  void aDragFromADraggableElementChecksAfterwardsWhetherTheMouseStartedAnHtml5Drag()
      throws IOException {
    browser();
    server.answerScript("addEventListener('dragstart'", true);

    device.drag(100, 100, 300, 500, Duration.ofMillis(400));

    List<String> order =
        server.calls().stream()
            .filter(c -> !c.path().equals("/session") && !c.path().isEmpty())
            .filter(c -> !c.path().equals("/goog/cdp/execute"))
            .map(c -> c.method() + " " + c.path())
            .toList();
    assertThat(order)
        .containsExactly(
            "POST /execute/sync",
            "POST /execute/sync",
            "POST /actions",
            "DELETE /actions",
            "POST /execute/sync");
    JsonNode complete = server.calls("POST", "/execute/sync").get(2).body();
    assertThat(complete.path("script").asText()).contains("if (watch.started) return false");
    assertThat(complete.path("args")).isEqualTo(json("[50,50,150,250]"));
  }

  @Test
  void aChromeSessionIsAskedToRecordPointerListenersOnEveryNewDocument() throws IOException {
    browser();

    List<FakeAppium.Call> cdp = server.calls("POST", "/goog/cdp/execute");
    assertThat(cdp).hasSize(1);
    assertThat(cdp.get(0).body().path("cmd").asText())
        .isEqualTo("Page.addScriptToEvaluateOnNewDocument");
    assertThat(cdp.get(0).body().at("/params/source").asText()).contains("__apexActs");
  }

  @Test
  void aModifierTapHoldsTheKeysAroundTheClickTickByTick() throws IOException {
    browser().tap(10, 20, EnumSet.of(Modifier.SHIFT, Modifier.CTRL));

    String pause = "{\"duration\":0,\"type\":\"pause\"}";
    assertThat(actions())
        .isEqualTo(
            json(
                "{\"actions\":[{\"type\":\"key\",\"id\":\"keyboard\",\"actions\":["
                    + "{\"type\":\"keyDown\",\"value\":\"\\uE009\"},"
                    + "{\"type\":\"keyDown\",\"value\":\"\\uE008\"},"
                    + String.join(",", pause, pause, pause)
                    + ",{\"type\":\"keyUp\",\"value\":\"\\uE008\"},"
                    + "{\"type\":\"keyUp\",\"value\":\"\\uE009\"}]},{"
                    + MOUSE
                    + ",\"actions\":["
                    + String.join(",", pause, pause)
                    + ",{\"duration\":0,\"x\":5,\"y\":10,\"type\":\"pointerMove\","
                    + "\"origin\":\"viewport\"},{\"button\":0,\"type\":\"pointerDown\"},"
                    + "{\"button\":0,\"type\":\"pointerUp\"},"
                    + String.join(",", pause, pause)
                    + "]}]}"));
  }

  @Test
  void eachModifierSendsItsWebDriverKeyCode() throws IOException {
    browser();
    Map<Modifier, String> codes =
        Map.of(
            Modifier.CTRL, "\uE009",
            Modifier.SHIFT, "\uE008",
            Modifier.ALT, "\uE00A",
            Modifier.META, "\uE03D");
    for (Modifier modifier : Modifier.values()) {
      device.tap(10, 10, Set.of(modifier));
    }

    List<String> sent =
        server.calls("POST", "/actions").stream()
            .map(c -> c.body().path("actions").get(0).path("actions").get(0).path("value").asText())
            .toList();
    assertThat(sent)
        .containsExactly(
            java.util.Arrays.stream(Modifier.values()).map(codes::get).toArray(String[]::new));
  }

  @Test
  void aTapWithoutModifiersIsThePlainTap() throws IOException {
    browser().tap(10, 20, Set.of());

    List<FakeAppium.Call> posted = server.calls("POST", "/actions");
    assertThat(posted).hasSize(1);
    assertThat(posted.get(0).body().path("actions")).hasSize(1);
    assertThat(server.calls("DELETE", "/actions")).isEmpty();
  }

  @Test
  void durationsAreCheckedBeforeAnythingIsSent() throws IOException {
    browser();
    assertThatThrownBy(() -> device.longPress(1, 1, Duration.ZERO))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("a long press must last more than 0 ms, got 0 ms");
    assertThatThrownBy(() -> device.drag(1, 1, 2, 2, Duration.ofSeconds(31)))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("a drag may last at most 30000 ms");
    assertThat(server.calls("POST", "/actions")).isEmpty();
  }

  @Test
  void aBrowserOffersEveryRole() throws IOException {
    browser();
    for (Class<?> role :
        List.of(
            Gestures.LongPress.class,
            Gestures.Drag.class,
            Gestures.Hover.class,
            Gestures.ModifierTap.class,
            Gestures.SelectOption.class)) {
      assertThat(device.role(role).map(Object.class::cast))
          .as(role.getSimpleName())
          .containsSame(device);
    }
  }

  @Test
  void aPhoneLongPressesAndDragsWithAFingerButHasNoHover() throws IOException {
    open(Map.of("platformName", "Android", "automationName", "UiAutomator2"), 1080, 2088, 1080);

    assertThat(device.role(Gestures.Hover.class)).isEmpty();
    assertThat(device.role(Gestures.ModifierTap.class)).isEmpty();
    assertThat(device.role(Gestures.SelectOption.class)).as("no page lists").isEmpty();
    assertThat(device.role(Gestures.Drag.class)).containsSame(device);
    assertThatThrownBy(() -> device.hover(10, 10))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("hover needs a mouse");

    device.longPress(540, 1200, Duration.ofMillis(800));
    JsonNode press = actions().path("actions").get(0);
    assertThat(press.path("parameters").path("pointerType").asText()).isEqualTo("touch");
    assertThat(press.path("actions").get(2))
        .isEqualTo(json("{\"duration\":800,\"type\":\"pause\"}"));
    assertThat(press.path("actions").get(0).path("x").asInt()).isEqualTo(540);
  }
}
