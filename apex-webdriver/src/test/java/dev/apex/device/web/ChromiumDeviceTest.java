package dev.apex.device.web;

import static dev.apex.device.web.Screens.byId;
import static dev.apex.device.web.Screens.has;
import static dev.apex.device.web.Screens.observe;
import static dev.apex.device.web.Screens.tap;
import static dev.apex.device.web.Screens.text;
import static dev.apex.device.web.Screens.until;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.ElementFlag;
import dev.apex.core.InvalidInputException;
import dev.apex.core.RawCapture;
import dev.apex.core.ScreenSize;
import dev.apex.core.TreeFormat;
import dev.apex.device.Key;
import dev.apex.perception.tree.UiNode;
import dev.apex.perception.tree.UiTree;
import java.io.IOException;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The Device contract on real headless Chromium, at device pixel ratio 2 so every coordinate goes
 * through the CSS-pixel conversion. One browser for the class; each test starts on its own page.
 */
@Tag("e2e")
class ChromiumDeviceTest {

  private static TestPages pages;
  private static TestPages otherOrigin;
  private static WebDevice device;

  @BeforeAll
  static void start() throws IOException {
    pages = new TestPages();
    otherOrigin = new TestPages();
    WebConfig config = WebConfig.defaults().withViewport(800, 600, 2.0);
    device = WebDevices.open("web:" + pages.url("/form.html"), Optional.empty(), config);
  }

  @AfterAll
  static void stop() {
    if (device != null) {
      device.close();
    }
    pages.close();
    otherOrigin.close();
  }

  @BeforeEach
  void home() {
    device.pressKey(Key.HOME);
  }

  @Test
  void captureIsTheDomTreeAndAScreenshotInDevicePixels() {
    RawCapture capture = device.capture();

    assertThat(capture.format()).isEqualTo(TreeFormat.WEB_JSON);
    assertThat(capture.deviceId()).isEqualTo("web:" + pages.url("/form.html"));
    assertThat(capture.hasScreenshot()).isTrue();
    assertThat(Png.size(capture.screenshot())).containsExactly(1600, 1200);
    assertThat(capture.screen()).isEqualTo(new ScreenSize(1600, 1200, 2.0));
    assertThat(device.screenSize()).isEqualTo(capture.screen());
    assertThat(device.platform()).isEqualTo(WebPlatform.BROWSER);

    UiTree tree = observe(device);
    assertThat(tree.root().text()).isEqualTo("Form");
    assertThat(Screens.find(tree, text("Sign up")))
        .get()
        .extracting(UiNode::className)
        .isEqualTo("heading");
    UiNode email = byId(tree, "email");
    assertThat(email.className()).isEqualTo("textbox");
    assertThat(email.description()).as("its <label>").isEqualTo("E-mail");
    assertThat(email.flags()).contains(ElementFlag.EDITABLE);
    assertThat(byId(tree, "plan").text())
        .as("a select shows its choice, then its options")
        .isEqualTo("Pro | options: Free, Pro");
    assertThat(byId(tree, "submit").text()).isEqualTo("Create account");
    assertThat(byId(tree, "keep").flags())
        .contains(ElementFlag.CHECKABLE)
        .doesNotContain(ElementFlag.CHECKED);
    assertThat(byId(tree, "elsewhere").className()).isEqualTo("link");
    // Layout-only wrappers are not emitted: the <form> has no text of its own.
    assertThat(tree.nodes()).noneMatch(n -> n.className().equals("form"));
  }

  @Test
  void tapsLandWhereTheParsedBoundsSay() {
    UiTree before = observe(device);
    tap(device, byId(before, "counter"));
    tap(device, byId(before, "counter"));

    UiTree after = observe(device);
    assertThat(Screens.find(after, text("Clicked 2 times"))).isPresent();
  }

  @Test
  void tappingACheckboxChecksIt() {
    tap(device, byId(observe(device), "keep"));
    assertThat(byId(observe(device), "keep").flags()).contains(ElementFlag.CHECKED);
  }

