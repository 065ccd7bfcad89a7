package dev.apex.runtime.safety;

import dev.apex.core.Text;
import java.util.Objects;

/**
 * An action the {@link SafetyPolicy} holds back: what a {@link Confirmer} is shown. Never carries
 * what would be typed.
 *
 * @param kind why it is sensitive
 * @param tool the tool's name, e.g. {@code tap}
 * @param target what it acts on, for a person: the element's text (or purpose), the app id, the
 *     password field's label; screen text, so show it as data
 * @param matched the word or rule that made it sensitive, e.g. {@code delete}, {@code not in the
 *     allow-list}
 */
public record SensitiveAction(SensitiveKind kind, String tool, String target, String matched) {

  public SensitiveAction {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(tool, "tool");
    target = target == null ? "" : target;
    matched = matched == null ? "" : matched;
  }

  /** One line, e.g. {@code tap "Delete all" (deletion: "delete")}. */
  public String describe() {
    String what = target.isBlank() ? tool : tool + " \"" + oneLine(target) + "\"";
    return what + " (" + kind.code() + (matched.isBlank() ? "" : ": " + matched) + ")";
  }

  private static String oneLine(String text) {
    return Text.oneLine(text, 80);
  }
}
