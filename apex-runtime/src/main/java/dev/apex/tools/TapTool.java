package dev.apex.tools;

import dev.apex.core.InvalidInputException;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.device.Device;
import dev.apex.device.Gestures;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * {@code tap}: taps an element, by {@code element} (an id) and/or {@code text} (exact, then
 * ignoring case), optionally refined by flags such as {@code checkable: true}; or taps the point
 * {@code x}, {@code y} in screen pixels. An element is looked for on the scene the step was planned
 * on, then on fresh observations until it appears or {@code timeout_ms} (default 5 s) passes (the
 * screen may still be loading or moving on). Before the tap it must hold still: its box the same on
 * two consecutive observations, for at most {@code settle_ms} (else the context's {@link
 * ToolContext#settleBound()}, default 2 s; 0 skips the check) — a button sliding into place is
 * tapped where it stops, not where it was. It is tapped at the centre of its on-screen part.
 * Returns the point tapped and, for an element, its id; when the bound passed with the element
 * still moving, also {@code settled: false} and a {@code note} saying the last position seen was
 * tapped. Parsed into a {@link Tap}.
 */
public final class TapTool implements Tool<TapTool.Tap> {

  /** A parsed tap: {@link AtPoint} or {@link OnElement}. */
  public sealed interface Tap permits AtPoint, OnElement {
    /** The keys held during the tap ({@code modifiers}); empty for a plain tap. */
    Set<Gestures.Modifier> modifiers();
  }

  /** A tap on the point ({@code x}, {@code y}), in screen pixels, both at least 0. */
  public record AtPoint(int x, int y, Set<Gestures.Modifier> modifiers) implements Tap {
    public AtPoint {
      modifiers = keys(modifiers);
    }

    public AtPoint(int x, int y) {
      this(x, y, Set.of());
    }
  }

  /**
   * A tap on the element {@code query} finds.
   *
   * @param query the element by id, resource id or handle and/or text, and flags
   * @param timeout how long to keep looking for it ({@code timeout_ms}, default 5 s)
   * @param settle how long to wait for it to hold still ({@code settle_ms}), or empty for the
   *     context's {@link ToolContext#settleBound()}
   */
  public record OnElement(
      ElementQuery query,
      Duration timeout,
      Optional<Duration> settle,
      Set<Gestures.Modifier> modifiers)
      implements Tap, ElementTargeted {
    public OnElement {
      Objects.requireNonNull(query, "query");
      Objects.requireNonNull(timeout, "timeout");
      Objects.requireNonNull(settle, "settle");
      modifiers = keys(modifiers);
    }

    public OnElement(ElementQuery query, Duration timeout, Optional<Duration> settle) {
      this(query, timeout, settle, Set.of());
    }
  }

  /** The most a {@code settle_ms} argument or setting may ask for, in ms. */
  public static final int MAX_SETTLE_MS = 60_000;

  /** The bound a tap waits for its element to hold still by default: 2 s. */
  public static final Duration DEFAULT_SETTLE = ElementSettle.DEFAULT_BOUND;

  /**
   * {@code bound} when it is a settle bound a runner or context may hold: in [0, {@value
   * #MAX_SETTLE_MS}] ms.
   *
   * @throws IllegalArgumentException naming {@code name} otherwise
   */
  public static Duration requireSettleBound(String name, Duration bound) {
    Objects.requireNonNull(bound, name);
    if (bound.isNegative() || bound.toMillis() > MAX_SETTLE_MS) {
      throw new IllegalArgumentException(
          name + " must be in [0, " + MAX_SETTLE_MS + "] ms, got " + bound.toMillis());
    }
    return bound;
  }

  private static final List<ArgSpec> ARGS;

  static {
    List<ArgSpec> args = new ArrayList<>();
    args.add(ArgSpec.optional("element", ArgSpec.Type.STRING, "handle or id"));
    args.add(ArgSpec.optional("text", ArgSpec.Type.STRING, "visible text"));
    args.add(ArgSpec.optional("x", ArgSpec.Type.INTEGER, "x px, with y"));
    args.add(ArgSpec.optional("y", ArgSpec.Type.INTEGER, "y px, with x"));
    args.addAll(ElementQuery.flagArgs());
    args.add(ElementWait.timeoutArg());
    args.add(ElementSettle.boundArg());
    args.add(
        ArgSpec.optional(
                "modifiers",
                ArgSpec.Type.STRING_LIST,
                "keys held while clicking, e.g. [ctrl] to add to a selection (web)")
            .oneOf("ctrl", "shift", "meta", "alt"));
    ARGS = List.copyOf(args);
  }

  @Override
  public String name() {
    return "tap";
  }

  @Override
  public String description() {
    return "Tap an element (by handle, id or visible text) or a point (x, y in pixels)."
        + ElementQuery.FLAGS_NOTE;
  }

  @Override
  public List<ArgSpec> args() {
    return ARGS;
  }

  /** Without {@code modifiers} on a device that makes no modifier taps (every phone). */
  @Override
  public List<ArgSpec> argsOn(Device device) {
    if (device.role(Gestures.ModifierTap.class).isPresent()) {
      return ARGS;
    }
    return ARGS.stream().filter(a -> !a.name().equals("modifiers")).toList();
  }

  @Override
  public Optional<String> shorthandArg() {
    return Optional.of("text");
  }

  @Override
  public Tap parse(Map<String, Object> args) {
    ArgSpec.validate(name(), args(), args);
    Set<Gestures.Modifier> modifiers = modifiers(name(), args);
    if (args.containsKey("modifiers")) {
      args = new LinkedHashMap<>(args);
      args.remove("modifiers");
    }
    boolean point = args.get("x") != null || args.get("y") != null;
    boolean element = args.get("element") != null || args.get("text") != null;
    if (point == element) {
      throw new InvalidInputException(
          "tap: give 'element' or 'text' (an element), or 'x' and 'y' (a point), not both");
    }
    if (point) {
      if (args.size() != 2 || args.get("x") == null || args.get("y") == null) {
        throw new InvalidInputException("tap: a point needs both 'x' and 'y' and nothing else");
      }
      int x = Args.integer(name(), args, "x");
      int y = Args.integer(name(), args, "y");
      if (x < 0 || y < 0) {
        throw new InvalidInputException("tap: 'x' and 'y' must be >= 0 pixels");
      }
      return new AtPoint(x, y, modifiers);
    }
    ElementQuery query = ElementQuery.from(name(), args, "element");
    Integer settle = Args.integer(name(), args, "settle_ms");
    if (settle != null && (settle < 0 || settle > MAX_SETTLE_MS)) {
      throw new InvalidInputException(
          "tap: 'settle_ms' must be in [0, " + MAX_SETTLE_MS + "] ms, got " + settle);
    }
    return new OnElement(
        query,
        ElementWait.timeout(name(), args),
        Optional.ofNullable(settle).map(Duration::ofMillis),
        modifiers);
  }

  /** {@code modifiers} in key order, unmodifiable. */
  static Set<Gestures.Modifier> keys(Set<Gestures.Modifier> modifiers) {
    return modifiers == null || modifiers.isEmpty()
        ? Set.of()
        : java.util.Collections.unmodifiableSet(EnumSet.copyOf(modifiers));
  }

  /** The {@code modifiers} argument as keys. */
  static Set<Gestures.Modifier> modifiers(String tool, Map<String, Object> args) {
    Set<Gestures.Modifier> out = EnumSet.noneOf(Gestures.Modifier.class);
    for (String name : Args.strings(tool, args, "modifiers")) {
      out.add(Gestures.Modifier.valueOf(name.toUpperCase(java.util.Locale.ROOT)));
    }
    return out;
  }

  /** Taps the point, holding {@code tap}'s modifiers when it has some. */
  private void press(Tap tap, ToolContext ctx, int x, int y) {
    if (tap.modifiers().isEmpty()) {
      ctx.device().tap(x, y);
      return;
    }
    PointTarget.role(ctx.device(), Gestures.ModifierTap.class, name(), "click with modifier keys")
        .tap(x, y, tap.modifiers());
  }

  @Override
  public Map<String, Object> execute(Tap tap, ToolContext ctx) {
    Map<String, Object> out = new LinkedHashMap<>();
    if (tap instanceof AtPoint p) {
      press(tap, ctx, p.x(), p.y());
      out.put("x", p.x());
      out.put("y", p.y());
      return out;
    }
    OnElement target = (OnElement) tap;
    ElementQuery query = target.query();
    // On the screen the step was planned on, else looked for until it appears or time is up; an
    // element scrolled out of its box is scrolled into view first.
    ElementWait.Found seen =
        OffView.inView(
            ctx, PointTarget.find(ctx, query, target.timeout()), target.timeout(), name());
    Scene scene = seen.scene();
    SceneElement element = seen.element();
    Duration bound = target.settle().orElse(ctx.settleBound());
    ElementSettle.Result still = ElementSettle.await(ctx, query, scene, element, bound);
    int[] point = ElementLocator.tapPoint(still.scene(), still.element());
    press(tap, ctx, point[0], point[1]);
    out.put("x", point[0]);
    out.put("y", point[1]);
    out.put("element", still.element().id());
    if (!still.settled()) {
      out.put("settled", false);
      out.put(
          "note",
          "still moving after " + bound.toMillis() + " ms (settle_ms): tapped its last position");
    }
    return out;
  }
}