  @Test
  void typesIntoTheFocusedFieldAndEnterSubmitsThenBackReturns() {
    tap(device, byId(observe(device), "email"));
    assertThat(byId(observe(device), "email").flags()).contains(ElementFlag.FOCUSED);
    device.typeText("ann@example.com");
    assertThat(byId(observe(device), "email").text()).isEqualTo("ann@example.com");

    device.pressKey(Key.ENTER);
    until(device, has(text("Thanks email=ann@example.com plan=Pro")), "the submitted form");
    assertThat(device.currentUrl()).startsWith(pages.url("/submitted?"));

    device.pressKey(Key.BACK);
    until(device, has(n -> n.resourceId().equals("email")), "the form again");
  }

  @Test
  void swipeUpScrollsThePageDown() {
    device.launchApp(pages.url("/list.html"));
    UiTree top = observe(device);
    UiNode first = byId(top, "item-1");
    assertThat(first.visible()).isTrue();
    assertThat(byId(top, "item-200").visible()).as("far below the fold").isFalse();
    assertThat(top.root().flags()).contains(ElementFlag.SCROLLABLE);

    device.swipe(800, 1000, 800, 400, Duration.ofMillis(200));

    UiTree scrolled =
        until(
            device,
            t -> byId(t, "item-1").bounds().top() <= first.bounds().top() - 600,
            "the list moved up by the swipe");
    assertThat(byId(scrolled, "item-1").bounds().top())
        .as("600 screenshot pixels = 300 CSS pixels of scroll")
        .isEqualTo(first.bounds().top() - 600);
  }

  @Test
  void aModalDialogIsObservedAndDismissed() {
    device.launchApp(pages.url("/dialog.html"));
    tap(device, byId(observe(device), "open"));

    UiTree open = observe(device);
    UiNode dialog =
        Screens.find(open, n -> n.className().equals("dialog"))
            .orElseThrow(() -> new AssertionError("no dialog in " + open.nodes()));
    assertThat(dialog.flatten()).anyMatch(n -> n.text().equals("Delete the file?"));
    UiNode confirm = byId(open, "confirm");
    assertThat(dialog.bounds().contains(confirm.bounds())).isTrue();

    tap(device, confirm);
    UiTree closed = observe(device);
    assertThat(byId(closed, "status").text()).isEqualTo("Confirmed");
    assertThat(closed.nodes()).noneMatch(n -> n.resourceId().equals("confirm"));
  }

  @Test
  void appsAreOriginsAndLaunchingANonUrlExplainsWhatToGive() {
    assertThat(device.currentApp()).contains(pages.origin());

    assertThatThrownBy(() -> device.launchApp("com.android.settings"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("'com.android.settings' is not a URL")
        .hasMessageContaining("https://");

    device.launchApp(otherOrigin.url("/list.html"));
    assertThat(device.currentApp()).contains(otherOrigin.origin());

    device.terminateApp(otherOrigin.origin());
    assertThat(device.currentApp()).as("the last tab is blanked, not closed").isEmpty();
    assertThat(device.currentUrl()).isEqualTo("about:blank");
  }

  @Test
  void terminatingAnAppClosesItsTabsAndKeepsTheOthers() {
    pages.add(
        "/opener.html",
        "<a id=\"out\" target=\"_blank\" href=\"" + otherOrigin.url("/list.html") + "\">Out</a>");
    device.launchApp(pages.url("/opener.html"));
    tap(device, byId(observe(device), "out"));

    device.terminateApp(otherOrigin.url("/"));

    assertThat(device.currentApp()).contains(pages.origin());
    assertThat(device.currentUrl()).isEqualTo(pages.url("/opener.html"));
  }

  @Test
  void aTapOffTheScreenIsInvalidInput() {
    assertThatThrownBy(() -> device.tap(5000, 100))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("outside the screen");
  }
}
