package dev.apex.tools;

import dev.apex.core.ElementFlag;
import dev.apex.core.InvalidInputException;
import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.core.Secrets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code type_text}: types into the focused field. Returns only the number of characters typed, so
 * a password never reaches a log or the timeline through the output.
 *
 * <p>Text typed as a secret — into a password field, or with {@code secret: true} — is recorded and
 * shown as {@value #MASK} ({@link #recorded}); the device still gets the real text, and the text
 * becomes a {@link Secrets secret}, so a screen or an error that shows it later is redacted too. A
 * password field counts as the target when it is focused on the scene the step was planned on, or
 * when that scene has one and reports no focus at all (some drivers do not): masking a user name by
 * mistake costs less than keeping a password.
 */
public final class TypeTextTool implements Tool {

  /** What a secret text is recorded and shown as. */
  public static final String MASK = "••••";

  @Override
  public String name() {
    return "type_text";
  }

  @Override
  public String description() {
    return "Type text into the focused field (tap the field first).";
  }

  @Override
  public List<ArgSpec> args() {
    return List.of(
        ArgSpec.required("text", ArgSpec.Type.STRING, "the text to type"),
        ArgSpec.optional(
            "secret",
            ArgSpec.Type.BOOLEAN,
            "true when the text is a password or another secret: it is typed but never recorded"));
  }

  @Override
  public Optional<String> shorthandArg() {
    return Optional.of("text");
  }

  @Override
  public void validate(Map<String, Object> args) {
    Tool.super.validate(args);
    if (Args.string(args, "text").isEmpty()) {
      throw new InvalidInputException("type_text: argument 'text' must not be empty");
    }
  }

  @Override
  public Map<String, Object> execute(Map<String, Object> args, ToolContext ctx) {
    String text = Args.string(args, "text");
    if (isSecret(args, ctx.latestScene())) {
      Secrets.register(text);
    }
    ctx.device().typeText(text);
    return Map.of("chars", text.length());
  }

  @Override
  public PlannedStep recorded(PlannedStep step, ToolContext ctx) {
    if (!isSecret(step.args(), ctx.latestScene())) {
      return step;
    }
    Map<String, Object> args = new LinkedHashMap<>(step.args());
    args.put("text", MASK);
    return new PlannedStep(step.action(), args);
  }

  private static boolean isSecret(Map<String, Object> args, Scene scene) {
    Object secret = args.get("secret");
    if (Boolean.TRUE.equals(secret) || "true".equals(secret)) {
      return true;
    }
    return scene != null && intoPasswordField(scene);
  }

  private static boolean intoPasswordField(Scene scene) {
    boolean anyFocused = false;
    boolean anyPassword = false;
    for (SceneElement e : scene.elements()) {
      boolean password = e.has(ElementFlag.PASSWORD);
      boolean focused = e.has(ElementFlag.FOCUSED);
      if (password && focused) {
        return true;
      }
      anyFocused |= focused;
      anyPassword |= password;
    }
    return anyPassword && !anyFocused;
  }
}
