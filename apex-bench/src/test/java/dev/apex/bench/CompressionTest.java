package dev.apex.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** M1 in CI: no change may make the encoding fatter than its goals, or cut a text to meet them. */
class CompressionTest {

  private static CompressionResult result;

  /**
   * Measured once, on first use: in a static initializer, a missing shared-data folder would be an
   * ExceptionInInitializerError instead of the skip the test kit gives.
   */
  private static synchronized CompressionResult result() {
    if (result == null) {
      result = Compression.measure(RealDumps.all());
    }
    return result;
  }

  @Test
  void measuresEveryDumpOfTheManifest() {
    assertThat(result().rows())
        .extracting(CompressionResult.Row::dump)
        .containsExactlyElementsOf(RealDumps.all().stream().map(Dump::file).toList());
    assertThat(result().rows()).allSatisfy(r -> assertThat(r.rawTokens()).isPositive());
  }

  @Test
  void medianCompressionIsAtMostOneTwentyFifth() {
    assertThat(result().medianRatio()).isLessThanOrEqualTo(CompressionResult.MEDIAN_RATIO_GOAL);
  }

  @Test
  void structuralOverheadIsAtMostOneTwelfthOnEveryDump() {
    for (CompressionResult.Row row : result().rows()) {
      assertThat(row.overhead())
          .as("structural overhead of %s", row.dump())
          .isLessThanOrEqualTo(CompressionResult.OVERHEAD_GOAL);
    }
  }

  @Test
  void everyTextIsCarriedWhole() {
    assertThat(result().texts()).isPositive();
    assertThat(result().textsWhole()).isEqualTo(result().texts());
  }

  @Test
  void goalsReportWhatTheFiguresSay() {
    List<Goal> goals = result().goals();
    assertThat(goals).hasSize(3).allSatisfy(g -> assertThat(g.metric()).isEqualTo("M1"));
    assertThat(goals).allMatch(Goal::met);
  }

  @Test
  void overheadIsTheEncodingsTokensAroundTheSameTexts() {
    CompressionResult.Row row = new CompressionResult.Row("x", 10, 1_000, 100, 40, 4, 4);

    assertThat(row.ratio()).isEqualTo(0.1);
    assertThat(row.overhead()).isEqualTo(60.0 / 960);
  }
}
