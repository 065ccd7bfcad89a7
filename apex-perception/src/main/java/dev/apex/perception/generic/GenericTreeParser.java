package dev.apex.perception.generic;

import dev.apex.core.ElementFlag;
import dev.apex.core.InvalidInputException;
import dev.apex.core.RawCapture;
import dev.apex.perception.tree.TreeParser;
import dev.apex.perception.tree.UiNode;
import dev.apex.perception.tree.UiTree;
import dev.apex.perception.xml.TreeHandler;
import dev.apex.perception.xml.XmlTrees;
import dev.apex.perception.xml.XmlValues;
import org.xml.sax.Attributes;

/**
 * Parses the page source of a platform apex has no parser of its own for: WinAppDriver / Appium
 * Windows ({@code <Window Name="…" AutomationId="…" x=… y=… width=… height=…>}, tags are control
 * types), Appium Mac2 ({@code XCUIElementType*} with {@code identifier}, {@code title}, {@code
 * label}, {@code value}, {@code x y width height}), Tizen and test drivers, or any XML whose
 * elements carry a box.
 *
 * <p>Boxes: see {@link GenericBoxes} ({@code bounds}, {@code x/y/width/height}, {@code
 * left/top/width/height}, a {@code rect}); multiplied by {@code capture.screen().scale()} into
 * screenshot pixels. Text: the first non-empty of {@code text}, {@code title}, {@code Name}, {@code
 * label}, {@code value}; the description is {@code label}, {@code content-desc} or {@code HelpText}
 * when it differs from the text; the resource id is {@code resource-id}, {@code AutomationId},
 * {@code identifier}, {@code id} or {@code name}. Class: the {@code class} or {@code type}
 * attribute, else the tag. Flags where given ({@code clickable}, {@code enabled}/{@code IsEnabled},
 * {@code selected}/{@code IsSelected}, {@code focused}/{@code HasKeyboardFocus}, {@code checked},
 * {@code scrollable}, {@code IsPassword}; {@code visible}/{@code displayed} false or {@code
 * IsOffscreen} true hide a node), else from the type name (buttons, links, menu and list items are
 * clickable; edits and text fields editable; check boxes, radio buttons and switches checkable).
 * {@code <hierarchy>} and {@code <AppiumAUT>} are wrappers.
 *
 * <p>A source with elements none of which has a box is refused ({@link InvalidInputException}
 * naming the attributes looked for) rather than read as an empty screen. Stateless and thread-safe.
 */
public final class GenericTreeParser implements TreeParser {

  @Override
  public UiTree parse(RawCapture capture) {
    Handler handler = new Handler(capture.screen().scale());
    XmlTrees.parse(capture.tree(), handler, "page source");
    UiNode root = handler.root();
    if (handler.elements > 0 && handler.boxed == 0) {
      throw new InvalidInputException(
          "the page source has "
              + handler.elements
              + " element(s) but none gives a box (bounds=\"[x1,y1][x2,y2]\", x/y/width/height,"
              + " left/top/width/height or rect): apex cannot tell where anything is");
    }
    int width = capture.screen().width();
    int height = capture.screen().height();
    if (width == 0 || height == 0) {
      // A saved dump has no screenshot: the screen is what the boxes cover (a test driver's root
      // element may have no box of its own, so every node counts, not only the top ones).
      for (UiNode node : root.flatten()) {
        if (node.visible()) {
          width = Math.max(width, node.bounds().right());
          height = Math.max(height, node.bounds().bottom());
        }
      }
    }
    return new UiTree(width, height, 0, root);
  }

  private static final class Handler extends TreeHandler {
    private final double scale;
    private final GenericBoxes box = new GenericBoxes();
    int elements;
    int boxed;

    Handler(double scale) {
      this.scale = scale;
    }

    @Override
    protected boolean isWrapper(String qName) {
      return qName.equals("hierarchy") || qName.equals("AppiumAUT");
    }

    @Override
    protected void readNode(String qName, Attributes attributes, NodeFields node) {
      elements++;
      box.reset();
      String text = null;
      String title = null;
      String name = null;
      String label = null;
      String value = null;
      String help = null;
      String id = null;
      String type = null;
      for (int i = 0, n = attributes.getLength(); i < n; i++) {
        String attr = attributes.getQName(i);
        String v = attributes.getValue(i);
        if (box.offer(attr, v) || v == null) {
          continue;
        }
        switch (attr) {
          case "text" -> text = v;
          case "title" -> title = v;
          case "Name" -> name = v;
          case "label" -> label = v;
          case "value", "Value" -> value = v;
          case "content-desc", "HelpText", "description" -> help = v;
          case "resource-id", "AutomationId", "identifier", "id" -> id = first(id, v);
          case "name" -> {
            // XCTest-like sources: the identifier, or the label when there is none.
            if (id == null || id.isEmpty()) {
              id = v;
            }
          }
          case "class", "type" -> type = first(type, v);
          case "package", "ProcessId" -> node.packageName = v;
          case "clickable" -> flagIfTrue(node, v, ElementFlag.CLICKABLE);
          case "long-clickable" -> flagIfTrue(node, v, ElementFlag.LONG_CLICKABLE);
          case "checkable" -> flagIfTrue(node, v, ElementFlag.CHECKABLE);
          case "checked", "IsChecked" -> flagIfTrue(node, v, ElementFlag.CHECKED);
          case "scrollable" -> flagIfTrue(node, v, ElementFlag.SCROLLABLE);
          case "selected", "IsSelected" -> flagIfTrue(node, v, ElementFlag.SELECTED);
          case "focused", "HasKeyboardFocus", "hasFocus" ->
              flagIfTrue(node, v, ElementFlag.FOCUSED);
          case "password", "IsPassword" -> flagIfTrue(node, v, ElementFlag.PASSWORD);
          case "enabled", "IsEnabled" -> {
            if (XmlValues.isFalse(v)) {
              node.flag(ElementFlag.DISABLED);
            }
          }
          case "visible", "displayed", "IsVisible" -> {
            if (XmlValues.isFalse(v)) {
              node.visible = false;
            }
          }
          case "IsOffscreen" -> {
            if (XmlValues.isTrue(v)) {
              node.visible = false;
            }
          }
          default -> {
            // RuntimeId, FrameworkId, index, hittable and the rest carry nothing perception uses.
          }
        }
      }
      node.className = type != null && !type.isEmpty() ? type : qName;
      node.bounds = box.box(scale);
      if (node.bounds.hasArea()) {
        boxed++;
      }
      node.resourceId = id;
      node.text = first(first(first(first(text, title), name), label), value);
      String description = first(label, help);
      node.description = description != null && !description.equals(node.text) ? description : null;
      GenericKinds.apply(node.className, node);
      if (node.has(ElementFlag.CHECKABLE) && ("1".equals(value) || XmlValues.isTrue(value))) {
        // XCTest and UIA toggles report their state as the value.
        node.flag(ElementFlag.CHECKED);
      }
    }

    private static void flagIfTrue(NodeFields node, String value, ElementFlag flag) {
      if (XmlValues.isTrue(value)) {
        node.flag(flag);
      }
    }

    /** {@code a} unless it is null or empty, else {@code b}. */
    private static String first(String a, String b) {
      return a != null && !a.isEmpty() ? a : b;
    }
  }
}
