package dev.apex.device.sim;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.RawCapture;
import dev.apex.core.TreeFormat;
import dev.apex.testkit.FakeClock;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class SimCaptureTest {

  /** AOSP AccessibilityNodeInfoDumper's attributes, in its order. */
  static final List<String> UIAUTOMATOR_ATTRIBUTES =
      List.of(
          "index",
          "text",
          "resource-id",
          "class",
          "package",
          "content-desc",
          "checkable",
          "checked",
          "clickable",
          "enabled",
          "focusable",
          "focused",
          "scrollable",
          "long-clickable",
          "password",
          "selected",
          "bounds");

  private static final Pattern NODE_TAG = Pattern.compile("<node ([^>]*?)/?>");
  private static final Pattern ATTRIBUTE = Pattern.compile("([a-z-]+)=\"[^\"]*\"");
  private static final Pattern BOUNDS = Pattern.compile("\\[\\d+,\\d+]\\[\\d+,\\d+]");

  private final FakeClock clock = new FakeClock(Instant.parse("2026-01-01T09:41:00Z"));
  private final SimDevice device = SimDevice.create(clock);

  @Test
  void theTreeIsAUiautomatorDumpWithTheRealDeclarationAndRoot() throws Exception {
    RawCapture capture = device.capture();
    String xml = new String(capture.tree(), StandardCharsets.UTF_8);

    assertThat(capture.format()).isEqualTo(TreeFormat.UIAUTOMATOR_XML);
    assertThat(xml)
        .startsWith(
            "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">"
                + "<node index=\"0\" text=\"\" resource-id=\"\" class=\"android.widget.FrameLayout\""
                + " package=\"com.apex.sim.launcher\" content-desc=\"\"")
        .endsWith("</hierarchy>")
        .doesNotContain("\n");
    Element root = parse(capture).getDocumentElement();
    assertThat(root.getTagName()).isEqualTo("hierarchy");
    assertThat(((Element) root.getElementsByTagName("node").item(0)).getAttribute("bounds"))
        .isEqualTo("[0,0][720,1600]");
  }

  @Test
  void everyNodeHasExactlyTheUiautomatorAttributesInOrder() {
    for (String app :
        List.of(
            "com.apex.sim.launcher",
            "com.android.settings",
            "com.apex.sim.notes",
            "com.apex.sim.messages")) {
      device.launchApp(app);
      String xml = new String(device.capture().tree(), StandardCharsets.UTF_8);
      Matcher tags = NODE_TAG.matcher(xml);
      int nodes = 0;
      while (tags.find()) {
        List<String> names = new ArrayList<>();
        Matcher attrs = ATTRIBUTE.matcher(tags.group(1));
        while (attrs.find()) {
          names.add(attrs.group(1));
        }
        assertThat(names).as("attributes of %s", tags.group()).isEqualTo(UIAUTOMATOR_ATTRIBUTES);
        nodes++;
      }
      assertThat(nodes).as("nodes on %s", app).isGreaterThan(4);
    }
  }

  @Test
  void nodesCarryTheStateAnAgentNeeds() throws Exception {
    device.launchApp("com.android.settings");
    tapText("Wi-Fi");
    tapText("Off");

    NodeList nodes = parse(device.capture()).getElementsByTagName("node");
    Element wifiSwitch = null;
    for (int i = 0; i < nodes.getLength(); i++) {
      Element node = (Element) nodes.item(i);
      assertThat(node.getAttribute("bounds")).matches(BOUNDS);
      if (node.getAttribute("class").equals("android.widget.Switch")) {
        wifiSwitch = node;
      }
    }
    assertThat(wifiSwitch).isNotNull();
    assertThat(wifiSwitch.getAttribute("resource-id"))
        .isEqualTo("com.android.settings:id/wifi_switch");
    assertThat(wifiSwitch.getAttribute("checkable")).isEqualTo("true");
    assertThat(wifiSwitch.getAttribute("checked")).isEqualTo("true");
    assertThat(wifiSwitch.getAttribute("clickable")).isEqualTo("true");
    assertThat(wifiSwitch.getAttribute("text")).isEqualTo("On");
  }

  @Test
  void theStatusBarClockFollowsTheInjectedClock() throws Exception {
    assertThat(clockText(device.capture())).isEqualTo("09:41");

    clock.advance(Duration.ofMinutes(2));

    assertThat(clockText(device.capture())).isEqualTo("09:43");
  }

  @Test
  void typedTextIsEscapedAndReadsBackVerbatim() throws Exception {
    String typed = "Tom & \"Jerry\" <3 it's\ttabbed\u0007";
    device.launchApp("com.apex.sim.notes");
    tapText("New note");
    device.typeText(typed);

    String xml = new String(device.capture().tree(), StandardCharsets.UTF_8);
    assertThat(xml).contains("Tom &amp; &quot;Jerry&quot; &lt;3 it's&#9;tabbed.");
    NodeList nodes = parse(device.capture()).getElementsByTagName("node");
    List<String> texts = new ArrayList<>();
    for (int i = 0; i < nodes.getLength(); i++) {
      texts.add(((Element) nodes.item(i)).getAttribute("text"));
    }
    // A control character XML cannot hold becomes '.', as uiautomator writes it.
    assertThat(texts).contains("Tom & \"Jerry\" <3 it's\ttabbed.");
  }

  @Test
  void theScreenshotIsAPngOfTheScreenSize() throws IOException {
    RawCapture capture = device.capture();

    assertThat(capture.screenshot()).startsWith(0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n');
    BufferedImage image = ImageIO.read(new ByteArrayInputStream(capture.screenshot()));
    assertThat(image.getWidth()).isEqualTo(720).isEqualTo(capture.screen().width());
    assertThat(image.getHeight()).isEqualTo(1600).isEqualTo(capture.screen().height());
    assertThat(capture.screen()).isEqualTo(device.screenSize());
    assertThat(image.getRGB(700, 1580)).as("white background").isEqualTo(0xFFFFFFFF);
  }

  @Test
  void renderingIsDeterministicAcrossDevicesAndChangesWithTheScreen() {
    SimDevice twin = SimDevice.create(clock);
    device.launchApp("com.android.settings");
    twin.launchApp("com.android.settings");

    RawCapture first = device.capture();
    RawCapture again = device.capture();
    RawCapture fromTwin = twin.capture();

    assertThat(again.tree()).isEqualTo(first.tree());
    assertThat(again.screenshot()).isEqualTo(first.screenshot());
    assertThat(fromTwin.screenshot()).isEqualTo(first.screenshot());
    tapText("Wi-Fi");
    assertThat(device.capture().screenshot()).isNotEqualTo(first.screenshot());
  }

  @Test
  void aCallerWritingIntoACaptureCannotCorruptTheNext() {
    RawCapture first = device.capture();
    byte[] pristine = first.screenshot().clone();

    first.screenshot()[100] ^= 0x7F;
    first.tree()[0] = 'X';

    RawCapture next = device.capture();
    assertThat(next.screenshot()).isEqualTo(pristine);
    assertThat(next.tree()[0]).isEqualTo((byte) '<');
  }

  private void tapText(String text) {
    SimNode node = device.screen().find(n -> n.text().equals(text)).orElseThrow();
    device.tap(node.bounds().centerX(), node.bounds().centerY());
  }

  private static String clockText(RawCapture capture) throws Exception {
    NodeList nodes = parse(capture).getElementsByTagName("node");
    for (int i = 0; i < nodes.getLength(); i++) {
      Element node = (Element) nodes.item(i);
      if (node.getAttribute("resource-id").equals("com.android.systemui:id/clock")) {
        return node.getAttribute("text");
      }
    }
    throw new AssertionError("no clock in the status bar");
  }

  static Document parse(RawCapture capture) throws Exception {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    return factory.newDocumentBuilder().parse(new ByteArrayInputStream(capture.tree()));
  }
}
