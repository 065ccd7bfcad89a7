package dev.apex.perception.ios;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.Bounds;
import dev.apex.core.ElementFlag;
import dev.apex.core.ParseException;
import dev.apex.core.RawCapture;
import dev.apex.core.ScreenSize;
import dev.apex.core.TreeFormat;
import dev.apex.perception.Dumps;
import dev.apex.perception.tree.UiNode;
import dev.apex.perception.tree.UiTree;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class WdaTreeParserTest {

  private final WdaTreeParser parser = new WdaTreeParser();

  private static UiTree parse(String xml, ScreenSize screen) {
    return new WdaTreeParser()
        .parse(
            new RawCapture(
                "t", TreeFormat.WDA_XML, xml.getBytes(StandardCharsets.UTF_8), null, screen));
  }

  private static UiNode labelled(UiTree tree, String type, String label) {
    return tree.nodes().stream()
        .filter(n -> n.className().equals("XCUIElementType" + type))
        .filter(n -> n.description().equals(label))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no node labelled " + label));
  }

  @Test
  void pointsAreScaledToScreenshotPixels() {
    UiTree tree =
        parser.parse(Dumps.named("ios/appium_inspector_wdio_demo_app_414x896.xml").capture());

    // x=165 y=812 width=84 height=50 points at 2 pixels per point.
    UiNode button =
        tree.nodes().stream()
            .filter(n -> n.className().equals("XCUIElementTypeButton"))
            .findFirst()
            .orElseThrow();
    assertThat(button.bounds()).isEqualTo(new Bounds(330, 1624, 498, 1724));
    assertThat(button.flags()).contains(ElementFlag.CLICKABLE);
    assertThat(button.resourceId()).isEqualTo("Login");
  }

  @Test
  void aRawApplicationAndTheAppiumWrapperBothPutTheApplicationAtPathZero() {
    String app =
        "<XCUIElementTypeApplication type=\"XCUIElementTypeApplication\" x=\"0\" y=\"0\""
            + " width=\"10\" height=\"20\"><XCUIElementTypeStaticText value=\"Hi\"/>"
            + "</XCUIElementTypeApplication>";

    for (String xml : new String[] {app, "<AppiumAUT>" + app + "</AppiumAUT>"}) {
      UiTree tree = parse(xml, new ScreenSize(0, 0, 3.0));
      assertThat(tree.nodes()).extracting(UiNode::path).containsExactly("0", "0/0");
      assertThat(tree.width()).isEqualTo(30);
      assertThat(tree.height()).isEqualTo(60);
      UiNode text = tree.nodes().get(1);
      assertThat(text.className()).as("tag stands in for a missing type").endsWith("StaticText");
      assertThat(text.text()).isEqualTo("Hi");
      assertThat(text.bounds()).isEqualTo(Bounds.EMPTY);
    }
  }

  @Test
  void anInvisibleWindowHidesItsWholeSubtree() {
    UiTree tree =
        parser.parse(Dumps.named("ios/appium_inspector_wdio_demo_app_414x896.xml").capture());

    assertThat(tree.nodes().stream().filter(n -> !n.visible()))
        .extracting(UiNode::path)
        .containsExactly("0/1", "0/1/0", "0/1/0/0");
  }

  @Test
  void switchesAreCheckableAndCheckedByValue() {
    UiTree tree = parser.parse(Dumps.named("ios/shirates_settings_keyboard_390x844.xml").capture());

    assertThat(labelled(tree, "Switch", "Auto-Correction").flags())
        .contains(ElementFlag.CHECKABLE, ElementFlag.CLICKABLE)
        .doesNotContain(ElementFlag.CHECKED);
    assertThat(labelled(tree, "Switch", "Smart Punctuation").flags()).contains(ElementFlag.CHECKED);
  }

  @Test
  void fieldsAreEditableAndSecureOnesPasswords() {
    UiTree tree = parser.parse(Dumps.named("ios/shirates_app_onboarding_375x667.xml").capture());

    assertThat(labelled(tree, "SecureTextField", "password1").flags())
        .contains(ElementFlag.EDITABLE, ElementFlag.PASSWORD);
    UiNode email = labelled(tree, "TextField", "hoge@example.com");
    assertThat(email.flags()).contains(ElementFlag.EDITABLE).doesNotContain(ElementFlag.PASSWORD);
    assertThat(email.text())
        .as("the label stands in for an empty value")
        .isEqualTo("hoge@example.com");
  }

  @Test
  void staticTextTakesItsValueAndCellsKeepTheirLabelAsDescription() {
    UiTree tree = parser.parse(Dumps.named("ios/shirates_settings_top_390x844.xml").capture());

    UiNode cell = labelled(tree, "Cell", "Sign in to your iPhone");
    assertThat(cell.text()).isEmpty();
    assertThat(cell.flags()).contains(ElementFlag.CLICKABLE);
    assertThat(tree.nodes())
        .anyMatch(
            n ->
                n.className().equals("XCUIElementTypeStaticText")
                    && n.text().equals("Set up iCloud, the App Store, and more."));
  }

  @Test
  void malformedSourceNamesTheLineAndColumn() {
    assertThatThrownBy(
            () ->
                parse(
                    "<AppiumAUT>\n<XCUIElementTypeApplication x=\"0\">\n</AppiumAUT>",
                    ScreenSize.pixels(1, 1)))
        .isInstanceOfSatisfying(
            ParseException.class,
            e -> {
              assertThat(e.line()).isEqualTo(3);
              assertThat(e.getMessage()).startsWith("WebDriverAgent source is malformed at line 3");
            });
  }
}
