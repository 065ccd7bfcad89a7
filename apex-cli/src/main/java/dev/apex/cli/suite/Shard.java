package dev.apex.cli.suite;

import dev.apex.core.InvalidInputException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code --shard I/N}: this machine runs part {@code index} of {@code count}.
 *
 * @param index 1 to {@code count}
 * @param count how many parts, at least 1
 */
public record Shard(int index, int count) {

  /** The whole suite: {@code 1/1}. */
  public static final Shard ALL = new Shard(1, 1);

  private static final Pattern FORM = Pattern.compile("(\\d{1,4})/(\\d{1,4})");

  public Shard {
    if (count < 1 || index < 1 || index > count) {
      throw new IllegalArgumentException(
          "a shard is I/N with 1 <= I <= N, got " + index + "/" + count);
    }
  }

  /**
   * @throws InvalidInputException naming {@code --shard} and the form to use
   */
  public static Shard parse(String text) {
    Matcher m = FORM.matcher(text == null ? "" : text.strip());
    if (m.matches()) {
      int i = Integer.parseInt(m.group(1));
      int n = Integer.parseInt(m.group(2));
      if (n >= 1 && i >= 1 && i <= n) {
        return new Shard(i, n);
      }
    }
    throw new InvalidInputException(
        "--shard must be I/N with 1 <= I <= N (e.g. --shard 2/3 for the second of three jobs),"
            + " got '"
            + text
            + "'");
  }

  @Override
  public String toString() {
    return index + "/" + count;
  }
}
