package dev.apex.perception.tree;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.InvalidInputException;
import dev.apex.core.RawCapture;
import dev.apex.core.ScreenSize;
import dev.apex.core.TreeFormat;
import dev.apex.perception.SceneBuilder;
import dev.apex.perception.TreeParsers;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Every parser refuses a tree nested past the limit, and reads one at the limit. */
class TreeDepthTest {

  @AfterEach
  void clearProperty() {
    System.clearProperty(TreeDepth.PROPERTY);
  }

  /** A uiautomator dump whose nodes nest {@code depth} levels under {@code <hierarchy>}. */
  static byte[] androidChain(int depth) {
    StringBuilder xml = new StringBuilder("<?xml version='1.0'?>\n<hierarchy rotation=\"0\">\n");
    for (int i = 0; i < depth; i++) {
      xml.append("<node class=\"android.widget.FrameLayout\" bounds=\"[0,0][1080,1920]\">\n");
    }
    xml.append("<node class=\"android.widget.Button\" text=\"deep\" clickable=\"true\"")
        .append(" bounds=\"[10,10][200,100]\"/>");
    xml.append("</node>".repeat(depth)).append("</hierarchy>");
    return xml.toString().getBytes(StandardCharsets.UTF_8);
  }

  static byte[] iosChain(int depth) {
    StringBuilder xml = new StringBuilder("<?xml version='1.0'?>\n<AppiumAUT>\n");
    for (int i = 0; i < depth; i++) {
      xml.append("<XCUIElementTypeOther type=\"XCUIElementTypeOther\" visible=\"true\"")
          .append(" x=\"0\" y=\"0\" width=\"390\" height=\"844\">\n");
    }
    xml.append("</XCUIElementTypeOther>".repeat(depth)).append("</AppiumAUT>");
    return xml.toString().getBytes(StandardCharsets.UTF_8);
  }

  static byte[] webChain(int depth) {
    StringBuilder json = new StringBuilder("{\"viewport\":[400,800],\"nodes\":[");
    for (int i = 0; i < depth; i++) {
      json.append("{\"tag\":\"div\",\"box\":[0,0,400,800],\"children\":[");
    }
    json.append("]}".repeat(depth)).append("]}");
    return json.toString().getBytes(StandardCharsets.UTF_8);
  }

  private static UiTree parse(TreeFormat format, byte[] bytes) {
    return TreeParsers.parse(
        new RawCapture("test", format, bytes, null, new ScreenSize(0, 0, 1.0)));
  }

  private static int depth(UiTree tree) {
    int depth = 0;
    for (UiNode node = tree.root(); !node.children().isEmpty(); node = node.children().get(0)) {
      depth++;
    }
    return depth;
  }

  @Test
  void anAndroidDumpOneLevelPastTheLimitIsRefusedNamingWhere() {
    assertThatThrownBy(() -> parse(TreeFormat.UIAUTOMATOR_XML, androidChain(1000)))
        .isInstanceOf(TreeDepth.TooDeepException.class)
        .isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("uiautomator dump nests deeper than 1000 levels at line 1003,")
        .hasMessageContaining(TreeDepth.ENV);
  }

  @Test
  void anAndroidDumpAtTheLimitParses() {
    // 999 wrappers and the button: 1000 levels. (With 1000 wrappers the button, on line 1003, is
    // the first node past the limit.)
    UiTree tree = parse(TreeFormat.UIAUTOMATOR_XML, androidChain(999));

    assertThat(depth(tree)).isEqualTo(1000);
    assertThat(SceneBuilder.build(tree, java.util.List.of()).elements())
        .extracting(e -> e.text())
        .containsExactly("deep");
  }

  @Test
  void iosAndWebTreesHaveTheSameLimit() {
    assertThat(depth(parse(TreeFormat.WDA_XML, iosChain(1000)))).isEqualTo(1000);
    assertThatThrownBy(() -> parse(TreeFormat.WDA_XML, iosChain(1001)))
        .isInstanceOf(TreeDepth.TooDeepException.class);
    assertThatThrownBy(() -> parse(TreeFormat.WEB_JSON, webChain(1001)))
        .isInstanceOf(TreeDepth.TooDeepException.class)
        .hasMessageStartingWith("web page tree nests deeper than 1000 levels");
  }

  @Test
  void theLimitIsASetting() {
    System.setProperty(TreeDepth.PROPERTY, "50");
    assertThat(depth(parse(TreeFormat.UIAUTOMATOR_XML, androidChain(49)))).isEqualTo(50);
    assertThatThrownBy(() -> parse(TreeFormat.UIAUTOMATOR_XML, androidChain(50)))
        .hasMessageStartingWith("uiautomator dump nests deeper than 50 levels");

    System.setProperty(TreeDepth.PROPERTY, "deep");
    assertThatThrownBy(() -> parse(TreeFormat.UIAUTOMATOR_XML, androidChain(1)))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage(TreeDepth.PROPERTY + " must be a whole number from 1, got 'deep'");
  }
}
