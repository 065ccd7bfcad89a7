package dev.apex.bench;

import java.util.Objects;

/**
 * One task of the project's own web-task suite ({@link WebTasks}): a page of ours, the flow that
 * solves it, and the kind of public benchmark task it stands for.
 *
 * @param name the task's name, also the base name of its page and flow resources
 * @param mirrors the public benchmark task it mirrors (MiniWoB++ names), for the regression table
 * @param kind the kind of interaction it exercises, e.g. {@code drag (mouse events)}
 * @param device where it runs: {@code web} (the suite's Chromium) or {@code sim}
 * @param page the page's resource name under {@link WebTasks#RESOURCES} (or {@link
 *     WebTasks#SHARED_PAGES}), or null for a sim task
 * @param flow the flow's resource name under {@link WebTasks#RESOURCES}
 * @param needsOcr whether the flow can only pass with OCR (the text it needs is pixels only)
 * @param pending null when the task is expected to be solved on this branch; otherwise why it
 *     cannot be yet (the work it waits for). A pending task that fails is reported, not counted as
 *     a regression; one that passes is a sign to clear the flag.
 */
public record WebTask(
    String name,
    String mirrors,
    String kind,
    String device,
    String page,
    String flow,
    boolean needsOcr,
    String pending) {

  /** The suite's browser. */
  public static final String WEB = "web";

  /** The built-in simulated phone. */
  public static final String SIM = "sim";

  public WebTask {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(mirrors, "mirrors");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(flow, "flow");
    if (!WEB.equals(device) && !SIM.equals(device)) {
      throw new IllegalArgumentException("device must be web or sim, got " + device);
    }
    if (WEB.equals(device) != (page != null)) {
      throw new IllegalArgumentException(name + ": a web task has a page, a sim task none");
    }
  }

  /** Whether it runs in the browser. */
  public boolean web() {
    return WEB.equals(device);
  }

  /** Whether it is expected to be solved on this branch. */
  public boolean expected() {
    return pending == null;
  }
}
