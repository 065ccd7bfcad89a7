package dev.apex.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import dev.apex.perception.OcrEngine;
import dev.apex.testkit.TestData;
import dev.apex.testkit.adb.FakeAdbServer;
import dev.apex.testkit.adb.FakePhone;
import dev.apex.testkit.wda.FakeWda;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The inspector on the phones a user connects, not only the sim: an Android phone through the real
 * adb driver against a fake adb server on loopback, and an iPhone through the real WebDriverAgent
 * client against a fake WebDriverAgent, each serving a real dump; and a page of a loopback site in
 * real headless Chromium. The held phone's screen is read, its elements carry the locators a flow
 * would use, and a tap from the inspector is a recorded task whose tap reaches the phone.
 */
class InspectorDevicesTest {

  @TempDir Path home;
  private TestConsole console;
  private FakeAdbServer adb;
  private FakeWda wda;
  private HttpServer site;

  private static final String PAGE =
      "<!doctype html><html><body><h1>Quiz</h1>"
          + "<button id=\"show\" onclick=\"document.getElementById('answer').textContent ="
          + " 'forty-two'\">Show the answer</button><p id=\"answer\">hidden</p></body></html>";

  @AfterEach
  void stop() {
    if (console != null) {
      console.close();
    }
    if (adb != null) {
      adb.close();
    }
    if (wda != null) {
      wda.close();
    }
    if (site != null) {
      site.stop(0);
    }
  }

  @Test
  void anAndroidPhoneIsHeldReadAndTappedThroughTheAdbServer() {
    byte[] dump = TestData.bytes("android/google_app_settings_list_1344x2992.xml");
    adb = FakeAdbServer.start();
    FakePhone phone = adb.addDevice("emulator-5554").dump(dump).screenSize(1344, 2992);
    console = TestConsole.start(home, new AgentLauncher(Map.of(), OcrEngine.NONE, adb.address()));

    try (EventClient events = console.events("")) {
      String sid = connect("android:emulator-5554");
      JsonNode screen = screen(sid);
      assertThat(screen.get("width").asInt()).isEqualTo(1344);
      JsonNode dark = byText(screen, "Dark");
      assertThat(dark.get("locator").toString()).isEqualTo("{\"text\":\"Dark\"}");

      JsonNode task = tap(events, sid, dark.get("id").asText());
      assertThat(task.get("status").asText()).as(task.toString()).isEqualTo("SUCCEEDED");
      assertThat(task.get("device").asText()).isEqualTo("android:emulator-5554");
      // "Dark" labels its clickable radio item [756,926][892,1108]: the tap lands on its centre.
      assertThat(phone.events()).containsExactly("tap 824 1017");
    }
  }

  @Test
  void oneAndroidPhoneIsOneDeviceWhateverSelectorNamesIt() {
    byte[] dump = TestData.bytes("android/google_app_settings_list_1344x2992.xml");
    adb = FakeAdbServer.start();
    adb.addDevice("emulator-5554").dump(dump).screenSize(1344, 2992);
    console = TestConsole.start(home, new AgentLauncher(Map.of(), OcrEngine.NONE, adb.address()));

    String sid = connect("android");

    HttpResponse<String> task =
        console.post(
            "/api/tasks",
            "{\"device\": \"android:emulator-5554\", \"flow\": \"name: n\\nsteps:\\n  - wait: {ms: 1}\\n\"}");
    assertThat(task.statusCode()).as(task.body()).isEqualTo(409);
    assertThat(TestConsole.json(task).get("error").asText())
        .startsWith("device android:emulator-5554 is held by inspector session " + sid + ";");
    HttpResponse<String> twice =
        console.post("/api/inspector", "{\"device\": \"android:emulator-5554\"}");
    assertThat(twice.statusCode()).as(twice.body()).isEqualTo(409);
    assertThat(TestConsole.json(twice).get("error").asText())
        .contains("held by inspector session " + sid);

    HttpResponse<String> closed = console.send(console.request("/api/inspector/" + sid).DELETE());
    assertThat(closed.statusCode()).as(closed.body()).isLessThan(300);
    String again = connect("android:emulator-5554");
    HttpResponse<String> bare = console.post("/api/inspector", "{\"device\": \"android\"}");
    assertThat(bare.statusCode()).as(bare.body()).isEqualTo(409);
    assertThat(TestConsole.json(bare).get("error").asText())
        .contains("held by inspector session " + again);
  }

