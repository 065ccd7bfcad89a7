package dev.apex.tools;

import dev.apex.core.InvalidInputException;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.device.Device;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Where a gesture lands: an element its query finds (found as a tap finds it: on the screen the
 * step was planned on, else by waiting for it) or a point in screen pixels. Its arguments are a
 * tap's, under a prefix: {@code element}, {@code text}, {@code x}, {@code y} for a long press or a
 * hover; {@code from_element} … {@code to_y} for the two ends of a drag, flat, as {@code swipe}'s
 * are.
 *
 * @param query the element, or null for a point
 * @param x the point's x in pixels, when {@code query} is null
 * @param y the point's y in pixels, when {@code query} is null
 * @param timeout how long to look for the element
 */
record PointTarget(ElementQuery query, int x, int y, Duration timeout) {

  PointTarget {
    Objects.requireNonNull(timeout, "timeout");
  }

  /**
   * The four arguments of a target under {@code prefix} ({@code ""}, {@code from_}, {@code to_}).
   */
  static List<ArgSpec> args(String prefix, String what) {
    List<ArgSpec> out = new ArrayList<>();
    out.add(ArgSpec.optional(prefix + "element", ArgSpec.Type.STRING, what + ": handle or id"));
    out.add(ArgSpec.optional(prefix + "text", ArgSpec.Type.STRING, what + ": visible text"));
    out.add(ArgSpec.optional(prefix + "x", ArgSpec.Type.INTEGER, what + ": x px, with y"));
    out.add(ArgSpec.optional(prefix + "y", ArgSpec.Type.INTEGER, what + ": y px, with x"));
    return out;
  }

  /**
   * The target under {@code prefix} in {@code args} (already validated against the tool's specs).
   *
   * @throws InvalidInputException naming the tool when neither or both of an element and a point
   *     are given, or a point lacks a coordinate
   */
  static PointTarget parse(String tool, Map<String, Object> args, String prefix, Duration timeout) {
    String element = Args.string(args, prefix + "element");
    String text = Args.string(args, prefix + "text");
    Integer x = Args.integer(tool, args, prefix + "x");
    Integer y = Args.integer(tool, args, prefix + "y");
    boolean point = x != null || y != null;
    boolean byElement = element != null || text != null;
    String names = "'" + prefix + "element' or '" + prefix + "text'";
    if (point == byElement) {
      throw new InvalidInputException(
          tool
              + ": give "
              + names
              + " (an element), or '"
              + prefix
              + "x' and '"
              + prefix
              + "y' (a point), not both");
    }
    if (point) {
      if (x == null || y == null) {
        throw new InvalidInputException(
            tool + ": a point needs both '" + prefix + "x' and '" + prefix + "y'");
      }
      if (x < 0 || y < 0) {
        throw new InvalidInputException(
            tool + ": '" + prefix + "x' and '" + prefix + "y' must be >= 0 pixels");
      }
      return new PointTarget(null, x, y, timeout);
    }
    if (element != null && element.isBlank() || text != null && text.isBlank()) {
      throw new InvalidInputException(tool + ": " + names + " must not be empty when given");
    }
    return new PointTarget(new ElementQuery(element, text, Map.of()), 0, 0, timeout);
  }

  /**
   * Where it is now: the point, or the centre of the element's part on screen, scrolled into view
   * first when its scrolling box hides it ({@link OffView}).
   *
   * @param tool the tool's name, for messages
   */
  Resolved resolve(ToolContext ctx, String tool) {
    if (query == null) {
      return new Resolved(x, y, null, null);
    }
    ElementWait.Found seen = OffView.inView(ctx, find(ctx, query, timeout), timeout, tool);
    int[] p = ElementLocator.tapPoint(seen.scene(), seen.element());
    return new Resolved(p[0], p[1], seen.element().id(), seen.element().bounds());
  }

  /**
   * The element {@code query} finds: on the screen the step was planned on, else on fresh
   * observations until it appears or {@code timeout} passes.
   */
  static ElementWait.Found find(ToolContext ctx, ElementQuery query, Duration timeout) {
    Scene scene = ctx.latestScene();
    Optional<SceneElement> found =
        scene == null ? Optional.empty() : ElementLocator.find(scene, query);
    return found.isPresent()
        ? new ElementWait.Found(scene, found.get())
        : ElementWait.await(ctx, query, timeout);
  }

  /**
   * A target placed: its point, and the element's id and bounds when it was an element (null for a
   * point).
   */
  record Resolved(int x, int y, String element, dev.apex.core.Bounds bounds) {}

  /**
   * {@code device} as {@code role}, or the one-line refusal naming the device kind and what it
   * cannot do.
   */
  static <T> T role(Device device, Class<T> role, String tool, String gesture) {
    return device
        .role(role)
        .orElseThrow(
            () ->
                new InvalidInputException(
                    tool
                        + ": the "
                        + kind(device)
                        + " device cannot "
                        + gesture
                        + "; use a device that can (the README's Gestures table says which can)"));
  }

  /** The device's kind, from its id: {@code android:emulator-5554} is {@code android}. */
  static String kind(Device device) {
    String id = device.id();
    int colon = id.indexOf(':');
    return colon < 0 ? id : id.substring(0, colon);
  }
}
