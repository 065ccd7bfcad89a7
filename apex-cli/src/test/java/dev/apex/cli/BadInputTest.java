package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input gets one line naming what was wrong, and a non-zero exit; --verbose adds the trace. */
class BadInputTest {

  @TempDir Path dir;

  private void assertOneLineError(Cli.Result r, int exit, String... fragments) {
    assertThat(r.exit()).isEqualTo(exit);
    assertThat(r.errLines()).as(r.err()).hasSize(1);
    assertThat(r.errLines().get(0)).startsWith("apex: ");
    for (String f : fragments) {
      assertThat(r.errLines().get(0)).contains(f);
    }
  }

  @Test
  void anUnknownDevice() {
    assertOneLineError(
        Cli.run("describe", "--device", "toaster"), 2, "unknown device 'toaster'", "sim");
  }

  @Test
  void aMissingFlowFile() {
    assertOneLineError(
        Cli.run(
            Cli.withDb(dir.resolve("t.db"), "run", "--flow", dir.resolve("nope.yaml").toString())),
        2,
        "nope.yaml");
  }

  @Test
  void aMalformedFlowFile() throws Exception {
    Path flow = dir.resolve("bad.yaml");
    Files.writeString(flow, "steps: [ {tap: \n  - : :");
    assertOneLineError(
        Cli.run(Cli.withDb(dir.resolve("t.db"), "run", "--flow", flow.toString())), 2, "bad.yaml");
  }

  @Test
  void anUnknownToolInAFlow() throws Exception {
    Path flow = dir.resolve("unknown.yaml");
    Files.writeString(flow, "name: x\nsteps:\n  - fly_to_moon: now\n");
    assertOneLineError(
        Cli.run(Cli.withDb(dir.resolve("t.db"), "run", "--flow", flow.toString())),
        2,
        "fly_to_moon");
  }

  @Test
  void anUnreadableDump() {
    assertOneLineError(
        Cli.run("describe", "--from-dump", dir.resolve("missing.xml").toString()),
        2,
        "missing.xml");
  }

  @Test
  void aMalformedDumpNamesTheLineAndColumn() throws Exception {
    Path dump = dir.resolve("broken.xml");
    Files.writeString(
        dump, "<?xml version='1.0'?>\n<hierarchy rotation=\"0\">\n<node text=\"a\" <oops/>");
    Cli.Result r = Cli.run("describe", "--from-dump", dump.toString(), "--platform", "android");
    assertThat(r.exit()).isNotZero();
    assertThat(r.errLines()).hasSize(1);
    assertThat(r.errLines().get(0)).contains("line 3").contains("column");
  }

  @Test
  void anUnknownTimelineTask() {
    Path db = dir.resolve("t.db");
    Cli.run(
        Cli.withDb(
            db,
            "run",
            "--flow",
            Cli.projectRoot().resolve("examples/flows/settings-wifi-on.yaml").toString(),
            "--no-ocr"));
    assertOneLineError(Cli.run(Cli.withDb(db, "timeline", "nosuchtask")), 2, "nosuchtask");
  }

  @Test
  void anUnknownOption() {
    Cli.Result r = Cli.run("run", "--flow", "x.yaml", "--warp-speed");
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.errLines().get(0)).contains("--warp-speed");
  }

  @Test
  void verboseAddsTheStackTrace() {
    Cli.Result r = Cli.run("describe", "--device", "toaster", "--verbose");
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.errLines().get(0)).contains("unknown device 'toaster'");
    assertThat(r.err()).contains("at dev.apex.cli.Devices.open");
  }
}
