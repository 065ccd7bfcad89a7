package dev.apex.runtime.planner;

import dev.apex.core.Bounds;
import dev.apex.core.ElementFlag;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.core.Source;
import dev.apex.device.Device;
import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Test-only perception for the simulated phone: parses its uiautomator dump into a {@link Scene}
 * (ids from the node path, types from the class, text or content description, flags), until the
 * perception module's parser and scene builder are on main.
 */
final class SimScenes {

  private static final Pattern BOUNDS =
      Pattern.compile("\\[(-?\\d+),(-?\\d+)]\\[(-?\\d+),(-?\\d+)]");

  private SimScenes() {}

  static Scene capture(Device device) {
    return parse(device.capture().tree());
  }

  static Scene parse(byte[] xml) {
    try {
      DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
      factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      Element root =
          factory.newDocumentBuilder().parse(new ByteArrayInputStream(xml)).getDocumentElement();
      List<SceneElement> elements = new ArrayList<>();
      int index = 0;
      for (Node n = root.getFirstChild(); n != null; n = n.getNextSibling()) {
        if (n instanceof Element e && e.getTagName().equals("node")) {
          walk(e, "n" + index++, elements);
        }
      }
      Bounds screen = elements.isEmpty() ? new Bounds(0, 0, 720, 1600) : elements.get(0).bounds();
      return new Scene(screen.right(), screen.bottom(), elements);
    } catch (Exception e) {
      throw new AssertionError("cannot parse the sim's dump", e);
    }
  }

  /** The 1-based handle (position) of the first element matching {@code which}. */
  static String handle(Scene scene, Predicate<SceneElement> which) {
    for (int i = 0; i < scene.elements().size(); i++) {
      if (which.test(scene.elements().get(i))) {
        return Integer.toString(i + 1);
      }
    }
    throw new AssertionError("no element matches on " + scene);
  }

  static Predicate<SceneElement> resourceId(String suffix) {
    return e -> e.resourceId().endsWith(suffix);
  }

  static SceneElement element(Scene scene, Predicate<SceneElement> which) {
    return scene.elements().stream().filter(which).findFirst().orElseThrow();
  }

  private static void walk(Element node, String path, List<SceneElement> out) {
    out.add(element(node, path));
    int index = 0;
    for (Node n = node.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && e.getTagName().equals("node")) {
        walk(e, path + "." + index++, out);
      }
    }
  }

  private static SceneElement element(Element node, String path) {
    String cls = node.getAttribute("class");
    String text = node.getAttribute("text");
    if (text.isEmpty()) {
      text = node.getAttribute("content-desc");
    }
    Matcher m = BOUNDS.matcher(node.getAttribute("bounds"));
    Bounds bounds =
        m.matches()
            ? new Bounds(
                Integer.parseInt(m.group(1)),
                Integer.parseInt(m.group(2)),
                Integer.parseInt(m.group(3)),
                Integer.parseInt(m.group(4)))
            : new Bounds(0, 0, 0, 0);
    Set<ElementFlag> flags = EnumSet.noneOf(ElementFlag.class);
    flag(node, "clickable", ElementFlag.CLICKABLE, flags);
    flag(node, "long-clickable", ElementFlag.LONG_CLICKABLE, flags);
    flag(node, "checkable", ElementFlag.CHECKABLE, flags);
    flag(node, "checked", ElementFlag.CHECKED, flags);
    flag(node, "focused", ElementFlag.FOCUSED, flags);
    flag(node, "scrollable", ElementFlag.SCROLLABLE, flags);
    flag(node, "password", ElementFlag.PASSWORD, flags);
    flag(node, "selected", ElementFlag.SELECTED, flags);
    if ("false".equals(node.getAttribute("enabled"))) {
      flags.add(ElementFlag.DISABLED);
    }
    String type = type(cls);
    if (type.equals("input")) {
      flags.add(ElementFlag.EDITABLE);
    }
    return new SceneElement(
        path, type, bounds, text, 1.0, Source.TREE, node.getAttribute("resource-id"), flags);
  }

  private static void flag(Element node, String attr, ElementFlag flag, Set<ElementFlag> flags) {
    if ("true".equals(node.getAttribute(attr))) {
      flags.add(flag);
    }
  }

  private static String type(String cls) {
    String simple = cls.substring(cls.lastIndexOf('.') + 1);
    return switch (simple) {
      case "TextView" -> "text";
      case "Button", "ImageButton" -> "button";
      case "Switch" -> "switch";
      case "CheckBox" -> "checkbox";
      case "EditText" -> "input";
      case "ImageView" -> "image";
      case "RecyclerView", "ListView" -> "list";
      default -> "view";
    };
  }
}
