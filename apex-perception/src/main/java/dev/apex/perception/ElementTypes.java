package dev.apex.perception;

import dev.apex.core.ElementFlag;
import java.util.Set;

/**
 * Short element types from platform classes: Android widget classes, {@code XCUIElementType*} names
 * and HTML tags all map to one small vocabulary — {@code button}, {@code text}, {@code input},
 * {@code switch}, {@code checkbox}, {@code radio}, {@code slider}, {@code progress}, {@code
 * dropdown}, {@code link}, {@code tab}, {@code image}, {@code list}, {@code web}, {@code dialog} (a
 * web page's {@code <dialog>} or {@code role=dialog}, and the JavaScript dialogs a web device
 * shows), {@code item} (a clickable container) and {@code view} (anything else) — plus {@code
 * textarea}, a multi-line text field told from a one-line {@code input}, and the SVG shapes a page
 * draws and makes act ({@code circle}, {@code ellipse}, {@code rect}, {@code polygon}, {@code
 * polyline}, {@code path}, {@code line}), which have no text to tell them apart by otherwise. A web
 * node's class is its ARIA role ({@code checkbox}, {@code radio}, {@code switch}, {@code slider},
 * {@code progressbar}; an {@code <input type=checkbox>}'s implied one included), so a web checkbox
 * is a {@code checkbox} as Android's {@code CheckBox} is. Thread-safe.
 */
final class ElementTypes {

  private ElementTypes() {}

  private static final Set<String> SHAPES =
      Set.of("circle", "ellipse", "rect", "polygon", "polyline", "path", "line");

  static String of(String className, Set<ElementFlag> flags) {
    String c = className;
    if (c.equals("textarea")) {
      return "textarea";
    }
    if (SHAPES.contains(c)) {
      return c;
    }
    if (flags.contains(ElementFlag.EDITABLE)
        || c.endsWith("EditText")
        || c.endsWith("TextField")
        || c.endsWith("SearchField")
        || c.endsWith("AutoCompleteTextView")
        || c.equals("input")) {
      return "input";
    }
    if (c.equals("switch")
        || c.endsWith("Switch")
        || c.endsWith("SwitchCompat")
        || c.endsWith("SwitchMaterial")
        || c.endsWith("Toggle")
        || c.endsWith("ToggleButton")) {
      return "switch";
    }
    if (c.contains("CheckBox")
        || c.contains("Checkbox")
        || c.contains("CheckedTextView")
        || c.equals("checkbox")
        || c.equals("menuitemcheckbox")) {
      return "checkbox";
    }
    if (c.contains("RadioButton") || c.equals("radio") || c.equals("menuitemradio")) {
      return "radio";
    }
    if (c.contains("SeekBar") || c.contains("Slider") || c.equals("slider")) {
      return "slider";
    }
    if (c.contains("ProgressBar") || c.contains("ProgressIndicator") || c.equals("progressbar")) {
      return "progress";
    }
    if (c.contains("Spinner")
        || c.contains("PopUpButton")
        || c.contains("Picker")
        || c.equals("select")
        || c.equals("combobox")) {
      return "dropdown";
    }
    if (c.contains("Button") || c.equals("button")) {
      return "button";
    }
    if (c.endsWith("Link") || c.equals("a")) {
      return "link";
    }
    if (c.endsWith("Tab") || c.contains("TabView") || c.contains("TabItem") || c.equals("tab")) {
      return "tab";
    }
    if (c.contains("WebView") || c.endsWith("WebArea")) {
      return "web";
    }
    if (c.equals("dialog") || c.equals("alertdialog")) {
      return "dialog";
    }
    if (c.contains("Image") || c.endsWith("Icon") || c.equals("img") || c.equals("svg")) {
      return "image";
    }
    if (c.contains("RecyclerView")
        || c.contains("ListView")
        || c.contains("GridView")
        || c.contains("ScrollView")
        || c.contains("ViewPager")
        || c.endsWith("Table")
        || c.endsWith("CollectionView")
        || flags.contains(ElementFlag.SCROLLABLE)) {
      return "list";
    }
    if (c.contains("TextView")
        || c.endsWith("StaticText")
        || c.equals("label")
        || c.equals("p")
        || c.equals("span")
        || (c.length() == 2 && c.charAt(0) == 'h' && Character.isDigit(c.charAt(1)))) {
      return "text";
    }
    if (flags.contains(ElementFlag.CLICKABLE) || flags.contains(ElementFlag.LONG_CLICKABLE)) {
      return "item";
    }
    return "view";
  }
}
