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
}
