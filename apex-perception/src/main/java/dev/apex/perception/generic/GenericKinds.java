package dev.apex.perception.generic;

import dev.apex.core.ElementFlag;
import dev.apex.perception.xml.TreeHandler.NodeFields;
import java.util.Locale;

/**
 * The flags a type name implies on platforms whose sources do not say {@code clickable}: the simple
 * name (after {@code XCUIElementType}, a package or a namespace) is matched against control kinds
 * every desktop and TV toolkit shares. Stateless.
 */
final class GenericKinds {

  private GenericKinds() {}

  static void apply(String className, NodeFields node) {
    String kind = simpleName(className).toLowerCase(Locale.ROOT);
    if (kind.contains("checkbox")
        || kind.contains("radiobutton")
        || kind.contains("switch")
        || kind.contains("toggle")) {
      node.flag(ElementFlag.CHECKABLE);
      node.flag(ElementFlag.CLICKABLE);
    } else if (kind.equals("edit")
        || kind.contains("textfield")
        || kind.contains("textbox")
        || kind.contains("searchfield")
        || kind.contains("textarea")
        || kind.equals("entry")) {
      node.flag(ElementFlag.EDITABLE);
    } else if (kind.contains("button")
        || kind.contains("link")
        || kind.equals("menuitem")
        || kind.equals("listitem")
        || kind.equals("tabitem")
        || kind.equals("treeitem")
        || kind.equals("cell")
        || kind.equals("combobox")
        || kind.equals("splitbutton")) {
      node.flag(ElementFlag.CLICKABLE);
    } else if (kind.contains("scrollview") || kind.equals("list") || kind.equals("table")) {
      node.flag(ElementFlag.SCROLLABLE);
    }
  }

  private static String simpleName(String className) {
    String c = className;
    if (c.startsWith("XCUIElementType")) {
      c = c.substring("XCUIElementType".length());
    }
    int cut = Math.max(c.lastIndexOf('.'), c.lastIndexOf(':'));
    return cut >= 0 ? c.substring(cut + 1) : c;
  }
}
