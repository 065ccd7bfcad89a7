package dev.apex.runtime.flow;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.InvalidInputException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A flow's top-level metadata beside its steps: {@code tags: [smoke, wifi]} (which suites select
 * it: {@code apex test --include-tags}, {@code --exclude-tags}) and {@code timeout: 2m} (past it
 * the task ends {@link dev.apex.core.TaskStatus#FAILED}, its steps kept). Stateless.
 */
final class FlowMetadata {

  /** A tag: a letter or digit, then letters, digits, {@code _ . -}; at most 64 characters. */
  static final Pattern TAG = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,63}");

  /** The longest timeout a flow may give. */
  static final Duration MAX_TIMEOUT = Duration.ofHours(24);

  private static final Pattern DURATION = Pattern.compile("(\\d{1,9})(ms|s|m|h)");

  private FlowMetadata() {}

  /** The tags under {@code tags:}, in order, without repeats; empty when there is no such key. */
  static List<String> tags(JsonNode node, String source) {
    if (node == null || node.isNull()) {
      return List.of();
    }
    List<JsonNode> items = new ArrayList<>();
    if (node.isArray()) {
      node.forEach(items::add);
    } else {
      items.add(node);
    }
    Set<String> tags = new LinkedHashSet<>();
    for (JsonNode item : items) {
      String tag = item.isValueNode() ? item.asText().strip() : "";
      if (!TAG.matcher(tag).matches()) {
        throw new InvalidInputException(
            source
                + ": 'tags' must be a list of words (letters, digits, _ . -), e.g. tags: [smoke,"
                + " wifi]; got "
                + (item.isValueNode() ? "'" + shorten(item.asText()) + "'" : "a nested value"));
      }
      tags.add(tag);
    }
    return List.copyOf(tags);
  }

  /** The timeout under {@code timeout:}, or null when there is no such key. */
  static Duration timeout(JsonNode node, String source) {
    if (node == null || node.isNull()) {
      return null;
    }
    String text = node.isValueNode() ? node.asText().strip() : "";
    try {
      return duration(text);
    } catch (IllegalArgumentException e) {
      throw new InvalidInputException(source + ": 'timeout' " + e.getMessage());
    }
  }

  /**
   * A duration written as whole numbers with units, e.g. {@code 2m}, {@code 90s}, {@code 1m30s},
   * {@code 500ms}, {@code 1h}; above zero and at most {@link #MAX_TIMEOUT}.
   *
   * @throws IllegalArgumentException saying what to write instead
   */
  static Duration duration(String text) {
    Matcher m = DURATION.matcher(text);
    Duration total = Duration.ZERO;
    int at = 0;
    while (at < text.length() && m.find(at) && m.start() == at) {
      long n = Long.parseLong(m.group(1));
      total =
          total.plus(
              switch (m.group(2)) {
                case "ms" -> Duration.ofMillis(n);
                case "s" -> Duration.ofSeconds(n);
                case "m" -> Duration.ofMinutes(n);
                default -> Duration.ofHours(n);
              });
      at = m.end();
    }
    if (text.isEmpty() || at != text.length()) {
      throw new IllegalArgumentException(
          "must be a duration such as 2m, 90s, 1m30s or 500ms; got '" + shorten(text) + "'");
    }
    if (total.isZero() || total.compareTo(MAX_TIMEOUT) > 0) {
      throw new IllegalArgumentException(
          "must be above 0 and at most 24h; got '" + shorten(text) + "'");
    }
    return total;
  }

  private static String shorten(String text) {
    return text.length() > 40 ? text.substring(0, 40) + "…" : text;
  }
}