  @Test
  void anIphoneIsHeldReadAndTappedThroughWebDriverAgent() {
    wda =
        FakeWda.start()
            .source(TestData.bytes("ios/shirates_settings_top_390x844.xml"))
            .screen(390, 844, 3);
    console = TestConsole.start(home, new AgentLauncher(Map.of(), OcrEngine.NONE, Map.of()));
    // WebDriverAgent on loopback: the console connects only to a local address the user named.
    console.allowUrl(wda.url().toString().replaceAll("/+$", ""));

    try (EventClient events = console.events("")) {
      String sid = connect("ios:" + wda.url());
      JsonNode screen = screen(sid);
      assertThat(screen.get("width").asInt()).as("pixels, at scale 3").isEqualTo(1170);
      JsonNode general = byText(screen, "General");

      JsonNode task = tap(events, sid, general.get("id").asText());
      assertThat(task.get("status").asText()).as(task.toString()).isEqualTo("SUCCEEDED");
      // The General cell is [0,744][1170,879] pixels: its centre, in points, reaches WDA.
      assertThat(wda.requests())
          .filteredOn(r -> r.method().equals("POST") && r.path().endsWith("/wda/tap"))
          .singleElement()
          .satisfies(r -> assertThat(r.body()).contains("195").contains("270"));
    }
  }

  @Test
  @Tag("e2e")
  void aWebPageIsHeldReadAndTappedInChromium() throws Exception {
    HeadlessChromium.assumeInstalled();
    site = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    byte[] page = PAGE.getBytes(StandardCharsets.UTF_8);
    site.createContext(
        "/",
        exchange -> {
          try (exchange) {
            exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
            exchange.sendResponseHeaders(200, page.length);
            exchange.getResponseBody().write(page);
          }
        });
    site.start();
    String device = "web:http://127.0.0.1:" + site.getAddress().getPort() + "/";
    console = TestConsole.start(home, new AgentLauncher(Map.of(), OcrEngine.NONE, Map.of()));
    console.allowUrl("http://127.0.0.1:" + site.getAddress().getPort());

    try (EventClient events = console.events("")) {
      String sid = connect(device);
      JsonNode screen = screen(sid);
      assertThat(screen.get("width").asInt()).isEqualTo(1280);
      JsonNode show = byText(screen, "Show the answer");
      assertThat(show.get("locator").toString()).isEqualTo("{\"element\":\"show\"}");
      assertThat(screen.toString()).doesNotContain("forty-two");

      JsonNode task = tap(events, sid, show.get("id").asText());
      assertThat(task.get("status").asText()).as(task.toString()).isEqualTo("SUCCEEDED");
      assertThat(task.get("device").asText()).isEqualTo(device);
      assertThat(byText(screen(sid), "forty-two").get("locator").toString())
          .as("the same browser, read again after the tap")
          .isEqualTo("{\"element\":\"answer\"}");
    }
  }

  private String connect(String device) {
    HttpResponse<String> connected =
        console.post("/api/inspector", "{\"device\": \"" + device + "\"}");
    assertThat(connected.statusCode()).as(connected.body()).isEqualTo(201);
    return TestConsole.json(connected).get("id").asText();
  }

  private JsonNode screen(String sid) {
    HttpResponse<String> screen = console.get("/api/inspector/" + sid + "/screen");
    assertThat(screen.statusCode()).as(screen.body()).isEqualTo(200);
    return TestConsole.json(screen);
  }

  private static JsonNode byText(JsonNode screen, String text) {
    for (JsonNode e : screen.get("elements")) {
      if (e.path("text").asText().equals(text)) {
        return e;
      }
    }
    throw new AssertionError("no element " + text + " on " + screen);
  }

  private JsonNode tap(EventClient events, String sid, String elementId) {
    HttpResponse<String> tapped =
        console.post("/api/inspector/" + sid + "/tap", "{\"element\": \"" + elementId + "\"}");
    assertThat(tapped.statusCode()).as(tapped.body()).isEqualTo(201);
    String id = TestConsole.json(tapped).get("id").asText();
    return events
        .next(e -> e.type().equals("task_finished") && e.data().get("id").asText().equals(id))
        .data();
  }
}
