package dev.apex.cli.suite;

import dev.apex.console.SuiteCase;
import dev.apex.runtime.agent.AgentRun;
import dev.apex.runtime.flow.Flow;
import java.util.Objects;

/**
 * One flow of a suite, loaded and checked.
 *
 * @param file the file as the suite names it: relative to the working folder when under it
 * @param classname its folder, dotted ({@code flows.settings}), for JUnit's {@code classname}
 * @param flow the flow, its variables filled
 */
public record SuiteFlow(String file, String classname, Flow flow) {

  public SuiteFlow {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(classname, "classname");
    Objects.requireNonNull(flow, "flow");
  }

  /**
   * The goal its task is recorded under ({@code flow NAME (FILE)}): how earlier runs of it are
   * found in the timeline.
   */
  public String goal() {
    return AgentRun.flow(flow).title();
  }

  /** This flow, not run, with why. */
  public SuiteCase skipped(String why) {
    return SuiteCase.skipped(file, classname, flow.name(), flow.tags(), why);
  }
}
