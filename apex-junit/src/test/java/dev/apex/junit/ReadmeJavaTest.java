package dev.apex.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's "Use it from Java" program, exactly as written: the first {@code java} block of that
 * section is compiled against this module's test classpath (every apex module) and run from the
 * repository root, as a reader would, so the README cannot go stale.
 */
class ReadmeJavaTest {

  private static final String SECTION = "## Use it from Java";

  @TempDir Path dir;

  @Test
  @Tag("e2e")
  void theFirstJavaBlockOfUseItFromJavaCompilesAndTurnsWifiOn() throws Exception {
    Path root = ApexExtensionTest.projectRoot().toAbsolutePath().normalize();
    String program = firstJavaBlock(Files.readString(root.resolve("README.md")));
    Matcher name = Pattern.compile("public class (\\w+)").matcher(program);
    assertThat(name.find()).as("the block declares a public class").isTrue();
    Path source = dir.resolve(name.group(1) + ".java");
    Files.writeString(source, program);
    String classpath = System.getProperty("java.class.path");

    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    ByteArrayOutputStream errors = new ByteArrayOutputStream();
    int compiled =
        javac.run(
            null, errors, errors, "-classpath", classpath, "-d", dir.toString(), source.toString());
    assertThat(compiled).as(errors.toString(StandardCharsets.UTF_8)).isZero();

    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process process =
        new ProcessBuilder(java, "-cp", dir + File.pathSeparator + classpath, name.group(1))
            .directory(root.toFile())
            .redirectErrorStream(true)
            .start();
    String output;
    try (InputStream in = process.getInputStream()) {
      boolean ended = process.waitFor(2, TimeUnit.MINUTES);
      if (!ended) {
        process.destroyForcibly();
      }
      output = new String(in.readNBytes(1 << 20), StandardCharsets.UTF_8);
      assertThat(ended).as("the program ended within 2 minutes: " + output).isTrue();
    }
    assertThat(process.exitValue()).as(output).isZero();
    assertThat(output)
        .contains("SUCCEEDED: goal reached after 4 step(s)")
        .contains("world: app com.android.settings, task ");
  }

  @Test
  void theSectionGivesTheCoordinatesAndSaysWhereTheArtifactsComeFrom() throws IOException {
    String readme = Files.readString(ApexExtensionTest.projectRoot().resolve("README.md"));
    String section = readme.substring(readme.indexOf(SECTION));
    assertThat(section)
        .contains("<groupId>dev.apex</groupId><artifactId>apex-runtime</artifactId>")
        .contains("0.1.0-SNAPSHOT")
        .contains("mvn -B install")
        .contains("not published");
  }

  /** The first {@code ```java} block after the section's heading. */
  static String firstJavaBlock(String readme) {
    int at = readme.indexOf("\n" + SECTION + "\n");
    assertThat(at).as("README has the section '" + SECTION + "'").isNotNegative();
    int open = readme.indexOf("\n```java\n", at);
    int close = readme.indexOf("\n```\n", open + 1);
    assertThat(open).isNotNegative();
    return readme.substring(open + "\n```java\n".length(), close + 1);
  }
}
