package dev.apex.tools;

import dev.apex.core.InvalidInputException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code type_text}: types into the focused field. Returns only the number of characters typed, so
 * a password never reaches a log or the timeline through the output.
 */
public final class TypeTextTool implements Tool {

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
    return List.of(ArgSpec.required("text", ArgSpec.Type.STRING, "the text to type"));
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
    ctx.device().typeText(text);
    return Map.of("chars", text.length());
  }
}
