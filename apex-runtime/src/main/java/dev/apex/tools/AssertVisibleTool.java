package dev.apex.tools;

import dev.apex.core.InvalidInputException;
import dev.apex.core.SceneElement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code assert_visible}: observes the screen afresh and checks that an element with {@code text}
 * and/or {@code element} (a handle, an id or a resource id, as {@code tap} takes it; {@code id} is
 * its older name) is on it, optionally with flags such as {@code checked: true}. Returns the
 * element. Until {@code timeout_ms} (default 5 s) has passed on the tool context's clock it keeps
 * observing every 250 ms through the context's sleeper, because a page may still be loading or
 * animating; then it fails with {@link dev.apex.core.ElementNotFoundException} carrying the last
 * scene. Parsed into what is {@link Expected}.
 */
public final class AssertVisibleTool implements Tool<AssertVisibleTool.Expected> {

  /**
   * What must be on screen.
   *
   * @param query the element by text and/or id, and flags; never without text or id
   * @param timeout how long to keep observing for it ({@code timeout_ms}, default 5 s)
   */
  public record Expected(ElementQuery query, Duration timeout) implements ElementTargeted {
    public Expected {
      Objects.requireNonNull(query, "query");
      Objects.requireNonNull(timeout, "timeout");
    }
  }

  private static final List<ArgSpec> ARGS;

  static {
    List<ArgSpec> args = new ArrayList<>();
    args.add(ArgSpec.optional("element", ArgSpec.Type.STRING, "handle or id"));
    args.add(ArgSpec.optional("text", ArgSpec.Type.STRING, "visible text"));
    args.add(
        ArgSpec.optional(
            "id", ArgSpec.Type.STRING, "the element's id or resource id (as element)"));
    args.add(ElementWait.timeoutArg());
    args.addAll(ElementQuery.flagArgs());
    ARGS = List.copyOf(args);
  }

  @Override
  public String name() {
    return "assert_visible";
  }

  @Override
  public String description() {
    return "Check that an element (by handle, id or visible text) is on screen, waiting up to"
        + " timeout_ms."
        + ElementQuery.FLAGS_NOTE;
  }

  @Override
  public List<ArgSpec> args() {
    return ARGS;
  }

  /** Without {@code id}, the older name of {@code element}, which parsing still takes. */
  @Override
  public List<ArgSpec> argsOn(dev.apex.device.Device device) {
    return ARGS.stream().filter(a -> !a.name().equals("id")).toList();
  }

  @Override
  public Optional<String> shorthandArg() {
    return Optional.of("text");
  }

  @Override
  public Expected parse(Map<String, Object> args) {
    ArgSpec.validate(name(), args(), args);
    if (args.get("element") != null && args.get("id") != null) {
      throw new InvalidInputException(
          "assert_visible: give 'element' or its older name 'id', not both");
    }
    ElementQuery query =
        ElementQuery.from(name(), args, args.get("element") != null ? "element" : "id");
    if (query.hasNoTarget()) {
      throw new InvalidInputException("assert_visible: give 'element' and/or 'text'");
    }
    return new Expected(query, ElementWait.timeout(name(), args));
  }

  @Override
  public SceneElement execute(Expected expected, ToolContext ctx) {
    return ElementWait.await(ctx, expected.query(), expected.timeout()).element();
  }
}
