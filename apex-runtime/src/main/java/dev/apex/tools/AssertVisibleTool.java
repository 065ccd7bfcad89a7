package dev.apex.tools;

import dev.apex.core.InvalidInputException;
import dev.apex.core.SceneElement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code assert_visible}: observes the screen afresh and checks that an element with {@code text}
 * and/or {@code id} is on it, optionally with flags such as {@code checked: true}. Returns the
 * element. Until {@code timeout_ms} (default 5 s) has passed on the tool context's clock it keeps
 * observing every 250 ms through the context's sleeper, because a page may still be loading or
 * animating; then it fails with {@link dev.apex.core.ElementNotFoundException} carrying the last
 * scene.
 */
public final class AssertVisibleTool implements Tool {

  private static final List<ArgSpec> ARGS;

  static {
    List<ArgSpec> args = new ArrayList<>();
    args.add(ArgSpec.optional("text", ArgSpec.Type.STRING, "the element's visible text"));
    args.add(ArgSpec.optional("id", ArgSpec.Type.STRING, "the element's id or resource id"));
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
    return "Check that an element (by text and/or id, optionally checked or not) is on screen.";
  }

  @Override
  public List<ArgSpec> args() {
    return ARGS;
  }

  @Override
  public Optional<String> shorthandArg() {
    return Optional.of("text");
  }

  @Override
  public void validate(Map<String, Object> args) {
    Tool.super.validate(args);
    if (ElementQuery.from(name(), args, "id").hasNoTarget()) {
      throw new InvalidInputException("assert_visible: give 'text' and/or 'id'");
    }
  }

  @Override
  public SceneElement execute(Map<String, Object> args, ToolContext ctx) {
    ElementQuery query = ElementQuery.from(name(), args, "id");
    return ElementWait.await(ctx, query, ElementWait.timeout(name(), args)).element();
  }
}
