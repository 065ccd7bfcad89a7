package dev.apex.perception.android;

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
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class AndroidTreeParserTest {

  private final AndroidTreeParser parser = new AndroidTreeParser();

  private UiTree parse(String file) {
    return parser.parse(Dumps.named(file).capture());
  }

  private static UiTree parseXml(String xml) {
    return new AndroidTreeParser()
        .parse(
            new RawCapture(
                "t",
                TreeFormat.UIAUTOMATOR_XML,
                xml.getBytes(StandardCharsets.UTF_8),
                null,
                ScreenSize.pixels(100, 200)));
  }

  private static UiNode withText(UiTree tree, String text) {
    return tree.nodes().stream()
        .filter(n -> n.text().equals(text) || n.description().equals(text))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no node with text " + text));
  }

  @Test
  void pathsAreChildPositionsFromTheRootNotTheIndexAttribute() {
    UiTree tree = parse("android/xiaocong_launcher_480x800.xml");

    // The search bar is the FrameLayout's second child although its index attribute says 3.
    UiNode search = withText(tree, "Search");
    assertThat(search.path()).isEqualTo("0/1");
    assertThat(search.resourceId()).isEqualTo("com.android.launcher:id/search_button_container");
    assertThat(search.bounds()).isEqualTo(new Bounds(11, 49, 469, 97));
    assertThat(search.flags()).contains(ElementFlag.CLICKABLE).doesNotContain(ElementFlag.CHECKED);
    assertThat(withText(tree, "11:33").path()).isEqualTo("0/0/0/0/0");
  }

  @Test
  void readsTheDevTtyFormWithItsTrailerAndKeepsOffScreenNodes() {
    UiTree tree = parse("android-edge-cases/dev_tty_trailer_216_nodes_1080x2178.xml");

    assertThat(tree.nodes()).hasSize(216);
    assertThat(tree.nodes()).anyMatch(n -> n.bounds().equals(Bounds.EMPTY));
  }

  @Test
  void theBomDecidesTheEncodingOverTheDeclaration() {
    UiTree tree = parse("android-edge-cases/utf16le_bom_settings_278_nodes_1080x2178.xml");

    assertThat(tree.nodes()).hasSize(278);
    assertThat(withText(tree, "Amo Settings").className()).isEqualTo("android.widget.TextView");
  }

  @Test
  void utf8BomAndBomLessUtf16AreReadToo() {
    String xml =
        "<?xml version='1.0' encoding='UTF-8'?><hierarchy rotation=\"0\"><node text=\"Ça va\""
            + " bounds=\"[0,0][10,10]\"/></hierarchy>";
    byte[] utf8 = xml.getBytes(StandardCharsets.UTF_8);
    byte[] withBom = new byte[utf8.length + 3];
    withBom[0] = (byte) 0xEF;
    withBom[1] = (byte) 0xBB;
    withBom[2] = (byte) 0xBF;
    System.arraycopy(utf8, 0, withBom, 3, utf8.length);

    for (byte[] bytes :
        new byte[][] {
          withBom, xml.getBytes(StandardCharsets.UTF_16LE), xml.getBytes(StandardCharsets.UTF_16BE)
        }) {
      UiTree tree =
          parser.parse(
              new RawCapture(
                  "t", TreeFormat.UIAUTOMATOR_XML, bytes, null, ScreenSize.pixels(1, 1)));
      assertThat(tree.nodes()).extracting(UiNode::text).containsExactly("Ça va");
    }
  }

  @Test
  void repairsDoubleEncodedUtf8AndLeavesCorrectTextAlone() {
    UiTree tree = parse("android-edge-cases/avc_lockscreen_api17_chinese_mojibake_800x1216.xml");

    assertThat(tree.nodes())
        .extracting(UiNode::description)
        .contains("空白小部件。", "状态小部件。", "滑动区域。")
        .noneMatch(d -> d.contains("ç"));
    assertThat(withText(tree, "语言").className()).isNotEmpty();
  }

  @Test
  void landscapeRotationIsReadAndCoordinatesKeptAsGiven() {
    UiTree tree = parse("android/atx_game_landscape_rotation1_1920x1080.xml");

    assertThat(tree.rotation()).isEqualTo(1);
    assertThat(tree.nodes().get(0).bounds()).isEqualTo(new Bounds(0, 0, 1920, 1080));
  }

  @Test
  void preApi18DumpsHaveNoResourceIds() {
    UiTree tree = parse("android/avc_launcher_pre_api18_480x800_no_resource_id.xml");

    assertThat(tree.nodes()).hasSize(9).allMatch(n -> n.resourceId().isEmpty());
    assertThat(withText(tree, "Apps").packageName()).isEqualTo("com.android.launcher");
  }

  @Test
  void appiumPageSourceTakesTheTagAsClassAndHonoursDisplayed() {
    UiTree tree =
        new AndroidTreeParser()
            .parse(
                new RawCapture(
                    "t",
                    TreeFormat.APPIUM_UIA2_XML,
                    ("<hierarchy index=\"0\" class=\"hierarchy\" rotation=\"3\" width=\"300\""
                            + " height=\"400\"><android.widget.FrameLayout bounds=\"[0,0][300,400]\""
                            + " displayed=\"false\"><android.widget.EditText text=\"hi\""
                            + " enabled=\"false\" bounds=\"[1,2][3,4]\"/></android.widget.FrameLayout>"
                            + "</hierarchy>")
                        .getBytes(StandardCharsets.UTF_8),
                    null,
                    new ScreenSize(0, 0, 1.0)));

    assertThat(tree.width()).isEqualTo(300);
    assertThat(tree.height()).isEqualTo(400);
    assertThat(tree.rotation()).isEqualTo(3);
    UiNode edit = tree.nodes().get(1);
    assertThat(edit.className()).isEqualTo("android.widget.EditText");
    assertThat(edit.flags()).containsExactlyInAnyOrder(ElementFlag.EDITABLE, ElementFlag.DISABLED);
    assertThat(edit.visible()).as("inside an undisplayed parent").isFalse();
  }

  @Test
  void everyAttributeIsOptional() {
    UiTree tree = parseXml("<hierarchy><node><node bounds=\"garbage\"/></node></hierarchy>");

    assertThat(tree.nodes()).hasSize(2);
    UiNode bare = tree.nodes().get(1);
    assertThat(bare.path()).isEqualTo("0/0");
    assertThat(bare.bounds()).isEqualTo(Bounds.EMPTY);
    assertThat(bare.text()).isEmpty();
    assertThat(bare.flags()).isEmpty();
    assertThat(bare.visible()).isTrue();
    assertThat(tree.rotation()).isZero();
  }

  @Test
  void aTruncatedDumpNamesTheLineAndColumnWhereItEnds() {
    byte[] full = Dumps.named("android/xiaocong_launcher_480x800.xml").bytes();
    byte[] cut = Arrays.copyOf(full, full.length / 2);
    String text = new String(cut, StandardCharsets.UTF_8);
    int lines = (int) text.chars().filter(c -> c == '\n').count() + 1;
    int lastLineLength = text.length() - text.lastIndexOf('\n') - 1;

    assertThatThrownBy(
            () ->
                parser.parse(
                    new RawCapture(
                        "t", TreeFormat.UIAUTOMATOR_XML, cut, null, ScreenSize.pixels(480, 800))))
        .isInstanceOfSatisfying(
            ParseException.class,
            e -> {
              assertThat(e.line()).isEqualTo(lines);
              assertThat(e.column()).isBetween(1, lastLineLength + 1);
              assertThat(e.getMessage())
                  .startsWith("uiautomator dump is malformed at line " + lines);
            });
  }

  @Test
  void garbageNamesTheLineAndColumnOfTheFault() {
    assertThatThrownBy(() -> parseXml("not a dump at all"))
        .isInstanceOfSatisfying(
            ParseException.class,
            e -> {
              assertThat(e.line()).isEqualTo(1);
              assertThat(e.column()).isEqualTo(1);
            });
    assertThatThrownBy(() -> parseXml("<hierarchy>\n  <node>\n  </nodex>\n</hierarchy>"))
        .isInstanceOfSatisfying(
            ParseException.class,
            e -> {
              assertThat(e.line()).isEqualTo(3);
              assertThat(e.column()).isBetween(3, 11);
            });
    assertThatThrownBy(() -> parseXml(""))
        .isInstanceOfSatisfying(ParseException.class, e -> assertThat(e.line()).isEqualTo(1));
  }

  @Test
  void aDoctypeIsRefusedSoNoExternalEntityIsRead() {
    assertThatThrownBy(
            () ->
                parseXml(
                    "<?xml version=\"1.0\"?><!DOCTYPE h [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>"
                        + "<hierarchy><node text=\"&x;\"/></hierarchy>"))
        .isInstanceOf(ParseException.class);
  }
}
