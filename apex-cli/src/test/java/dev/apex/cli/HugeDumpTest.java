package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile and huge dumps through {@code apex describe --from-dump} in a child JVM with a 256 MB
 * heap: a 100,000-level chain is refused with one line and exit 2, and dumps just under the depth
 * limit or 100,000 nodes wide are described in that same heap.
 */
@Tag("e2e")
class HugeDumpTest {

  private static final String HEAP = "-Xmx256m";

  @TempDir Path dir;

  record Child(int exit, String out, List<String> err) {}

  @Test
  @Timeout(300)
  void aDumpNested100000LevelsDeepIsRefusedWithOneLine() throws Exception {
    Path dump = chain(dir.resolve("deep.xml"), 100_000);

    Child r = describe(dump);

    assertThat(r.err())
        .singleElement()
        .asString()
        .startsWith("apex: uiautomator dump nests deeper than 1000 levels at line ")
        .contains("APEX_PERCEPTION_MAX_DEPTH");
    assertThat(r.exit()).isEqualTo(2);
  }

  @Test
  @Timeout(300)
  void dumpsJustUnderTheLimitAndVeryWideOnesAreDescribedInTheSameHeap() throws Exception {
    Child deep = describe(chain(dir.resolve("deep.xml"), 999));
    Child wide = describe(wide(dir.resolve("wide.xml"), 100_000));

    assertThat(deep.err()).isEmpty();
    assertThat(deep.exit()).isZero();
    assertThat(deep.out()).contains("@540,960 level 999");
    assertThat(wide.err()).isEmpty();
    assertThat(wide.exit()).isZero();
    assertThat(wide.out()).contains(" row 99999");
  }

  @Test
  @Timeout(300)
  void aDumpAsDeepAsAllowedAndVeryWideIsDescribedInTheSameHeap() throws Exception {
    // 150,000 leaves under a 999-level chain: with each node holding its whole path as text
    // (2,000 characters here) this needed over 300 MB; linked paths need a few bytes a node.
    Path dump = dir.resolve("deep-wide.xml");
    try (Writer out = Files.newBufferedWriter(dump, StandardCharsets.UTF_8)) {
      out.write("<?xml version='1.0' encoding='UTF-8'?>\n<hierarchy rotation=\"0\">\n");
      for (int i = 0; i < 999; i++) {
        out.write("<node bounds=\"[0,0][1080,1920]\">");
      }
      for (int i = 0; i < 150_000; i++) {
        out.write("<node text=\"leaf " + i + "\" clickable=\"true\" bounds=\"[0,0][90,90]\"/>\n");
      }
      for (int i = 0; i < 999; i++) {
        out.write("</node>");
      }
      out.write("</hierarchy>\n");
    }

    Child r = describe(dump);

    assertThat(r.err()).isEmpty();
    assertThat(r.exit()).isZero();
    assertThat(r.out()).contains(" leaf 149999");
  }

  /** {@code depth} nested nodes, each labelled with its level, under {@code <hierarchy>}. */
  private static Path chain(Path file, int depth) throws IOException {
    try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      out.write("<?xml version='1.0' encoding='UTF-8'?>\n<hierarchy rotation=\"0\">\n");
      for (int i = 1; i <= depth; i++) {
        out.write("<node text=\"level " + i + "\" bounds=\"[0,0][1080,1920]\">\n");
      }
      for (int i = 0; i < depth; i++) {
        out.write("</node>");
      }
      out.write("</hierarchy>\n");
    }
    return file;
  }

  /** One list with {@code rows} clickable rows, all on screen. */
  private static Path wide(Path file, int rows) throws IOException {
    try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      out.write("<?xml version='1.0' encoding='UTF-8'?>\n<hierarchy rotation=\"0\">\n");
      out.write("<node class=\"android.widget.ListView\" bounds=\"[0,0][1080,1920]\">\n");
      for (int i = 0; i < rows; i++) {
        int x = i % 1000;
        int y = (i / 1000) * 19;
        out.write(
            "<node class=\"android.widget.TextView\" text=\"row "
                + i
                + "\" clickable=\"true\" bounds=\"["
                + x
                + ","
                + y
                + "]["
                + (x + 80)
                + ","
                + (y + 19)
                + "]\"/>\n");
      }
      out.write("</node></hierarchy>\n");
    }
    return file;
  }

  private Child describe(Path dump) throws Exception {
    Path out = Files.createTempFile(dir, "out", ".txt");
    Path err = Files.createTempFile(dir, "err", ".txt");
    ProcessBuilder builder =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                HEAP,
                "-cp",
                System.getProperty("java.class.path"),
                ApexCli.class.getName(),
                "describe",
                "--from-dump",
                dump.toString(),
                "--platform",
                "android")
            .redirectOutput(out.toFile())
            .redirectError(err.toFile());
    builder.environment().put("APEX_HOME", dir.resolve("home").toString());
    Process child = builder.start();
    try {
      if (!child.waitFor(240, TimeUnit.SECONDS)) {
        throw new AssertionError("apex describe did not finish");
      }
      return new Child(
          child.exitValue(),
          Files.readString(out, StandardCharsets.UTF_8),
          Files.readAllLines(err, StandardCharsets.UTF_8));
    } finally {
      child.destroyForcibly();
    }
  }
}
