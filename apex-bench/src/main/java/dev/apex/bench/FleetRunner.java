package dev.apex.bench;

import dev.apex.core.TaskId;
import dev.apex.core.TaskRecord;
import dev.apex.core.TaskStatus;
import dev.apex.storage.Timeline;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One runner of {@link FleetLoad}: {@code apex run --flow FLOW --db URL} in a child JVM, with the
 * step indexes it printed ({@code step N ok}) and the task id it printed at its end.
 */
final class FleetRunner implements AutoCloseable {

  private static final Pattern STEP = Pattern.compile("^step\\s+(\\d+)\\s+(ok|FAILED)\\b.*");
  private static final Pattern TASK = Pattern.compile("task id: (\\w+)");

  private final int index;
  private final List<Integer> printed = new CopyOnWriteArrayList<>();
  private volatile String printedTask;
  private volatile FleetChild child;
  private volatile TaskId killedTask;
  private volatile Duration toInterrupted;
  private volatile Integer exit;

  private FleetRunner(int index) {
    this.index = index;
  }

  /** Starts {@code apex run} of {@code flow}, whose {@code steps} all fit its step budget. */
  static FleetRunner start(int index, FleetChild.Launch apex, Path flow, int steps, String url) {
    FleetRunner runner = new FleetRunner(index);
    runner.child =
        FleetChild.start(
            apex,
            runner::read,
            "run",
            "--flow",
            flow.toString(),
            "--max-steps",
            String.valueOf(steps),
            "--db",
            url);
    return runner;
  }

  private void read(String line) {
    Matcher task = TASK.matcher(line);
    if (task.find()) {
      printedTask = task.group(1);
    }
    Matcher step = STEP.matcher(line);
    if (step.matches()) {
      printed.add(Integer.parseInt(step.group(1)));
    }
  }

  int index() {
    return index;
  }

  List<Integer> printed() {
    return List.copyOf(printed);
  }

  long pid() {
    return child.pid();
  }

  boolean isAlive() {
    return child.isAlive();
  }

  String lastError() {
    return child.lastError();
  }

  /** Kills it (SIGKILL) and waits, bounded, for it to be gone. */
  void kill() {
    child.close();
  }

  /** Marks it killed, its task being {@code task}. */
  void killed(TaskId task) {
    killedTask = task;
  }

  /** Its task once {@link #killed} named it, else null. */
  TaskId task() {
    return killedTask;
  }

  /** From its kill to the timeline reading INTERRUPTED, or null until then. */
  Duration toInterrupted() {
    return toInterrupted;
  }

  void interruptedAfter(Duration elapsed) {
    toInterrupted = elapsed;
  }

  /** Waits up to {@code bound} for it to end on its own. */
  void awaitExit(Duration bound) throws InterruptedException {
    exit = child.awaitExit(bound).orElse(null);
  }

  /** Its row, its task read from the timeline as it stands now. */
  FleetLoadResult.Runner row(Timeline reader) {
    TaskId task =
        killedTask != null
            ? killedTask
            : printedTask != null
                ? TaskId.of(printedTask)
                : FleetLoad.ownedBy(reader, child.pid()).orElse(null);
    Optional<TaskRecord> record = task == null ? Optional.empty() : reader.task(task);
    TaskStatus status = record.map(TaskRecord::status).orElse(TaskStatus.RUNNING);
    boolean clean = killedTask != null || Integer.valueOf(0).equals(exit);
    return new FleetLoadResult.Runner(
        index,
        task == null ? "–" : task.value(),
        killedTask != null,
        status,
        exit,
        printed(),
        record.isPresent() ? FleetLoad.recorded(reader, task) : List.of(),
        toInterrupted,
        clean ? "" : exit == null ? "still running at the bound" : child.lastError());
  }

  @Override
  public void close() {
    child.close();
  }
}
