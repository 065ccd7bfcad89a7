package dev.apex.junit;

import org.opentest4j.AssertionFailedError;

/**
 * A test's failure with what a person needs to act on it: what failed, the compact Scene at that
 * moment, and the task id to open in the console.
 */
public final class ApexAssertionError extends AssertionFailedError {

  private static final long serialVersionUID = 1L;

  private final String failure;

  ApexAssertionError(String failure, String context, Throwable cause) {
    super(failure + "\n" + context, cause);
    this.failure = failure;
  }

  ApexAssertionError(
      String failure, String context, Object expected, Object actual, Throwable cause) {
    super(failure + "\n" + context, expected, actual, cause);
    this.failure = failure;
  }

  /** What failed, without the scene and the task id: what the timeline records as the reason. */
  public String failure() {
    return failure;
  }
}
