package dev.apex.device.web;

import dev.apex.core.InvalidInputException;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Finds the installed Chromium and chromedriver; never downloads anything. */
final class Binaries {

  static final String INSTALL_HINT =
      "install the Debian packages with `apt-get install chromium chromium-driver`";

  private Binaries() {}

  static Path chromium(WebConfig config) {
    return find(
        "chromium",
        config.chromium(),
        List.of("chromium", "chromium-browser"),
        System.getenv("PATH"),
        "apex.web.chromium");
  }

  static Path chromedriver(WebConfig config) {
    return find(
        "chromedriver",
        config.chromedriver(),
        List.of("chromedriver"),
        System.getenv("PATH"),
        "apex.web.chromedriver");
  }

  /**
   * The configured path when given (it must be executable), else the first of {@code names} on
   * {@code pathEnv}. Throws a one-line {@link InvalidInputException} naming where it looked.
   */
  static Path find(String what, Path configured, List<String> names, String pathEnv, String key) {
    if (configured != null) {
      if (Files.isRegularFile(configured) && Files.isExecutable(configured)) {
        return configured;
      }
      throw new InvalidInputException(
          what
              + " not found at "
              + configured
              + " (set by "
              + key
              + "): "
              + INSTALL_HINT
              + ", or point "
              + key
              + " at an executable");
    }
    String path = pathEnv == null ? "" : pathEnv;
    for (String dir : path.split(File.pathSeparator)) {
      if (dir.isEmpty()) {
        continue;
      }
      for (String name : names) {
        Path candidate = Path.of(dir, name);
        if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
          return candidate;
        }
      }
    }
    throw new InvalidInputException(
        what
            + " not found on the PATH ("
            + String.join(" or ", names)
            + " in "
            + path
            + "): "
            + INSTALL_HINT
            + ", or set "
            + key
            + " to its path");
  }
}
