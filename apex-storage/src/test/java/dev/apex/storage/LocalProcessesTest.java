package dev.apex.storage;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The real process table: a live process by pid and start instant, a reused pid, a gone one. */
class LocalProcessesTest {

  private final LocalProcesses processes = LocalProcesses.INSTANCE;

  @Test
  void thisProcessRunsAndIsKnownByItsStartInstant() {
    TaskOwner self = processes.self();
    assertThat(self.pid()).isEqualTo(ProcessHandle.current().pid());
    assertThat(self.host()).isNotBlank();
    assertThat(processes.isRunning(self.pid(), self.processStart())).isTrue();
    assertThat(processes.isRunning(self.pid(), null)).isTrue();
  }

  @Test
  void aPidWithAnotherStartInstantIsAnotherProcess() {
    TaskOwner self = processes.self();
    Instant start = self.processStart();
    org.junit.jupiter.api.Assumptions.assumeTrue(start != null, "no process start time here");
    assertThat(processes.isRunning(self.pid(), start.minus(Duration.ofHours(1)))).isFalse();
  }

  @Test
  void aProcessThatExitedIsGone() throws Exception {
    Process child =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-version")
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    long pid = child.pid();
    child.waitFor();
    assertThat(processes.isRunning(pid, null)).isFalse();
  }

  @Test
  @org.junit.jupiter.api.Timeout(value = 1, unit = java.util.concurrent.TimeUnit.MINUTES) // a net
  void aZombieIsGone() throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        java.nio.file.Files.isDirectory(Path.of("/proc/self")), "no /proc here");
    // sh starts a child that exits at once, then becomes a sleep that never reaps it. sh itself
    // may reap the child before its exec; then the pid vanishes and the setup is tried again.
    for (int attempt = 0; attempt < 20; attempt++) {
      Process parent =
          new ProcessBuilder("sh", "-c", "sleep 0 & echo $!; exec sleep 120")
              .redirectErrorStream(true)
              .start();
      try {
        long zombie =
            Long.parseLong(
                new java.io.BufferedReader(new java.io.InputStreamReader(parent.getInputStream()))
                    .readLine()
                    .strip());
        Path proc = Path.of("/proc", Long.toString(zombie));
        while (!LocalProcesses.isZombie(zombie) && java.nio.file.Files.exists(proc)) {
          // sleep 0 exits within milliseconds; this loop waits for that state, not for a time
          Thread.onSpinWait();
        }
        if (!LocalProcesses.isZombie(zombie)) {
          continue; // reaped by sh before it became sleep
        }
        assertThat(processes.isRunning(zombie, null)).as("a zombie is not running").isFalse();
        return;
      } finally {
        parent.destroyForcibly();
        parent.waitFor();
      }
    }
    org.junit.jupiter.api.Assumptions.abort("sh reaped its child before exec in 20 attempts");
  }
}
