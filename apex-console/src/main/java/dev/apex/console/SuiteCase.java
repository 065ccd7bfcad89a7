package dev.apex.console;

import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * One flow of a suite run ({@code apex test}) and how it ended: what the summary, the JUnit XML and
 * the suite's HTML report ({@link SuiteReport}) each show. Immutable.
 *
 * @param file the flow file, as the suite names it (relative to the working folder when under it)
 * @param classname the flow's folder, dotted ({@code flows.settings}): JUnit's {@code classname}
 * @param name the flow's name: JUnit's {@code name}
 * @param tags the flow's tags
 * @param device the device slot it ran on ({@code sim#2}), or null when it did not run
 * @param status how its task ended, or null when it did not run (skipped)
 * @param reason why it ended (a failed step and its error, a timeout), or why it did not run
 * @param took how long it ran ({@link Duration#ZERO} when it did not)
 * @param taskId its task in the timeline, or null when it did not run
 */
public record SuiteCase(
    String file,
    String classname,
    String name,
    List<String> tags,
    String device,
    TaskStatus status,
    String reason,
    Duration took,
    TaskId taskId) {

  public SuiteCase {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(classname, "classname");
    Objects.requireNonNull(name, "name");
    tags = List.copyOf(tags);
    Objects.requireNonNull(took, "took");
    if (status != null && !status.isFinal()) {
      throw new IllegalArgumentException("a suite case ends with a final status, not " + status);
    }
  }

  /** A flow that did not run, with why. */
  public static SuiteCase skipped(
      String file, String classname, String name, List<String> tags, String why) {
    return new SuiteCase(file, classname, name, tags, null, null, why, Duration.ZERO, null);
  }

  public boolean ran() {
    return status != null;
  }

  public boolean passed() {
    return status == TaskStatus.SUCCEEDED;
  }

  /** Ran and ended by itself without succeeding: failed, out of steps or budget. */
  public boolean failed() {
    return ran() && !passed() && !stopped();
  }

  /** Ran and was stopped from outside: cancelled (Ctrl-C) or interrupted. */
  public boolean stopped() {
    return status == TaskStatus.CANCELLED || status == TaskStatus.INTERRUPTED;
  }

  /** What the summary and the reports call it: its status, or {@code SKIPPED}. */
  public String shownStatus() {
    return ran() ? status.name() : "SKIPPED";
  }
}
