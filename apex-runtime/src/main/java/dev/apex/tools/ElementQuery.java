package dev.apex.tools;

import dev.apex.core.ElementFlag;
import dev.apex.core.InvalidInputException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;

/**
 * What a step says about the element it means: a reference (an element id, later also a compact
 * handle), its visible text, and flags it must or must not have. Any part may be absent.
 *
 * @param ref an element id or resource id, or null
 * @param text visible text, or null
 * @param flags flags the element must have (true) or lack (false), e.g. {@code checked: true}
 */
public record ElementQuery(String ref, String text, Map<ElementFlag, Boolean> flags) {

  public ElementQuery {
    Map<ElementFlag, Boolean> copy = new EnumMap<>(ElementFlag.class);
    if (flags != null) {
      copy.putAll(flags);
    }
    flags = Collections.unmodifiableMap(copy);
  }

  public static ElementQuery byText(String text) {
    return new ElementQuery(null, text, Map.of());
  }

  public static ElementQuery byRef(String ref) {
    return new ElementQuery(ref, null, Map.of());
  }

  /** A copy that also requires {@code flag} to be present ({@code true}) or absent. */
  public ElementQuery with(ElementFlag flag, boolean present) {
    Map<ElementFlag, Boolean> copy = new EnumMap<>(ElementFlag.class);
    copy.putAll(flags);
    copy.put(flag, present);
    return new ElementQuery(ref, text, copy);
  }

  /** The optional boolean arguments that refine a query, one per {@link ElementFlag}. */
  /** What a tool taking {@link #flagArgs} says of them once, in its own description. */
  public static final String FLAGS_NOTE =
      " Flags (clickable, checked, editable, …) narrow the match: true must have it, false must"
          + " not.";

  /**
   * One boolean argument per {@link ElementFlag}, named in snake case. Their description is left
   * empty (a schema omits it): the tool's own description says what they do once ({@link
   * #FLAGS_NOTE}), where ten copies of one sentence would cost every request tokens.
   */
  public static List<ArgSpec> flagArgs() {
    List<ArgSpec> specs = new ArrayList<>();
    for (ElementFlag flag : ElementFlag.values()) {
      if (flag == ElementFlag.HOVERABLE || flag == ElementFlag.OFF_VIEW) {
        continue; // what a page's layout says, not a state a step would ask for
      }
      String name = argName(flag);
      specs.add(ArgSpec.optional(name, ArgSpec.Type.BOOLEAN, ""));
    }
    return specs;
  }

  /** Reads a query from step arguments: {@code refArg}, {@code text} and the flag arguments. */
  public static ElementQuery from(String tool, Map<String, Object> args, String refArg) {
    Map<ElementFlag, Boolean> flags = new EnumMap<>(ElementFlag.class);
    for (ElementFlag flag : ElementFlag.values()) {
      Boolean value = Args.bool(tool, args, argName(flag));
      if (value != null) {
        flags.put(flag, value);
      }
    }
    String ref = Args.string(args, refArg);
    String text = Args.string(args, "text");
    if (ref != null && ref.isBlank() || text != null && text.isBlank()) {
      throw new InvalidInputException(
          tool + ": '" + refArg + "' and 'text' must not be empty when given");
    }
    return new ElementQuery(ref, text, flags);
  }

  /** Whether the query says nothing about the element beyond its flags. */
  public boolean hasNoTarget() {
    return ref == null && text == null;
  }

  /** E.g. {@code text "Wi-Fi", checkable, not checked}. */
  public String describe() {
    StringJoiner out = new StringJoiner(", ");
    if (ref != null) {
      out.add("id \"" + ref + "\"");
    }
    if (text != null) {
      out.add("text \"" + text + "\"");
    }
    flags.forEach((flag, present) -> out.add((present ? "" : "not ") + argName(flag)));
    return out.toString();
  }

  static String argName(ElementFlag flag) {
    return flag.name().toLowerCase(Locale.ROOT);
  }
}
