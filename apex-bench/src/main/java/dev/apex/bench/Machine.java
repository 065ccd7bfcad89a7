package dev.apex.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The machine a run measured, for the report: numbers mean little without it.
 *
 * @param cores processors available to the JVM
 * @param cpu the CPU model from {@code /proc/cpuinfo}, or {@code unknown}
 * @param jvm the JVM's name, vendor and version
 * @param os the OS name, version and architecture
 * @param maxHeapMb the JVM's maximum heap in MiB
 * @param loadAverage the one-minute load average when the run started ({@code /proc/loadavg}), or
 *     empty when unknown; above {@code cores} means other processes competed for the CPU
 */
public record Machine(
    int cores, String cpu, String jvm, String os, long maxHeapMb, String loadAverage) {

  public static Machine detect() {
    return new Machine(
        Runtime.getRuntime().availableProcessors(),
        cpuModel(Path.of("/proc/cpuinfo")),
        System.getProperty("java.vm.name")
            + " "
            + System.getProperty("java.runtime.version")
            + " ("
            + System.getProperty("java.vm.vendor")
            + ")",
        System.getProperty("os.name")
            + " "
            + System.getProperty("os.version")
            + " "
            + System.getProperty("os.arch"),
        Runtime.getRuntime().maxMemory() / (1024 * 1024),
        loadAverage(Path.of("/proc/loadavg")));
  }

  /** The first {@code model name} of a cpuinfo file, or {@code unknown}. */
  static String cpuModel(Path cpuinfo) {
    for (String line : lines(cpuinfo)) {
      int colon = line.indexOf(':');
      if (colon > 0 && line.substring(0, colon).strip().equals("model name")) {
        String model = line.substring(colon + 1).strip();
        if (!model.isEmpty()) {
          return model;
        }
      }
    }
    return "unknown";
  }

  private static String loadAverage(Path loadavg) {
    List<String> lines = lines(loadavg);
    return lines.isEmpty() ? "" : lines.get(0).split(" ")[0];
  }

  private static List<String> lines(Path file) {
    try {
      return Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException | RuntimeException e) {
      return List.of();
    }
  }
}
