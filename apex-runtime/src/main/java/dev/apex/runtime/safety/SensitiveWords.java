package dev.apex.runtime.safety;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@link SafetyPolicy}'s words, compiled once into patterns that find them in a screen text in
 * their regular forms, ignoring case.
 *
 * <p>A word matches with the regular English inflections: {@code delete} as delete, deletes,
 * deleted, deleting; {@code pay} as pay, pays, payed, paying; {@code send} as send, sends, sending
 * (a final {@code e} is dropped before {@code -ed} and {@code -ing}). Each word of a phrase takes
 * them ({@code place order}: placing orders), and its words may be parted by blanks or hyphens
 * ({@code check-out}). Derived nouns (payment, deletion, removal) and compounds are words of the
 * policy in their own right, so no rule guesses them (a rule adding {@code -al} to {@code pay}
 * would ask about a contact named Payal). Irregular forms are not derived: sent, paid and bought
 * name a state on a screen (the Sent folder, a paid invoice) more often than an act.
 *
 * <p>A match starts and ends at a word's edge: no letter or digit may come right before or after
 * it, so {@code pay} is not found in display, {@code wipe} not in Swipe, {@code send} not in resend
 * or sender (a policy lists resend itself), while a hyphen or an underscore parts words ({@code
 * auto-pay} is found). Immutable and thread-safe.
 */
final class SensitiveWords {

  /** No letter or digit before a match. */
  private static final String START = "(?<![\\p{L}\\p{N}])";

  /** No letter or digit after a match. */
  private static final String END = "(?![\\p{L}\\p{N}])";

  /** Where a text holds a word of the policy: its kind, the policy's word, and where it begins. */
  record Match(SensitiveKind kind, String word, int start) {}

  private record Word(SensitiveKind kind, String word, Pattern pattern) {}

  private final List<Word> words;

  /** Compiles {@code words} (per kind; blank words are ignored). */
  SensitiveWords(Map<SensitiveKind, List<String>> words) {
    List<Word> compiled = new ArrayList<>();
    new EnumMap<>(Objects.requireNonNull(words, "words"))
        .forEach(
            (kind, list) -> {
              for (String word : list) {
                String normal = word.strip().toLowerCase(Locale.ROOT);
                if (!normal.isEmpty()) {
                  compiled.add(new Word(kind, normal, Pattern.compile(pattern(normal))));
                }
              }
            });
    this.words = List.copyOf(compiled);
  }

  /**
   * Every word of the policy {@code text} holds, the earliest in the text first (for one place, in
   * the order of {@link SensitiveKind} and then of the policy's list); empty when none.
   */
  List<Match> find(String text) {
    if (text == null || text.isBlank()) {
      return List.of();
    }
    List<Match> found = new ArrayList<>();
    for (Word word : words) {
      Matcher m = word.pattern().matcher(text);
      if (m.find()) {
        found.add(new Match(word.kind(), word.word(), m.start()));
      }
    }
    found.sort(Comparator.comparingInt(Match::start));
    return found;
  }

  /** The regular expression of a lower-case word or phrase, in its forms, at word edges. */
  static String pattern(String phrase) {
    StringBuilder regex = new StringBuilder("(?iu)").append(START);
    String[] parts = phrase.split("[\\s\\-]+");
    for (int i = 0; i < parts.length; i++) {
      if (i > 0) {
        regex.append("[\\s\\-]+");
      }
      regex.append(forms(parts[i]));
    }
    return regex.append(END).toString();
  }

  /** One word in its regular inflections: {@code delet(?:e|es|ed|ing)}, {@code pay(?:s|...)?}. */
  private static String forms(String word) {
    if (word.length() > 2 && word.endsWith("e")) {
      return Pattern.quote(word.substring(0, word.length() - 1)) + "(?:e|es|ed|ing)";
    }
    return Pattern.quote(word) + "(?:s|es|ed|ing)?";
  }
}
