package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code ./apex} script's first build, against a fake {@code mvn} that prints what Maven 3.8
 * prints (module banners, downloads, and jansi's stray {@code ESC[0m} unless {@code
 * -Djansi.noreset=true} reaches its JVM through {@code MAVEN_OPTS}): the script says what it is
 * doing a line per module, leaks no escape codes, keeps Maven's output in a log, and shows the
 * errors when the build fails. A copy of the script runs in a scratch project, so nothing is
 * installed.
 */
class ApexScriptTest {

  private static final String FAKE_MVN =
      String.join(
          "\n",
          "#!/usr/bin/env bash",
          "case \" $MAVEN_OPTS \" in *' -Djansi.noreset=true '*) ;; *) printf '\\033[0m\\033[0m' ;; esac",
          "echo '[INFO] Scanning for projects...'",
          "echo '[INFO] Building apex-agent 0.1.0-SNAPSHOT                                [1/3]'",
          "echo '[INFO] Downloading from central: https://repo.example/a.pom'",
          "echo '[INFO] Downloading from central: https://repo.example/b.pom'",
          "echo '[INFO] Building apex-core 0.1.0-SNAPSHOT                                 [2/3]'",
          "echo '[INFO] Building apex-cli 0.1.0-SNAPSHOT                                  [3/3]'",
          "if [ -n \"${FAKE_FAIL:-}\" ]; then echo '[ERROR] COMPILATION ERROR in Foo.java'; exit 1; fi",
          "mkdir -p apex-cli/target && : > apex-cli/target/apex.jar",
          "case \" $MAVEN_OPTS \" in *' -Djansi.noreset=true '*) ;; *) printf '\\033[0m\\033[0m' ;; esac",
          "");

  @TempDir Path dir;
  private Path project;
  private Path bin;

  @BeforeEach
  void scratchProject() throws IOException {
    Assumptions.assumeTrue(Files.isExecutable(Path.of("/bin/bash")), "needs bash");
    project = dir.resolve("project");
    bin = dir.resolve("bin");
    Files.createDirectories(project.resolve("apex-cli/src/main/java"));
    Files.createDirectories(bin);
    Files.writeString(project.resolve("apex-cli/src/main/java/A.java"), "class A {}");
    Files.copy(Cli.projectRoot().resolve("apex"), project.resolve("apex"));
    Path mvn = bin.resolve("mvn");
    Files.writeString(mvn, FAKE_MVN);
    Files.setPosixFilePermissions(mvn, PosixFilePermissions.fromString("rwxr-xr-x"));
  }

  /**
   * A {@code java} that writes each command line it gets to {@code java.log}, a line per call, and
   * makes the archive a {@code -XX:ArchiveClassesAtExit} asks for, as the real one does at exit.
   */
  private static final String FAKE_JAVA =
      String.join(
          "\n",
          "#!/usr/bin/env bash",
          "echo \"$*\" >> \"$(dirname \"$0\")/java.log\"",
          "for a in \"$@\"; do case \"$a\" in -XX:ArchiveClassesAtExit=*) echo cds > \"${a#*=}\" ;; esac; done",
          "");

  private record Run(int exit, String err) {}

  private Run apex(boolean failBuild) throws Exception {
    return apex(failBuild, "--version");
  }

  private Run apex(boolean failBuild, String... args) throws Exception {
    List<String> command =
        new ArrayList<>(List.of("/bin/bash", project.resolve("apex").toString()));
    command.addAll(List.of(args));
    ProcessBuilder pb =
        new ProcessBuilder(command)
            .directory(project.toFile())
            .redirectErrorStream(false)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD);
    pb.environment().put("PATH", bin + ":" + System.getenv("PATH"));
    pb.environment().remove("MAVEN_OPTS");
    if (failBuild) {
      pb.environment().put("FAKE_FAIL", "1");
    }
    Process p = pb.start();
    byte[] err = p.getErrorStream().readAllBytes();
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("the script ended").isTrue();
    return new Run(p.exitValue(), new String(err, StandardCharsets.UTF_8));
  }

  @Test
  void aFirstBuildSaysWhatItDoesAModuleALineWithoutEscapeCodes() throws Exception {
    Run run = apex(false);

    List<String> lines = run.err().lines().filter(l -> l.startsWith("apex:")).toList();
    assertThat(lines.get(0)).startsWith("apex: building the CLI with Maven");
    assertThat(run.err())
        .contains("[1/3] apex-agent")
        .contains("downloading apex-agent's dependencies")
        .contains("[2/3] apex-core")
        .contains("[3/3] apex-cli")
        .contains("apex: built in")
        .doesNotContain("\u001b")
        .doesNotContain("[INFO]");
    assertThat(Files.readString(project.resolve("target/apex-build.log")))
        .contains("[INFO] Building apex-core")
        .doesNotContain("\u001b");
  }

  @Test
  void aFailedBuildShowsItsErrorsAndExitsOne() throws Exception {
    Run run = apex(true);

    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.err())
        .contains("apex: the build failed")
        .contains("[ERROR] COMPILATION ERROR in Foo.java")
        .contains("target/apex-build.log");
  }

  @Test
  void shortCommandsStartFromAClassDataArchiveOnTheClientCompilerLongOnesKeepTheFullJit()
      throws Exception {
    Path java = bin.resolve("java");
    Files.writeString(java, FAKE_JAVA);
    Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
    Path archive = project.resolve("apex-cli/target/apex.jsa");

    assertThat(apex(false, "describe", "--device", "sim").exit()).isZero();
    assertThat(archive).as("made by the training run after the build").exists();
    assertThat(apex(false, "--verbose", "timeline").exit()).isZero();
    assertThat(apex(false, "console", "--port", "0").exit()).isZero();

    List<String> calls = Files.readAllLines(bin.resolve("java.log"));
    assertThat(calls).hasSize(4);
    assertThat(calls.get(0))
        .as("one training run, written aside and moved in when it succeeds")
        .contains("-XX:ArchiveClassesAtExit=" + archive + ".")
        .endsWith("describe --device sim --no-ocr");
    assertThat(calls.get(1))
        .isEqualTo(
            "-XX:SharedArchiveFile="
                + archive
                + " -XX:TieredStopAtLevel=1 -jar "
                + project.resolve("apex-cli/target/apex.jar")
                + " describe --device sim");
    assertThat(calls.get(2)).contains("-XX:TieredStopAtLevel=1").endsWith("--verbose timeline");
    assertThat(calls.get(3))
        .startsWith("-XX:SharedArchiveFile=" + archive + " -jar ")
        .doesNotContain("TieredStopAtLevel");

    Files.setLastModifiedTime(
        project.resolve("apex-cli/target/apex.jar"),
        FileTime.fromMillis(Files.getLastModifiedTime(archive).toMillis() + 60_000));
    Files.setLastModifiedTime(
        project.resolve("apex-cli/src/main/java/A.java"), FileTime.fromMillis(0));
    apex(false, "devices");
    assertThat(Files.readAllLines(bin.resolve("java.log")).get(4))
        .as("a jar newer than the archive trains it again")
        .contains("-XX:ArchiveClassesAtExit=");
  }
}
