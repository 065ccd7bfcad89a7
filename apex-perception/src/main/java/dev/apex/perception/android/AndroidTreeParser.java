package dev.apex.perception.android;

import dev.apex.core.ElementFlag;
import dev.apex.core.RawCapture;
import dev.apex.core.TreeFormat;
import dev.apex.perception.tree.TreeParser;
import dev.apex.perception.tree.UiNode;
import dev.apex.perception.tree.UiTree;
import dev.apex.perception.xml.TreeHandler;
import dev.apex.perception.xml.XmlTrees;
import dev.apex.perception.xml.XmlValues;
import org.xml.sax.Attributes;

/**
 * Parses Android UI dumps: {@code uiautomator dump} XML ({@code <hierarchy><node class=…>}) and
 * Appium UiAutomator2 page source (elements named by class, a {@code displayed} attribute). One
 * parser reads both, element by element.
 *
 * <p>Every attribute is optional (pre-API-18 dumps have no {@code resource-id}); bounds are pixels,
 * already rotated, and {@code [0,0][0,0]} marks an off-screen node that keeps its place in the
 * tree. {@code enabled="false"} becomes {@link ElementFlag#DISABLED}; {@code displayed="false"} or
 * {@code visible-to-user="false"} makes the node and its subtree invisible; EditText classes are
 * {@link ElementFlag#EDITABLE}. The description is {@code content-desc}, else {@code hint} (a
 * field's placeholder, which dumps carry from API 26 on). The tree's size is the capture's screen
 * size, else the {@code <hierarchy>}'s {@code width}/{@code height}, else the extent of the top
 * nodes. Stateless and thread-safe.
 */
public final class AndroidTreeParser implements TreeParser {

  @Override
  public UiTree parse(RawCapture capture) {
    Handler handler = new Handler();
    String what =
        capture.format() == TreeFormat.APPIUM_UIA2_XML ? "Appium page source" : "uiautomator dump";
    XmlTrees.parse(capture.tree(), handler, what);
    UiNode root = handler.root();
    int width = capture.screen().width();
    int height = capture.screen().height();
    if (width == 0 || height == 0) {
      width = handler.width;
      height = handler.height;
    }
    if (width == 0 || height == 0) {
      for (UiNode top : root.children()) {
        width = Math.max(width, top.bounds().right());
        height = Math.max(height, top.bounds().bottom());
      }
    }
    return new UiTree(width, height, handler.rotation, root);
  }

  private static final class Handler extends TreeHandler {
    int rotation;
    int width;
    int height;

    @Override
    protected boolean isWrapper(String qName) {
      return qName.equals("hierarchy");
    }

    @Override
    protected void readWrapper(Attributes attributes) {
      int r = XmlValues.integer(attributes.getValue("rotation"), 0);
      rotation = r >= 0 && r <= 3 ? r : 0;
      width = Math.max(0, XmlValues.integer(attributes.getValue("width"), 0));
      height = Math.max(0, XmlValues.integer(attributes.getValue("height"), 0));
    }

    @Override
    protected void readNode(String qName, Attributes attributes, NodeFields node) {
      String hint = null;
      for (int i = 0, n = attributes.getLength(); i < n; i++) {
        String value = attributes.getValue(i);
        switch (attributes.getQName(i)) {
          case "class" -> node.className = value;
          case "text" -> node.text = value;
          case "content-desc" -> node.description = value;
          case "resource-id" -> node.resourceId = value;
          case "package" -> node.packageName = value;
          case "bounds" -> node.bounds = XmlValues.bounds(value);
          case "hint" -> hint = value;
          case "clickable" -> flagIf(node, value, ElementFlag.CLICKABLE);
          case "long-clickable" -> flagIf(node, value, ElementFlag.LONG_CLICKABLE);
          case "checkable" -> flagIf(node, value, ElementFlag.CHECKABLE);
          case "checked" -> flagIf(node, value, ElementFlag.CHECKED);
          case "scrollable" -> flagIf(node, value, ElementFlag.SCROLLABLE);
          case "selected" -> flagIf(node, value, ElementFlag.SELECTED);
          case "focused" -> flagIf(node, value, ElementFlag.FOCUSED);
          case "password" -> flagIf(node, value, ElementFlag.PASSWORD);
          case "enabled" -> {
            if (XmlValues.isFalse(value)) {
              node.flag(ElementFlag.DISABLED);
            }
          }
          case "displayed", "visible-to-user" -> {
            if (XmlValues.isFalse(value)) {
              node.visible = false;
            }
          }
          default -> {
            // index, focusable, drawing-order and the rest carry nothing perception uses.
          }
        }
      }
      if (node.className == null && !qName.equals("node")) {
        node.className = qName;
      }
      if ((node.description == null || node.description.isEmpty()) && hint != null) {
        node.description = hint;
      }
      if (node.className != null && editable(node.className)) {
        node.flag(ElementFlag.EDITABLE);
      }
    }

    private static void flagIf(NodeFields node, String value, ElementFlag flag) {
      if (XmlValues.isTrue(value)) {
        node.flag(flag);
      }
    }

    private static boolean editable(String className) {
      return className.endsWith("EditText")
          || className.endsWith("AutoCompleteTextView")
          || className.endsWith("SearchAutoComplete");
    }
  }
}
