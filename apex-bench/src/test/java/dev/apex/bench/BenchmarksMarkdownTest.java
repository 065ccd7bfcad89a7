package dev.apex.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchmarksMarkdownTest {

  @TempDir Path tmp;

  @Test
  void rendersGoalsMachineCommandAndATablePerFigure() {
    BenchReport report = Reports.sample(false);

    String md = BenchmarksMarkdown.render(report);

    assertThat(md)
        .startsWith("# Benchmarks\n")
        .contains("## Goals", "**Every goal is met.**", "## Machine", "AMD EPYC", "## Reproduce")
        .contains("./apex bench --quick", "./apex bench --check");
    for (MetricResult metric : report.metrics()) {
      assertThat(md).contains("## " + metric.id() + " — " + metric.title());
      for (Table table : metric.tables()) {
        assertThat(md).contains("**" + table.caption() + "**");
      }
    }
    for (Goal goal : report.goals()) {
      assertThat(md).contains("| " + goal.name().replace("|", "\\|") + " |");
    }
  }

  @Test
  void saysHowManyGoalsWereMissed() {
    String md = BenchmarksMarkdown.render(Reports.sample(true));

    assertThat(md).contains("**1 goal(s) missed**").contains("**missed**");
  }

  @Test
  void escapesPipesInsideCells() {
    String md = BenchmarksMarkdown.render(Reports.sample(false));

    assertThat(md).contains("`ios/b \\| c.xml`").doesNotContain("`ios/b | c.xml`");
  }

  @Test
  void everyTableRowHasAsManyCellsAsItsHeader() {
    String md = BenchmarksMarkdown.render(Reports.sample(false));
    int columns = -1;
    for (String line : md.split("\n")) {
      if (!line.startsWith("|")) {
        columns = -1;
        continue;
      }
      int cells = line.replace("\\|", "").split("\\|", -1).length - 2;
      if (columns < 0) {
        columns = cells;
      }
      assertThat(cells).as(line).isEqualTo(columns);
    }
  }

  @Test
  void writeReplacesTheFileWithTheRendering() throws IOException {
    Path file = tmp.resolve("BENCHMARKS.md");
    Files.writeString(file, "old");
    BenchReport report = Reports.sample(false);

    BenchmarksMarkdown.write(report, file);

    assertThat(Files.readString(file, StandardCharsets.UTF_8))
        .isEqualTo(BenchmarksMarkdown.render(report));
    try (var files = Files.list(tmp)) {
      assertThat(files).containsExactly(file);
    }
  }

  @Test
  void theDefaultFileIsAtTheProjectRoot() throws IOException {
    Path root = tmp.resolve("project");
    Files.createDirectories(root.resolve("apex-bench/src"));
    Files.writeString(root.resolve("pom.xml"), "<project/>");

    assertThat(BenchmarksMarkdown.defaultFile(root.resolve("apex-bench/src"), false))
        .isEqualTo(root.resolve("BENCHMARKS.md"));
  }

  @Test
  void aQuickRunWritesItsOwnFileAndNeverTheTrackedOne() throws IOException {
    Path root = tmp.resolve("project");
    Files.createDirectories(root.resolve("apex-bench"));
    Files.writeString(root.resolve("pom.xml"), "<project/>");
    Files.writeString(root.resolve("BENCHMARKS.md"), "full-run figures");
    BenchReport quick = Reports.sample(false);
    assertThat(quick.options().quick()).isTrue();

    Path file = BenchmarksMarkdown.defaultFile(root.resolve("apex-bench"), true);
    BenchmarksMarkdown.write(quick, file);

    assertThat(file).isEqualTo(root.resolve("target/benchmarks-quick.md")).exists();
    assertThatThrownBy(() -> BenchmarksMarkdown.write(quick, root.resolve("BENCHMARKS.md")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("only a full run");
    assertThat(root.resolve("BENCHMARKS.md")).hasContent("full-run figures");
  }
}
