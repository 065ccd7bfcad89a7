package dev.apex.cli.suite;

import dev.apex.core.InvalidInputException;
import dev.apex.runtime.flow.Flow;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Which flows a suite selects by tag: with include tags, a flow that has any of them; with exclude
 * tags, a flow that has none of them; with both, a flow that passes both. Immutable.
 *
 * @param include the {@code --include-tags}, empty for every flow
 * @param exclude the {@code --exclude-tags}, empty for none
 */
public record TagFilter(Set<String> include, Set<String> exclude) {

  private static final Pattern TAG = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,63}");

  public TagFilter {
    include = Set.copyOf(include);
    exclude = Set.copyOf(exclude);
  }

  /**
   * From the options' values, each a comma-separated list ({@code smoke,wifi}), the option repeated
   * or not.
   *
   * @throws InvalidInputException naming the option and the tag that is not a word
   */
  public static TagFilter of(List<String> include, List<String> exclude) {
    return new TagFilter(tags("--include-tags", include), tags("--exclude-tags", exclude));
  }

  private static Set<String> tags(String option, List<String> values) {
    Set<String> tags = new LinkedHashSet<>();
    for (String value : values) {
      for (String tag : value.split(",", -1)) {
        String t = tag.strip();
        if (!TAG.matcher(t).matches()) {
          throw new InvalidInputException(
              option
                  + " takes tags separated by commas, each a word (letters, digits, _ . -), e.g. "
                  + option
                  + " smoke,wifi; got '"
                  + value
                  + "'");
        }
        tags.add(t);
      }
    }
    return tags;
  }

  public boolean selects(Flow flow) {
    boolean in = include.isEmpty() || include.stream().anyMatch(flow::hasTag);
    boolean out = exclude.stream().anyMatch(flow::hasTag);
    return in && !out;
  }

  /** Whether it selects every flow. */
  public boolean isEmpty() {
    return include.isEmpty() && exclude.isEmpty();
  }
}
