package dev.apex.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** M1 in CI: no change may make the encoding fatter than its goals, or cut a text to meet them. */
class CompressionTest {

  private static final CompressionResult RESULT = Compression.measure(RealDumps.all());

  @Test
  void measuresEveryDumpOfTheManifest() {
    assertThat(RESULT.rows())
        .extracting(CompressionResult.Row::dump)
        .containsExactlyElementsOf(RealDumps.all().stream().map(Dump::file).toList());
    assertThat(RESULT.rows()).allSatisfy(r -> assertThat(r.rawTokens()).isPositive());
  }

  @Test
  void medianCompressionIsAtMostOneTwentyFifth() {
    assertThat(RESULT.medianRatio()).isLessThanOrEqualTo(CompressionResult.MEDIAN_RATIO_GOAL);
  }

  @Test
  void structuralOverheadIsAtMostOneTwelfthOnEveryDump() {
    for (CompressionResult.Row row : RESULT.rows()) {
      assertThat(row.overhead())
          .as("structural overhead of %s", row.dump())
          .isLessThanOrEqualTo(CompressionResult.OVERHEAD_GOAL);
    }
  }

  @Test
  void everyTextIsCarriedWhole() {
    assertThat(RESULT.texts()).isPositive();
    assertThat(RESULT.textsWhole()).isEqualTo(RESULT.texts());
  }

  @Test
  void goalsReportWhatTheFiguresSay() {
    List<Goal> goals = RESULT.goals();
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
