package dev.apex.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.testkit.TestData;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Runs the quick harness end to end on the real dumps and the sim. Asserts only that every metric
 * is there and rendered — never a duration or a goal that depends on one.
 */
@Tag("e2e")
class BenchSmokeTest {

  @Test
  void theQuickRunReportsEveryMetricAndRendersEachTable() {
    StringWriter progress = new StringWriter();

    BenchReport report =
        Bench.run(new BenchOptions(true, false, TestData.dir()), new PrintWriter(progress));

    assertThat(report.metrics())
        .extracting(MetricResult::id)
        .containsExactly("M1", "M2", "M3", "M4", "M5", "M6", "M7", "M8", "M9", "M10", "M11");
    assertThat(report.compression().rows()).hasSize(RealDumps.all().size());
    assertThat(report.smallContext().fits()).isTrue();
    assertThat(progress.toString()).contains("M10 small-context fit");
    assertThat(report.stepOverhead().rows()).hasSize(RealDumps.all().size());
    assertThat(report.fusionScaling().steps()).hasSize(1);
    assertThat(report.loopOverhead().variants()).hasSize(2);
    assertThat(report.mcp().screens()).hasSize(RealDumps.all().size());
    assertThat(report.webTasks().runs()).extracting(r -> r.task()).isEqualTo(WebTasks.quick());
    assertThat(report.goals()).extracting(Goal::metric).contains("M1", "M2", "M3", "M4");

    String md = BenchmarksMarkdown.render(report);
    for (MetricResult metric : report.metrics()) {
      assertThat(md).contains("## " + metric.id());
      for (Table table : metric.tables()) {
        assertThat(md).contains(table.caption());
      }
    }
    assertThat(progress.toString()).contains("M1", "M2", "M3", "M4", "M5", "M6", "M7", "M8", "M9");
    assertThat(report.mcp().tasks().rows())
        .extracting(McpCostResult.TaskRow::task)
        .containsExactly("sim Wi-Fi", "click-checkboxes", "login-user", "click-tab");
    assertThat(report.goals()).extracting(Goal::metric).contains("M6");
    assertThat(md).contains("append the same step on PostgreSQL");
    // A quick run never starts the fleet, and says so.
    assertThat(report.fleet().fleet()).isNull();
    assertThat(md).contains("not measured: not run by --quick");
    String postgres = TimelineAppend.postgresUrl(System.getenv());
    if (postgres != null) {
      // The server is measured, and its user and password shown nowhere.
      assertThat(report.stepOverhead().append().postgres().wasMeasured())
          .as(report.stepOverhead().append().postgres().why())
          .isTrue();
      String userInfo =
          postgres.substring(postgres.indexOf("://") + 3, postgres.lastIndexOf('@') + 1);
      assertThat(md).doesNotContain(userInfo);
      assertThat(progress.toString())
          .contains(TimelineAppend.where(postgres))
          .doesNotContain(userInfo);
    } else {
      assertThat(md).contains("not measured: set " + TimelineAppend.ENV);
    }
  }
}
