package dev.apex.bench;

import dev.apex.core.InvalidInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;

/**
 * Finds the folder of real UI dumps (the one holding {@code MANIFEST.json}): the folder given
 * ({@code --data DIR}), else {@code APEX_TEST_DATA}, else {@code ../shared/data} beside the working
 * directory or one of its ancestors. The same lookup as the test kit's, without depending on it.
 */
public final class BenchData {

  public static final String ENV = "APEX_TEST_DATA";
  static final String MANIFEST = "MANIFEST.json";

  private BenchData() {}

  /** The data folder for {@code explicit} (may be null), the process environment and cwd. */
  public static Path locate(Path explicit) {
    return locate(explicit, System.getenv(), Path.of("").toAbsolutePath());
  }

  /**
   * The data folder.
   *
   * @param explicit the folder the user named, or null
   * @throws InvalidInputException when the chosen folder has no {@code MANIFEST.json}, or none is
   *     found
   */
  static Path locate(Path explicit, Map<String, String> env, Path workingDir) {
    Objects.requireNonNull(env, "env");
    Objects.requireNonNull(workingDir, "workingDir");
    if (explicit != null) {
      return checked(explicit, "--data");
    }
    String fromEnv = env.get(ENV);
    if (fromEnv != null && !fromEnv.isBlank()) {
      return checked(Path.of(fromEnv), ENV);
    }
    for (Path p = workingDir.toAbsolutePath(); p != null; p = p.getParent()) {
      Path candidate = p.resolveSibling("shared").resolve("data");
      if (Files.isRegularFile(candidate.resolve(MANIFEST))) {
        return candidate;
      }
    }
    throw new InvalidInputException(
        "no UI dumps found at ../shared/data above "
            + workingDir.toAbsolutePath()
            + "; pass --data DIR or set "
            + ENV
            + " to the folder holding "
            + MANIFEST);
  }

  private static Path checked(Path dir, String from) {
    if (!Files.isRegularFile(dir.resolve(MANIFEST))) {
      throw new InvalidInputException(
          from + " names " + dir + ", which has no " + MANIFEST + "; give the UI dumps' folder");
    }
    return dir;
  }
}
