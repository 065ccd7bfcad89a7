package dev.apex.device;

import dev.apex.core.InvalidInputException;
import dev.apex.device.Gestures.Modifier;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * One key of a full keyboard, pressed with modifier keys held ({@link Gestures.Keyboard}): a named
 * key ({@link #NAMED}) or one character, e.g. {@code tab}, {@code page_down}, {@code ctrl+a}.
 *
 * @param key a name of {@link #NAMED}, or a single character (as typed, case kept)
 * @param modifiers the keys held while it is pressed; empty for none
 */
public record KeyStroke(String key, Set<Modifier> modifiers) {

  /** The named keys, as a step writes them. */
  public static final List<String> NAMED =
      List.of(
          "enter",
          "tab",
          "escape",
          "backspace",
          "delete",
          "space",
          "up",
          "down",
          "left",
          "right",
          "page_up",
          "page_down",
          "end");

  public KeyStroke {
    Objects.requireNonNull(key, "key");
    if (!isNamed(key) && key.codePointCount(0, key.length()) != 1) {
      throw new InvalidInputException(
          "unknown key '" + key + "': use one character or one of " + String.join(", ", NAMED));
    }
    modifiers =
        modifiers == null || modifiers.isEmpty()
            ? Set.of()
            : Collections.unmodifiableSet(EnumSet.copyOf(modifiers));
  }

  /** Whether {@link #key} is a named key rather than a character. */
  public boolean named() {
    return isNamed(key);
  }

  private static boolean isNamed(String key) {
    return NAMED.contains(key);
  }

  /**
   * Reads {@code shift+tab}, {@code Ctrl+A}, {@code page_down}, {@code Escape}: modifiers ({@code
   * ctrl}, {@code shift}, {@code alt}, {@code meta}) joined to the key by {@code +}, names ignoring
   * case ({@code esc} and {@code arrow_up}-style names are read too), a single character as given.
   *
   * @throws InvalidInputException naming what was not understood and the keys there are
   */
  public static KeyStroke parse(String text, Set<Modifier> held) {
    Objects.requireNonNull(text, "text");
    Set<Modifier> modifiers = EnumSet.noneOf(Modifier.class);
    if (held != null) {
      modifiers.addAll(held);
    }
    String rest = text.strip();
    int plus;
    while ((plus = rest.indexOf('+')) > 0 && plus < rest.length() - 1) {
      modifiers.add(modifier(rest.substring(0, plus).strip(), text));
      rest = rest.substring(plus + 1).strip();
    }
    return new KeyStroke(name(rest), modifiers);
  }

  private static Modifier modifier(String name, String text) {
    return switch (name.toLowerCase(Locale.ROOT)) {
      case "ctrl", "control" -> Modifier.CTRL;
      case "shift" -> Modifier.SHIFT;
      case "alt", "option" -> Modifier.ALT;
      case "meta", "cmd", "command" -> Modifier.META;
      default ->
          throw new InvalidInputException(
              "unknown modifier '" + name + "' in '" + text + "': use ctrl, shift, alt or meta");
    };
  }

  private static String name(String key) {
    if (key.codePointCount(0, key.length()) == 1) {
      return key.equals(" ") ? "space" : key;
    }
    String k = key.toLowerCase(Locale.ROOT).replace(' ', '_').replace('-', '_');
    if (k.startsWith("arrow_")) {
      k = k.substring("arrow_".length());
    } else if (k.startsWith("arrow")) {
      k = k.substring("arrow".length());
    }
    return switch (k) {
      case "esc" -> "escape";
      case "return" -> "enter";
      case "del" -> "delete";
      case "pageup", "pgup" -> "page_up";
      case "pagedown", "pgdn" -> "page_down";
      default -> k;
    };
  }
}
