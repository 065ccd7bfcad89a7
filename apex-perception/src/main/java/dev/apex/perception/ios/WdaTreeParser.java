package dev.apex.perception.ios;

import dev.apex.core.Bounds;
import dev.apex.core.ElementFlag;
import dev.apex.core.RawCapture;
import dev.apex.perception.tree.TreeParser;
import dev.apex.perception.tree.UiNode;
import dev.apex.perception.tree.UiTree;
import dev.apex.perception.xml.TreeHandler;
import dev.apex.perception.xml.XmlTrees;
import dev.apex.perception.xml.XmlValues;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.xml.sax.Attributes;

/**
 * Parses WebDriverAgent / XCUITest page source: {@code XCUIElementType*} elements, raw or inside
 * Appium's {@code <AppiumAUT>} wrapper.
 *
 * <p>{@code x}, {@code y}, {@code width}, {@code height} are points; bounds are multiplied by
 * {@code capture.screen().scale()} into screenshot pixels. Every attribute is optional. The element
 * type gives the flags iOS does not report: buttons, cells, links and keys are {@link
 * ElementFlag#CLICKABLE}; switches are {@link ElementFlag#CHECKABLE} and {@link
 * ElementFlag#CHECKED} when their value is {@code 1}; text fields are {@link ElementFlag#EDITABLE}
 * (secure ones also {@link ElementFlag#PASSWORD}); tables, collections and scroll views are {@link
 * ElementFlag#SCROLLABLE}. Text is the value of text-bearing types (static text, fields), else
 * empty; the description is the label, else the {@code placeholderValue} (a field's placeholder),
 * and a value equal to the placeholder is an empty field's; the resource id is the name. The
 * application element's label (the app's name) is kept as its resource id only, not as a label over
 * the whole screen. Stateless and thread-safe.
 */
public final class WdaTreeParser implements TreeParser {

  private static final String APPLICATION = "XCUIElementTypeApplication";
  private static final int CLICK = 1;
  private static final int TEXT = 2;
  private static final int EDIT = 4;
  private static final int SCROLL = 8;
  private static final int CHECK = 16;
  private static final int SECURE = 32;

  /** What each element type implies, keyed by full and short type name (no per-node substring). */
  private static final Map<String, Integer> KINDS = kinds();

  private static Map<String, Integer> kinds() {
    Map<String, Integer> byKind = new HashMap<>();
    for (String k :
        List.of(
            "Button",
            "Cell",
            "Link",
            "Key",
            "Tab",
            "MenuItem",
            "Icon",
            "PopUpButton",
            "SegmentedControl",
            "Stepper",
            "Slider",
            "Incrementor",
            "DisclosureTriangle",
            "ColorWell",
            "MenuButton",
            "PageIndicator")) {
      byKind.put(k, CLICK);
    }
    for (String k : List.of("Switch", "Toggle", "CheckBox", "RadioButton")) {
      byKind.put(k, CLICK | CHECK);
    }
    byKind.put("StaticText", TEXT);
    byKind.put("TextField", TEXT | EDIT);
    byKind.put("SearchField", TEXT | EDIT);
    byKind.put("TextView", TEXT | EDIT);
    byKind.put("SecureTextField", TEXT | EDIT | SECURE);
    for (String k : List.of("ScrollView", "Table", "CollectionView", "Picker", "PickerWheel")) {
      byKind.put(k, SCROLL);
    }
    Map<String, Integer> all = new HashMap<>(byKind);
    byKind.forEach((k, v) -> all.put("XCUIElementType" + k, v));
    return Map.copyOf(all);
  }

  @Override
  public UiTree parse(RawCapture capture) {
    Handler handler = new Handler(capture.screen().scale());
    XmlTrees.parse(capture.tree(), handler, "WebDriverAgent source");
    UiNode root = handler.root();
    int width = capture.screen().width();
    int height = capture.screen().height();
    if (width == 0 || height == 0) {
      for (UiNode top : root.children()) {
        width = Math.max(width, top.bounds().right());
        height = Math.max(height, top.bounds().bottom());
      }
    }
    return new UiTree(width, height, 0, root);
  }

  private static final class Handler extends TreeHandler {
    private final double scale;

    Handler(double scale) {
      this.scale = scale;
    }

    @Override
    protected boolean isWrapper(String qName) {
      return qName.equals("AppiumAUT") || qName.equals("hierarchy");
    }

    @Override
    protected void readNode(String qName, Attributes attributes, NodeFields node) {
      String value = null;
      String placeholder = null;
      double x = 0;
      double y = 0;
      double w = 0;
      double h = 0;
      for (int i = 0, n = attributes.getLength(); i < n; i++) {
        String v = attributes.getValue(i);
        switch (attributes.getQName(i)) {
          case "type" -> node.className = v;
          case "name" -> node.resourceId = v;
          case "label" -> node.description = v;
          case "value" -> value = v;
          case "placeholderValue" -> placeholder = v;
          case "x" -> x = XmlValues.number(v, 0);
          case "y" -> y = XmlValues.number(v, 0);
          case "width" -> w = XmlValues.number(v, 0);
          case "height" -> h = XmlValues.number(v, 0);
          case "enabled" -> {
            if (XmlValues.isFalse(v)) {
              node.flag(ElementFlag.DISABLED);
            }
          }
          case "visible" -> {
            if (XmlValues.isFalse(v)) {
              node.visible = false;
            }
          }
          case "selected" -> {
            if (XmlValues.isTrue(v)) {
              node.flag(ElementFlag.SELECTED);
            }
          }
          case "focused", "hasFocus" -> {
            if (XmlValues.isTrue(v)) {
              node.flag(ElementFlag.FOCUSED);
            }
          }
          default -> {
            // accessible, index, hittable and the rest carry nothing perception uses.
          }
        }
      }
      if (node.className == null) {
        node.className = qName;
      }
      node.bounds =
          new Bounds(
              (int) Math.round(x * scale),
              (int) Math.round(y * scale),
              (int) Math.round((x + w) * scale),
              (int) Math.round((y + h) * scale));
      if (node.className.equals(APPLICATION)) {
        // The app's name labels the whole screen; as a label it would sit over every element.
        if (node.resourceId == null || node.resourceId.isEmpty()) {
          node.resourceId = node.description;
        }
        node.description = null;
      }
      if (placeholder != null && !placeholder.isEmpty()) {
        if (placeholder.equals(value)) {
          // An empty field: WebDriverAgent gives its placeholder as its value.
          value = null;
        }
        if (node.description == null || node.description.isEmpty()) {
          node.description = placeholder;
        }
      }
      int kind = KINDS.getOrDefault(node.className, 0);
      if ((kind & TEXT) != 0) {
        node.text = value != null && !value.isEmpty() ? value : node.description;
      }
      if ((kind & CLICK) != 0) {
        node.flag(ElementFlag.CLICKABLE);
      }
      if ((kind & CHECK) != 0) {
        node.flag(ElementFlag.CHECKABLE);
        if ("1".equals(value) || XmlValues.isTrue(value)) {
          node.flag(ElementFlag.CHECKED);
        }
      }
      if ((kind & EDIT) != 0) {
        node.flag(ElementFlag.EDITABLE);
      }
      if ((kind & SECURE) != 0) {
        node.flag(ElementFlag.PASSWORD);
      }
      if ((kind & SCROLL) != 0) {
        node.flag(ElementFlag.SCROLLABLE);
      }
    }
  }
}
