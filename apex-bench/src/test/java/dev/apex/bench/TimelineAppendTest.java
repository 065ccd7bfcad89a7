package dev.apex.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which PostgreSQL server M3 appends to, how it is shown, and the row when there is none. */
class TimelineAppendTest {

  private static final String URL = "postgresql://apex:s3cr3t-Pa55@127.0.0.1:5433/apex_bench";

  @Test
  void theBenchsVariableWinsOverTheTestsOne() {
    assertThat(
            TimelineAppend.postgresUrl(
                Map.of(TimelineAppend.ENV, URL, TimelineAppend.TEST_ENV, "postgresql://h/other")))
        .isEqualTo(URL);
    assertThat(TimelineAppend.postgresUrl(Map.of(TimelineAppend.TEST_ENV, " " + URL + " ")))
        .isEqualTo(URL);
    assertThat(TimelineAppend.postgresUrl(Map.of(TimelineAppend.ENV, " "))).isNull();
    assertThat(TimelineAppend.postgresUrl(Map.of())).isNull();
  }

  @Test
  void theServerIsShownWithoutUserPasswordOrParameters() {
    assertThat(TimelineAppend.where(URL)).isEqualTo("postgresql://127.0.0.1:5433/apex_bench");
    assertThat(TimelineAppend.where("postgresql://u:p@ss:w@db.local:5432/x?password=hunter2"))
        .isEqualTo("postgresql://db.local:5432/x");
    assertThat(TimelineAppend.where("not a url with s3cr3t")).isEqualTo("postgresql://?");
  }

  @Test
  void aMeasuredAppendIsATableRowNamingTheServerButNotItsPassword() {
    TimelineAppend.Result result =
        new TimelineAppend.Result(
            42_000,
            Reports.measured(3_000_000),
            Reports.measured(2_000_000),
            TimelineAppend.Postgres.measured(
                TimelineAppend.where(URL), Reports.measured(5_000_000, 9_000_000)));

    String md = BenchmarksMarkdown.render(Reports.withAppend(result));

    assertThat(md)
        .contains("append the same step on PostgreSQL (`postgresql://127.0.0.1:5433/apex_bench`")
        .doesNotContain("s3cr3t")
        .doesNotContain("apex:");
  }

  @Test
  void withoutAServerTheRowSaysWhichVariableToSet() {
    TimelineAppend.Result result =
        new TimelineAppend.Result(42_000, Reports.measured(3_000_000), Reports.measured(2_000_000));

    String md = BenchmarksMarkdown.render(Reports.withAppend(result));

    assertThat(md)
        .contains("append the same step on PostgreSQL: not measured: set APEX_BENCH_POSTGRES");
  }

  @Test
  void anUnreachableServerIsNamedWithoutItsPassword() {
    TimelineAppend.Result result =
        TimelineAppend.measure(
            Harness.Plan.fixed(0, 1),
            dev.apex.perception.SceneBuilder.build(
                dev.apex.perception.TreeParsers.parse(RealDumps.all().get(0).capture()),
                java.util.List.of()),
            new dev.apex.world.WorldModel().state(),
            new byte[] {1, 2, 3},
            "postgresql://apex:s3cr3t-Pa55@127.0.0.1:1/nowhere?connectTimeout=1");

    assertThat(result.postgres().wasMeasured()).isFalse();
    assertThat(result.postgres().why())
        .startsWith("not measured: postgresql://127.0.0.1:1/nowhere could not be opened: ")
        .doesNotContain("s3cr3t");
  }
}
