package dev.apex.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** M9's goals and tables from given figures: what counts toward the goal and what is reported. */
class OcrCostResultTest {

  private static OcrCostResult.Row row(String screen, boolean hasText, double on, double off) {
    return new OcrCostResult.Row(screen, hasText, on, off, off / 2, 300e6);
  }

  @Test
  void goalsSumTheMediansOfScreensWhoseTreeHasTheTextOnly() {
    OcrCostResult result =
        new OcrCostResult(
            true,
            List.of(row("launcher", true, 110e3, 100e3), row("blind", false, 150e6, 300e3)),
            List.of(
                row("click-button", true, 60e6, 50e6),
                row("enter-text", true, 40e6, 50e6),
                row("read-canvas", false, 290e6, 80e6)),
            null,
            List.of());

    assertThat(result.goals())
        .extracting(Goal::name, Goal::measured, Goal::met)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(
                "sim: OCR default ÷ off where the tree has the text (the screens' medians summed)",
                "1.10×",
                true),
            org.assertj.core.groups.Tuple.tuple(
                "web pages: OCR default ÷ off where the tree has the text (the screens' medians"
                    + " summed)",
                "1.00×",
                true));
  }

  @Test
  void aSlowDefaultMissesTheGoal() {
    OcrCostResult result =
        new OcrCostResult(
            true, List.of(row("launcher", true, 130e3, 100e3)), List.of(), null, List.of());

    assertThat(result.goals()).singleElement().extracting(Goal::met).isEqualTo(false);
  }

  @Test
  void withoutTesseractTheGoalIsNotMeasuredButCapturesAreReported() {
    OcrCostResult result =
        new OcrCostResult(
            false,
            List.of(),
            List.of(),
            "Chromium did not start: not installed",
            List.of(
                new OcrCostResult.CaptureRow(
                    "Android (fake adb server)", "settings.xml", 17_800, 1_400_000, 2.7e6, 1.2e6)));

    assertThat(result.goals())
        .singleElement()
        .satisfies(
            g -> {
              assertThat(g.required()).isFalse();
              assertThat(g.measured()).isEqualTo("not measured (no tesseract)");
            });
    Table captures = result.tables().get(result.tables().size() - 1);
    assertThat(captures.caption()).contains("Chromium did not start: not installed");
    assertThat(captures.rows())
        .containsExactly(
            List.of(
                "Android (fake adb server)",
                "`settings.xml`",
                "17.4 KiB",
                "1.34 MiB",
                "2.70 ms",
                "1.20 ms",
                "1.50 ms"));
  }
}
