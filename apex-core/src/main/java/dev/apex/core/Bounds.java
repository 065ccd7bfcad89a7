package dev.apex.core;

/**
 * An axis-aligned rectangle in screen pixels, with exclusive right and bottom edges (Android's
 * {@code Rect} convention). A rectangle with {@code right <= left} or {@code bottom <= top} has no
 * area.
 */
public record Bounds(int left, int top, int right, int bottom) {

  public static final Bounds EMPTY = new Bounds(0, 0, 0, 0);

  public static Bounds ofSize(int x, int y, int width, int height) {
    return new Bounds(x, y, x + width, y + height);
  }

  public int width() {
    return Math.max(0, right - left);
  }

  public int height() {
    return Math.max(0, bottom - top);
  }

  public long area() {
    return (long) width() * height();
  }

  public boolean hasArea() {
    return width() > 0 && height() > 0;
  }

  public int centerX() {
    return left + width() / 2;
  }

  public int centerY() {
    return top + height() / 2;
  }

  /** Whether the point lies inside, right and bottom edges excluded. */
  public boolean contains(int x, int y) {
    return x >= left && x < right && y >= top && y < bottom;
  }

  /** Whether {@code other} lies entirely inside this rectangle. */
  public boolean contains(Bounds other) {
    return other.left >= left && other.top >= top && other.right <= right && other.bottom <= bottom;
  }

  public long intersectionArea(Bounds other) {
    long w = (long) Math.min(right, other.right) - Math.max(left, other.left);
    long h = (long) Math.min(bottom, other.bottom) - Math.max(top, other.top);
    return w > 0 && h > 0 ? w * h : 0;
  }

  /** Intersection over union, in [0, 1]; 0 when either rectangle has no area. */
  public double iou(Bounds other) {
    long inter = intersectionArea(other);
    if (inter == 0) {
      return 0;
    }
    return (double) inter / (area() + other.area() - inter);
  }

  /** Scales every coordinate, rounding to the nearest pixel (used to turn points into pixels). */
  public Bounds scale(double factor) {
    return new Bounds(
        (int) Math.round(left * factor),
        (int) Math.round(top * factor),
        (int) Math.round(right * factor),
        (int) Math.round(bottom * factor));
  }

  /** {@code [l,t][r,b]}, the form uiautomator writes. */
  @Override
  public String toString() {
    return "[" + left + "," + top + "][" + right + "," + bottom + "]";
  }
}
