package dev.apex.perception.tree;

import dev.apex.core.InvalidInputException;

/**
 * How deep a UI tree may nest before a parser refuses it. Real screens nest under 100 levels; a
 * dump far deeper is hostile or broken, and refusing it early keeps a parse's time and memory
 * bounded (every node carries its path, which grows with its depth).
 *
 * <p>The limit is {@value #DEFAULT_LIMIT} levels below the root, or the system property {@value
 * #PROPERTY}, else the environment variable {@value #ENV}, when set. Read at each parse, so a test
 * or an embedding program may change the property. Thread-safe.
 */
public final class TreeDepth {

  public static final int DEFAULT_LIMIT = 1000;
  public static final String PROPERTY = "apex.perception.max_depth";
  public static final String ENV = "APEX_PERCEPTION_MAX_DEPTH";

  private TreeDepth() {}

  /**
   * The limit in force.
   *
   * @throws InvalidInputException when the property or variable is not a whole number from 1
   */
  public static int limit() {
    String text = System.getProperty(PROPERTY);
    String name = PROPERTY;
    if (text == null || text.isBlank()) {
      text = System.getenv(ENV);
      name = ENV;
    }
    if (text == null || text.isBlank()) {
      return DEFAULT_LIMIT;
    }
    try {
      int limit = Integer.parseInt(text.strip());
      if (limit >= 1) {
        return limit;
      }
    } catch (NumberFormatException e) {
      // Answered below.
    }
    throw new InvalidInputException(name + " must be a whole number from 1, got '" + text + "'");
  }

  /**
   * Refuses a node {@code depth} levels below the root when that is past {@code limit}.
   *
   * @param what the tree's kind, for the message (e.g. {@code "uiautomator dump"})
   * @param where where in the input, e.g. {@code " at line 3, column 7"}, or empty
   * @throws TooDeepException when {@code depth > limit}
   */
  public static void check(int depth, int limit, String what, String where) {
    if (depth > limit) {
      throw refusal(what, limit, where);
    }
  }

  /** The error for a tree past {@code limit}; see {@link #check}. */
  public static TooDeepException refusal(String what, int limit, String where) {
    return new TooDeepException(what, limit, where);
  }

  /** A tree nested deeper than the limit: bad input (exit 2 on the command line). */
  public static final class TooDeepException extends InvalidInputException {
    TooDeepException(String what, int limit, String where) {
      super(
          what
              + " nests deeper than "
              + limit
              + " levels"
              + where
              + "; real screens nest under 100, so this looks broken or hostile (raise the limit"
              + " with -D"
              + PROPERTY
              + "=N or "
              + ENV
              + "=N if it is genuine)");
    }
  }
}
