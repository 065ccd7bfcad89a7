package dev.apex.tools;

import dev.apex.core.InvalidInputException;
import dev.apex.device.Device;
import dev.apex.device.Gestures;
import dev.apex.device.Key;
import dev.apex.device.KeyStroke;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code press_key}: presses a key. Every device has {@code back}, {@code home} and {@code enter}
 * ({@link Key}: on a web page back goes back a page and home opens the start page). A device with a
 * full keyboard ({@link Gestures.Keyboard}: a web page) also takes the keys of {@link
 * KeyStroke#NAMED} (tab, escape, the arrows, page up and down, backspace, delete, …) and single
 * characters, with modifier keys held ({@code modifiers: [ctrl]}, or joined by {@code +}: {@code
 * shift+tab}, {@code ctrl+a}); elsewhere those fail with one line naming the device kind. Parsed
 * into a {@link Press}.
 */
public final class PressKeyTool implements Tool<PressKeyTool.Press> {

  /** A parsed key press: a {@link Plain} key every device has, or a {@link Stroke}. */
  public sealed interface Press permits Plain, Stroke {}

  /** {@code back}, {@code home} or {@code enter}, without modifiers. */
  public record Plain(Key key) implements Press {}

  /** A key of a full keyboard, possibly with modifiers held. */
  public record Stroke(KeyStroke stroke) implements Press {}

  private static final String PHONE_KEYS = "back, home or enter";

  private static final String KEYBOARD_KEYS =
      String.join(", ", KeyStroke.NAMED)
          + ", or one character; hold modifiers with +, e.g. shift+tab, ctrl+a";

  private static final String WEB_HINT =
      "; on a web page also tab, escape, up, page_down, backspace, … or one character, held"
          + " modifiers as in ctrl+a";

  private static final ArgSpec MODIFIERS =
      ArgSpec.optional("modifiers", ArgSpec.Type.STRING_LIST, "keys held while it is pressed")
          .oneOf("ctrl", "shift", "meta", "alt");

  private static final List<ArgSpec> ARGS =
      List.of(ArgSpec.required("key", ArgSpec.Type.STRING, "the key to press"), MODIFIERS);

  @Override
  public String name() {
    return "press_key";
  }

  @Override
  public String description() {
    return "Press a key: " + PHONE_KEYS + "; on a web page also " + KEYBOARD_KEYS + ".";
  }

  @Override
  public String descriptionOn(Device device) {
    return keyboard(device)
        ? "Press a key in the page: " + KEYBOARD_KEYS + "."
        : "Press a key: " + PHONE_KEYS + ".";
  }

  @Override
  public List<ArgSpec> args() {
    return ARGS;
  }

  /**
   * On a phone, {@code key} is one of back, home and enter; on a web page any key, its modifiers
   * written into it ({@code ctrl+a}): {@code modifiers}, which parsing still takes, is not offered.
   */
  @Override
  public List<ArgSpec> argsOn(Device device) {
    if (keyboard(device)) {
      return List.of(ArgSpec.required("key", ArgSpec.Type.STRING, "the key, e.g. tab or ctrl+a"));
    }
    String[] keys =
        Arrays.stream(Key.values())
            .map(k -> k.name().toLowerCase(Locale.ROOT))
            .toArray(String[]::new);
    return List.of(ArgSpec.required("key", ArgSpec.Type.STRING, "the key to press").oneOf(keys));
  }

  private static boolean keyboard(Device device) {
    return device.role(Gestures.Keyboard.class).isPresent();
  }

  @Override
  public Optional<String> shorthandArg() {
    return Optional.of("key");
  }

  @Override
  public Press parse(Map<String, Object> args) {
    ArgSpec.validate(name(), args(), args);
    String key = Args.requireString(name(), args, "key").strip();
    Set<Gestures.Modifier> modifiers = TapTool.modifiers(name(), args);
    if (modifiers.isEmpty() && !key.contains("+")) {
      Optional<Key> plain =
          Arrays.stream(Key.values()).filter(k -> k.name().equalsIgnoreCase(key)).findFirst();
      if (plain.isPresent()) {
        return new Plain(plain.get());
      }
    }
    try {
      return new Stroke(KeyStroke.parse(key, modifiers));
    } catch (InvalidInputException e) {
      throw new InvalidInputException(
          e.getMessage().startsWith("unknown key")
              ? name() + ": unknown key '" + key + "': use " + PHONE_KEYS + WEB_HINT
              : name() + ": " + e.getMessage());
    }
  }

  @Override
  public Map<String, Object> execute(Press press, ToolContext ctx) {
    Map<String, Object> out = new LinkedHashMap<>();
    if (press instanceof Plain plain) {
      ctx.device().pressKey(plain.key());
      out.put("key", plain.key().name().toLowerCase(Locale.ROOT));
      return out;
    }
    KeyStroke stroke = ((Stroke) press).stroke();
    PointTarget.role(ctx.device(), Gestures.Keyboard.class, name(), "press " + stroke.key())
        .press(stroke);
    out.put("key", stroke.key());
    if (!stroke.modifiers().isEmpty()) {
      out.put(
          "modifiers",
          stroke.modifiers().stream().map(m -> m.name().toLowerCase(Locale.ROOT)).toList());
    }
    return out;
  }
}
