package dev.apex.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MachineTest {

  @TempDir Path tmp;

  @Test
  void readsTheFirstModelNameOfCpuinfo() throws IOException {
    Path cpuinfo = tmp.resolve("cpuinfo");
    Files.writeString(
        cpuinfo,
        "processor\t: 0\nvendor_id\t: AuthenticAMD\nmodel name\t: AMD EPYC 7B13\n\n"
            + "processor\t: 1\nmodel name\t: AMD EPYC 7B13\n");

    assertThat(Machine.cpuModel(cpuinfo)).isEqualTo("AMD EPYC 7B13");
  }

  @Test
  void anUnreadableCpuinfoIsUnknown() {
    assertThat(Machine.cpuModel(tmp.resolve("missing"))).isEqualTo("unknown");
  }

  @Test
  void detectsTheRunningJvm() {
    Machine m = Machine.detect();

    assertThat(m.cores()).isEqualTo(Runtime.getRuntime().availableProcessors());
    assertThat(m.jvm()).contains(System.getProperty("java.runtime.version"));
    assertThat(m.os()).contains(System.getProperty("os.name"));
  }
}
