package dev.apex.bench;

import java.nio.file.Path;

/**
 * What {@code apex bench} was asked.
 *
 * @param quick fewer iterations, M4 up to 3,500 nodes only and M8 on two of its tasks ({@link
 *     WebTasks#quick()}): about a minute
 * @param check whether the caller exits non-zero when a goal is missed (the run itself is the same)
 * @param dataDir the UI dumps' folder ({@code --data}), or null to look it up (see {@link
 *     BenchData})
 */
public record BenchOptions(boolean quick, boolean check, Path dataDir) {

  /** The full run, no check, dumps looked up. */
  public static BenchOptions full() {
    return new BenchOptions(false, false, null);
  }

  /** The quick run, no check, dumps looked up. */
  public static BenchOptions quickRun() {
    return new BenchOptions(true, false, null);
  }

  /** The command line that reproduces this run. */
  public String command() {
    return "./apex bench"
        + (quick ? " --quick" : "")
        + (check ? " --check" : "")
        + (dataDir != null ? " --data " + dataDir : "");
  }
}
