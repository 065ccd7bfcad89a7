package dev.apex.tools;

import dev.apex.device.Key;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * {@code press_key}: presses {@code back}, {@code home} or {@code enter}; parsed into its {@link
 * Key}.
 */
public final class PressKeyTool implements Tool<Key> {

  @Override
  public String name() {
    return "press_key";
  }

  @Override
  public String description() {
    return "Press a key: back, home or enter.";
  }

  @Override
  public List<ArgSpec> args() {
    String[] keys =
        Arrays.stream(Key.values())
            .map(k -> k.name().toLowerCase(Locale.ROOT))
            .toArray(String[]::new);
    return List.of(ArgSpec.required("key", ArgSpec.Type.STRING, "the key to press").oneOf(keys));
  }

  @Override
  public Optional<String> shorthandArg() {
    return Optional.of("key");
  }

  @Override
  public Key parse(Map<String, Object> args) {
    ArgSpec.validate(name(), args(), args);
    return Key.parse(Args.requireString(name(), args, "key"));
  }

  @Override
  public Map<String, Object> execute(Key key, ToolContext ctx) {
    ctx.device().pressKey(key);
    return Map.of("key", key.name().toLowerCase(Locale.ROOT));
  }
}
