package dev.apex.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.device.DeviceEnumeration;
import dev.apex.device.DeviceLimits;
import dev.apex.device.DeviceListing;
import dev.apex.device.DeviceOptions;
import dev.apex.device.DeviceProbe;
import dev.apex.device.DeviceProviders;
import dev.apex.device.DeviceState;
import dev.apex.testkit.adb.FakeAdbServer;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The device picker over the one enumeration, against the testkit's fake adb server on loopback (a
 * ready phone, an offline one, an unauthorised one): {@code GET /api/devices} answers them with
 * their states, {@code /api/status} still probes nothing, and in real headless Chromium the picker
 * lists the phones, disables those that are not ready saying what to do, and shows a URL field for
 * {@code web}, whose task starts as {@code web:URL}.
 */
class DevicePickerTest {

  @TempDir Path home;
  @TempDir Path profile;
  private FakeAdbServer adb;
  private TestConsole console;
  private HeadlessChromium chromium;

  @BeforeEach
  void start() {
    adb = FakeAdbServer.start();
    adb.addDevice("emulator-5554");
    adb.addDevice("R58M123").state("offline");
    adb.addDevice("0123456789ABCDEF").state("unauthorized");
    DeviceOptions options = new DeviceOptions(adb.address(), null, DeviceLimits.DEFAULTS, Map.of());
    // The drivers' probes as found on the classpath, with web's replaced by a known answer (the
    // real one depends on whether Chromium is installed here).
    Supplier<List<DeviceListing>> list =
        () -> {
          List<DeviceProbe> probes = new ArrayList<>();
          DeviceProviders.available().values().stream()
              .distinct()
              .flatMap(p -> p.probes(options).stream())
              .filter(probe -> !probe.selector().equals("web"))
              .forEach(probes::add);
          probes.add(
              DeviceProbe.known(
                  new DeviceListing(
                      "web",
                      "web",
                      DeviceState.READY,
                      "headless Chromium: give the page's URL",
                      true)));
          return DeviceEnumeration.run(probes, Duration.ofSeconds(5));
        };
    console = TestConsole.start(home, b -> b.launcher(SimLauncher.free()).deviceList(list));
  }

  @AfterEach
  void stop() {
    if (chromium != null) {
      chromium.close();
    }
    console.close();
    adb.close();
  }

  @Test
  void theApiListsTheFakeAdbServersPhonesWithTheirStatesAndTheStatusProbesNothing() {
    JsonNode body = TestConsole.json(console.get("/api/devices"));

    List<String> rows = new ArrayList<>();
    body.get("devices")
        .forEach(d -> rows.add(d.get("selector").asText() + " " + d.get("state").asText()));
    assertThat(rows)
        .containsExactly(
            "sim ready",
            "android:emulator-5554 ready",
            "android:R58M123 offline",
            "android:0123456789ABCDEF unauthorized",
            "web ready");
    JsonNode unauthorised = body.get("devices").get(3);
    assertThat(unauthorised.get("detail").asText())
        .isEqualTo("unauthorised: accept the USB debugging prompt on the phone");
    assertThat(unauthorised.get("ready").asBoolean()).isFalse();
    assertThat(body.get("devices").get(4).get("takes_url").asBoolean()).isTrue();

    int asked = adb.requests().size();
    assertThat(console.get("/api/status").statusCode()).isEqualTo(200);
    assertThat(adb.requests()).as("/api/status stays cheap").hasSize(asked);
  }

  @Test
  @Tag("e2e")
  void thePickerInChromiumListsThePhonesAndAUrlFieldForWeb() throws IOException {
    chromium = HeadlessChromium.start(profile);
    WebDriver browser = chromium.browser;
    WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(30));
    browser.get(console.server.url().toString());
    wait.until(d -> d.getCurrentUrl().equals(console.server.baseUrl().toString()));
    browser.get(console.server.baseUrl() + "#/new");
    wait.until(d -> d.findElements(By.cssSelector("#device option")).size() == 5);

    List<WebElement> options = browser.findElements(By.cssSelector("#device option"));
    assertThat(options)
        .extracting(WebElement::getText)
        .containsExactly(
            "sim",
            "android:emulator-5554",
            "android:R58M123 (offline)",
            "android:0123456789ABCDEF (unauthorized)",
            "web:URL");
    assertThat(options)
        .extracting(WebElement::isEnabled)
        .containsExactly(true, true, false, false, true);
    assertThat(options.get(3).getAttribute("title"))
        .isEqualTo("unauthorised: accept the USB debugging prompt on the phone");
    assertThat(browser.findElement(By.id("device-url")).isDisplayed()).isFalse();

    Select picker = new Select(browser.findElement(By.id("device")));
    picker.selectByValue("android:emulator-5554");
    wait.until(d -> d.findElement(By.id("device-detail")).getText().startsWith("ready · Android"));
    picker.selectByValue("web");
    wait.until(d -> d.findElement(By.id("device-url")).isDisplayed());
    browser.findElement(By.id("device-url")).sendKeys("https://example.test/form");
    chromium.shot("12-device-picker");

    // The settings allow no origin: the console asks, naming it, and Refuse opens nothing.
    browser.findElement(By.id("mode-flow")).click();
    browser.findElement(By.id("example-wifi")).click();
    browser.findElement(By.id("start")).click();
    wait.until(d -> !d.findElements(By.id("allow-origin")).isEmpty());
    assertThat(browser.findElement(By.id("start-error")).getText())
        .contains("https://example.test is not an allowed origin")
        .contains("planner.allowed_urls");
    assertThat(browser.findElement(By.id("allow-origin")).getText())
        .isEqualTo("Allow https://example.test");
    chromium.shot("12b-new-task-asks-for-an-origin");
    browser.findElement(By.id("refuse-origin")).click();
    wait.until(d -> d.findElement(By.id("start-error")).getText().startsWith("Not opened"));

    // Allow sends it again for that origin: this console's launcher runs only the sim, so its
    // refusal names the selector the form sent.
    browser.findElement(By.id("start")).click();
    wait.until(d -> !d.findElements(By.id("allow-origin")).isEmpty());
    browser.findElement(By.id("allow-origin")).click();
    wait.until(
        d ->
            d.findElement(By.id("start-error")).isDisplayed()
                && d.findElement(By.id("start-error")).getText().contains("web:https"));
    assertThat(browser.findElement(By.id("start-error")).getText())
        .contains("web:https://example.test/form")
        .doesNotContain("not an allowed origin");
  }
}
