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
import java.util.Objects;
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
public final class TypeTextTool implements Tool<TypeTextTool.Text> {

  /** What a secret text is recorded and shown as. */
  public static final String MASK = "••••";

  /**
   * What to type.
   *
   * @param text the text, not empty
   * @param secret whether the step said {@code secret: true}; a password field on the scene makes
   *     the text secret too, which only the scene at execution can tell
   */
  public record Text(String text, boolean secret) {
    public Text {
      Objects.requireNonNull(text, "text");
    }

    /** Without the text, which may be a password. */
    @Override
    public String toString() {
      return "Text[" + text.length() + " chars" + (secret ? ", secret" : "") + "]";
    }
  }

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
  public Text parse(Map<String, Object> args) {
    ArgSpec.validate(name(), args(), args);
    String text = Args.string(args, "text");
    if (text.isEmpty()) {
      throw new InvalidInputException("type_text: argument 'text' must not be empty");
    }
    return new Text(text, Boolean.TRUE.equals(Args.bool(name(), args, "secret")));
  }

  @Override
  public Map<String, Object> execute(Text args, ToolContext ctx) {
    String text = args.text();
    if (isSecret(args, ctx.latestScene())) {
      Secrets.register(text);
    }
    ctx.device().typeText(text);
    return Map.of("chars", text.length());
  }

  @Override
  public PlannedStep recorded(PlannedStep step, Text parsed, ToolContext ctx) {
    if (!isSecret(parsed, ctx.latestScene())) {
      return step;
    }
    Map<String, Object> args = new LinkedHashMap<>(step.args());
    args.put("text", MASK);
    return new PlannedStep(step.action(), args);
  }

  private static boolean isSecret(Text args, Scene scene) {
    return args.secret() || scene != null && intoPasswordField(scene);
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
