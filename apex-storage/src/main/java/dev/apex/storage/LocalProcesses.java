package dev.apex.storage;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * The processes of this host, through {@link ProcessHandle}. A recorded start instant matches a
 * live process's within {@link #START_TOLERANCE}: the JDK derives it from the boot time, which some
 * kernels report a second apart between two reads; a pid reused within two seconds of the same
 * start is not a case worth a false "alive". A zombie (exited, not yet reaped by its parent) is
 * gone.
 */
public final class LocalProcesses implements Processes {

  static final Duration START_TOLERANCE = Duration.ofSeconds(2);

  /** This host's processes. */
  public static final LocalProcesses INSTANCE = new LocalProcesses();

  private final TaskOwner self;

  private LocalProcesses() {
    ProcessHandle current = ProcessHandle.current();
    this.self =
        new TaskOwner(hostName(), current.pid(), current.info().startInstant().orElse(null));
  }

  @Override
  public TaskOwner self() {
    return self;
  }

  @Override
  public boolean isRunning(long pid, Instant processStart) {
    Optional<ProcessHandle> handle = ProcessHandle.of(pid);
    if (handle.isEmpty() || !handle.get().isAlive() || isZombie(pid)) {
      return false;
    }
    Optional<Instant> started = handle.get().info().startInstant();
    if (processStart == null || started.isEmpty()) {
      return true;
    }
    return Duration.between(processStart, started.get()).abs().compareTo(START_TOLERANCE) <= 0;
  }

  /**
   * Whether the process has exited but its parent has not reaped it yet: the JDK counts such a
   * zombie as alive, yet it runs nothing. Read from {@code /proc} where there is one; false
   * elsewhere.
   */
  static boolean isZombie(long pid) {
    try {
      Path stat = Path.of("/proc", Long.toString(pid), "stat");
      if (!Files.isReadable(stat)) {
        return false;
      }
      String text = Files.readString(stat);
      // "pid (command) S ...": the command may hold spaces and parentheses, the state follows the
      // last ')'.
      int close = text.lastIndexOf(')');
      String rest = close < 0 ? "" : text.substring(close + 1).strip();
      return rest.startsWith("Z") || rest.startsWith("X");
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  /**
   * This host's name: the kernel's ({@code /proc/sys/kernel/hostname}) where there is one, which
   * costs no name lookup; else the environment's; else the resolver's; else {@code localhost}.
   */
  static String hostName() {
    try {
      Path kernel = Path.of("/proc/sys/kernel/hostname");
      if (Files.isReadable(kernel)) {
        String name = Files.readString(kernel).strip();
        if (!name.isEmpty()) {
          return name;
        }
      }
    } catch (IOException | RuntimeException e) {
      // fall through to the other sources
    }
    for (String variable : new String[] {"COMPUTERNAME", "HOSTNAME"}) {
      String name = System.getenv(variable);
      if (name != null && !name.isBlank()) {
        return name.strip();
      }
    }
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (IOException | RuntimeException e) {
      return "localhost";
    }
  }
}
