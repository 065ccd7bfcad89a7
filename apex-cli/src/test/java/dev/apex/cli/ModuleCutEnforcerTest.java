package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Maven half of the module cut (docs/architecture.md): a scratch module whose parent is this
 * project's pom is validated by a real, offline {@code mvn}, so the enforcer executions of the
 * parent run on it as on any module. It declares the Anthropic SDK (which the build has already
 * downloaded for apex-anthropic), nothing is installed, and no network is used.
 */
@Tag("e2e")
class ModuleCutEnforcerTest {

  private static final long DEADLINE_SECONDS = 180;
  private static final int MAX_OUTPUT_CHARS = 64_000;

  @TempDir Path dir;

  private record Validation(int exit, String output) {}

  @Test
  void theSdkOnAModulesMainClasspathFailsValidateNamingTheRuleAndThePath() throws Exception {
    Validation run = validate("<properties/>", sdk("compile"));

    assertThat(run.exit()).as(run.output()).isNotZero();
    assertThat(run.output())
        .contains("(no-llm-sdk)")
        .contains("cut-probe has a model SDK on its main classpath")
        .contains("com.anthropic:anthropic-java")
        .contains("docs/architecture.md");
  }

  @Test
  void theSdkInTestsPassesTheMainBanButFailsWhereNoScopeMayHaveIt() throws Exception {
    String worldLike =
        "<properties><apex.cut.noLlmSdkInTests.skip>false</apex.cut.noLlmSdkInTests.skip>"
            + "</properties>";

    Validation run = validate(worldLike, sdk("test"));

    assertThat(run.exit()).as(run.output()).isNotZero();
    assertThat(run.output())
        .doesNotContain("(no-llm-sdk) on project")
        .contains("(no-llm-sdk-in-tests)")
        .contains("cut-probe must have no model SDK in its dependency tree, not even for tests");
  }

  private static String sdk(String scope) {
    return "<dependency><groupId>com.anthropic</groupId><artifactId>anthropic-java</artifactId>"
        + "<scope>"
        + scope
        + "</scope></dependency>";
  }

  /** Runs {@code mvn -o validate} on a module {@code dir/probe} inheriting the project's pom. */
  private Validation validate(String properties, String dependency) throws Exception {
    Path mvn = onPath("mvn").orElse(null);
    Assumptions.assumeTrue(mvn != null, "skipped: no mvn on PATH to validate a scratch module");
    Path probe = Files.createDirectories(dir.resolve("probe"));
    Path parentPom = Cli.projectRoot().resolve("pom.xml").toAbsolutePath().normalize();
    Files.writeString(
        probe.resolve("pom.xml"), pom(probe.relativize(parentPom), properties, dependency));
    Path log = dir.resolve("mvn.log");
    Process p =
        new ProcessBuilder(mvn.toString(), "-B", "-o", "-q", "-ntp", "validate")
            .directory(probe.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    if (!p.waitFor(DEADLINE_SECONDS, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("mvn validate did not end within " + DEADLINE_SECONDS + " s");
    }
    String output = Files.readString(log, StandardCharsets.UTF_8);
    return new Validation(
        p.exitValue(), output.substring(0, Math.min(output.length(), MAX_OUTPUT_CHARS)));
  }

  private static String pom(Path parentPom, String properties, String dependency) {
    return String.join(
        "\n",
        "<project xmlns=\"http://maven.apache.org/POM/4.0.0\">",
        "  <modelVersion>4.0.0</modelVersion>",
        "  <parent>",
        "    <groupId>dev.apex</groupId>",
        "    <artifactId>apex-parent</artifactId>",
        "    <version>0.1.0-SNAPSHOT</version>",
        "    <relativePath>" + parentPom + "</relativePath>",
        "  </parent>",
        "  <artifactId>cut-probe</artifactId>",
        "  " + properties,
        "  <dependencies>" + dependency + "</dependencies>",
        "</project>",
        "");
  }

  private static Optional<Path> onPath(String name) {
    String path = System.getenv("PATH");
    if (path == null) {
      return Optional.empty();
    }
    return Arrays.stream(path.split(File.pathSeparator))
        .map(d -> Path.of(d, name))
        .filter(Files::isExecutable)
        .findFirst();
  }
}
