package dev.apex.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BenchReportTest {

  @Test
  void listsTheMetricsInOrder() {
    assertThat(Reports.sample(false).metrics())
        .extracting(MetricResult::id)
        .containsExactly("M1", "M2", "M3", "M4", "M5", "M6", "M7", "M8", "M9", "M10", "M11");
  }

  @Test
  void aMissedAimDoesNotFailTheCheck() {
    BenchReport report = Reports.sample(false);

    assertThat(report.goals()).anyMatch(g -> !g.required() && !g.met());
    assertThat(report.goalsMet()).isTrue();
    assertThat(report.missedGoals()).isEmpty();
  }

  @Test
  void aMissedGoalFailsTheCheckAndIsNamed() {
    BenchReport report = Reports.sample(true);

    assertThat(report.goalsMet()).isFalse();
    assertThat(report.missedGoals())
        .singleElement()
        .satisfies(
            g -> {
              assertThat(g.metric()).isEqualTo("M1");
              assertThat(g.measured()).isEqualTo("1/10.0");
            });
  }

  @Test
  void findsAMetricById() {
    assertThat(Reports.sample(false).metric("M4")).get().isInstanceOf(FusionScalingResult.class);
    assertThat(Reports.sample(false).metric("M9")).get().isInstanceOf(OcrCostResult.class);
    assertThat(Reports.sample(false).metric("M10")).get().isInstanceOf(SmallContextFitResult.class);
    assertThat(Reports.sample(false).metric("M11")).get().isInstanceOf(FleetLoadResult.class);
    assertThat(Reports.sample(false).metric("M12")).isEmpty();
  }

  @Test
  void theCommandReproducesTheOptions() {
    assertThat(new BenchOptions(false, false, null).command()).isEqualTo("./apex bench");
    assertThat(new BenchOptions(true, true, java.nio.file.Path.of("d")).command())
        .isEqualTo("./apex bench --quick --check --data d");
  }
}
