package dev.apex.perception.generic;

import dev.apex.core.Bounds;
import dev.apex.perception.xml.XmlValues;

/**
 * An element's box from the attributes a platform gives, in the source's unit, in the order tried:
 * {@code bounds="[x1,y1][x2,y2]"} (UiAutomator-style); {@code x}, {@code y}, {@code width}, {@code
 * height} (XCTest, WinAppDriver); {@code left}, {@code top} with {@code width}/{@code height} or
 * {@code right}/{@code bottom}; then one rectangle attribute ({@code rect}, {@code frame}, {@code
 * BoundingRectangle}) whose four numbers are read by their names when named ({@code x y width
 * height}, {@code l t r b}, {@code left top right bottom}), else as x, y, width, height. Collects
 * while a node's attributes are read; not thread-safe, reused per node.
 */
final class GenericBoxes {

  private static final double NONE = Double.NaN;

  private String bounds;
  private String rect;
  private double x;
  private double y;
  private double left;
  private double top;
  private double right;
  private double bottom;
  private double width;
  private double height;

  void reset() {
    bounds = null;
    rect = null;
    x = y = left = top = right = bottom = width = height = NONE;
  }

  /** Takes the attribute if it speaks of the box; returns whether it did. */
  boolean offer(String name, String value) {
    switch (name) {
      case "bounds" -> bounds = value;
      case "rect", "frame", "BoundingRectangle", "boundingRectangle" -> rect = value;
      case "x", "X" -> x = XmlValues.number(value, NONE);
      case "y", "Y" -> y = XmlValues.number(value, NONE);
      case "left", "Left" -> left = XmlValues.number(value, NONE);
      case "top", "Top" -> top = XmlValues.number(value, NONE);
      case "right", "Right" -> right = XmlValues.number(value, NONE);
      case "bottom", "Bottom" -> bottom = XmlValues.number(value, NONE);
      case "width", "Width" -> width = XmlValues.number(value, NONE);
      case "height", "Height" -> height = XmlValues.number(value, NONE);
      default -> {
        return false;
      }
    }
    return true;
  }

  /** The box scaled into pixels, or {@link Bounds#EMPTY} when no attribute gave one. */
  Bounds box(double scale) {
    if (bounds != null) {
      Bounds b = XmlValues.bounds(bounds);
      if (!b.equals(Bounds.EMPTY)) {
        return scaled(b.left(), b.top(), b.right(), b.bottom(), scale);
      }
    }
    if (known(x) && known(y) && known(width) && known(height)) {
      return scaled(x, y, x + width, y + height, scale);
    }
    if (known(left) && known(top)) {
      if (known(width) && known(height)) {
        return scaled(left, top, left + width, top + height, scale);
      }
      if (known(right) && known(bottom)) {
        return scaled(left, top, right, bottom, scale);
      }
    }
    if (rect != null) {
      return rect(rect, scale);
    }
    return Bounds.EMPTY;
  }

  /** {@code {x:1, y:2, width:3, height:4}}, {@code {l:0 t:0 r:10 b:10}} or {@code 1,2,3,4}. */
  private static Bounds rect(String value, double scale) {
    double[] numbers = new double[4];
    String[] names = new String[4];
    int found = 0;
    int n = value.length();
    int pos = 0;
    while (pos < n && found < 4) {
      char c = value.charAt(pos);
      if (c == '-' || (c >= '0' && c <= '9')) {
        int start = pos++;
        while (pos < n && (Character.isDigit(value.charAt(pos)) || value.charAt(pos) == '.')) {
          pos++;
        }
        numbers[found] = XmlValues.number(value.substring(start, pos), 0);
        names[found] = nameBefore(value, start);
        found++;
      } else {
        pos++;
      }
    }
    if (found < 4) {
      return Bounds.EMPTY;
    }
    String joined = String.join(",", names);
    if (joined.equals("l,t,r,b") || joined.equals("left,top,right,bottom")) {
      return scaled(numbers[0], numbers[1], numbers[2], numbers[3], scale);
    }
    return scaled(numbers[0], numbers[1], numbers[0] + numbers[2], numbers[1] + numbers[3], scale);
  }

  /** The word just before a number ({@code width} in {@code "width": 3}), lower case, or "". */
  private static String nameBefore(String value, int numberStart) {
    int end = numberStart;
    while (end > 0 && !Character.isLetter(value.charAt(end - 1))) {
      char c = value.charAt(end - 1);
      if (Character.isDigit(c)) {
        return "";
      }
      end--;
    }
    int start = end;
    while (start > 0 && Character.isLetter(value.charAt(start - 1))) {
      start--;
    }
    return value.substring(start, end).toLowerCase(java.util.Locale.ROOT);
  }

  private static boolean known(double v) {
    return !Double.isNaN(v);
  }

  private static Bounds scaled(double l, double t, double r, double b, double scale) {
    return new Bounds(
        (int) Math.round(l * scale),
        (int) Math.round(t * scale),
        (int) Math.round(r * scale),
        (int) Math.round(b * scale));
  }
}
