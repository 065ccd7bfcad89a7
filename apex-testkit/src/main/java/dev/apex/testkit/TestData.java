package dev.apex.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.junit.jupiter.api.Assumptions;

/**
 * Finds the shared real-device dumps: the folder named by {@code APEX_TEST_DATA}, else {@code
 * ../shared/data} beside the project root. Where the folder is missing a test skips with a message
 * saying why, except under CI ({@code CI=true}), where it fails.
 */
public final class TestData {

  private TestData() {}

  /** The data folder; skips (or, under CI, fails) the calling test when it is missing. */
  public static Path dir() {
    Path dir = locate();
    if (!Files.isDirectory(dir)) {
      String why =
          "shared test data not found at "
              + dir.toAbsolutePath().normalize()
              + " (set APEX_TEST_DATA to the folder holding MANIFEST.json)";
      if ("true".equalsIgnoreCase(System.getenv("CI"))) {
        throw new AssertionError(why);
      }
      Assumptions.abort(why);
    }
    return dir;
  }

  /** A file of the data folder, e.g. {@code android/xiaocong_launcher_480x800.xml}. */
  public static Path file(String relative) {
    Path file = dir().resolve(relative);
    if (!Files.isRegularFile(file)) {
      throw new AssertionError("test data file missing: " + file);
    }
    return file;
  }

  public static byte[] bytes(String relative) {
    try {
      return Files.readAllBytes(file(relative));
    } catch (IOException e) {
      throw new AssertionError("cannot read test data " + relative, e);
    }
  }

  private static Path locate() {
    String env = System.getenv("APEX_TEST_DATA");
    if (env != null && !env.isBlank()) {
      return Paths.get(env);
    }
    String root = System.getProperty("apex.projectRoot");
    Path base = root != null ? Paths.get(root) : Paths.get("").toAbsolutePath();
    // Walk up from the module or project folder to the first ancestor with shared/data beside it.
    for (Path p = base.toAbsolutePath(); p != null; p = p.getParent()) {
      Path candidate = p.resolveSibling("shared").resolve("data");
      if (Files.isDirectory(candidate)) {
        return candidate;
      }
    }
    return base.resolveSibling("shared").resolve("data");
  }
}
