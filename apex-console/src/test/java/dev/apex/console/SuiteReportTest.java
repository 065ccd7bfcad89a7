package dev.apex.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.Secrets;
import dev.apex.storage.SqliteTimeline;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The suite report: every flow, the failed flow's screens inline, nothing that could load. */
class SuiteReportTest {

  private static final String LATE_SECRET = "sk-ant-api03-suitereportlatesecret123456";

  @TempDir Path dir;

  @Test
  void everyFlowIsShownAndOnlyTheFailedOneHasItsStepsAndScreens() {
    String html;
    try (SqliteTimeline timeline = SqliteTimeline.open(dir.resolve("t.db"))) {
      SuiteResult suite = SuiteReportFixture.run(timeline, "a");
      Secrets.register(LATE_SECRET);
      SuiteResult withSecret =
          new SuiteResult(
              suite.suiteId(),
              suite.title() + " " + LATE_SECRET,
              suite.startedAt(),
              suite.took(),
              suite.cases());
      html = new String(SuiteReport.render(timeline, withSecret, "9.9.9"), StandardCharsets.UTF_8);
    }

    assertThat(html).contains("id=\"flow-1\"", "id=\"flow-2\"", "id=\"flow-3\"");
    assertThat(html).contains("SUCCEEDED", "FAILED", "SKIPPED", "not run: cancelled: SIGINT");
    assertThat(html).contains("id=\"failed-2\"").doesNotContain("id=\"failed-1\"");
    assertThat(html).contains("step 2 (launch_app) failed after 1 attempt(s)");
    // The failed flow's two steps with their screens, and the screen it left.
    assertThat(html.split("<li class=\"step", -1)).hasSize(3);
    assertThat(html).contains("data:image/");
    assertThat(html).doesNotContain("<script").doesNotContain("<img src=x");
    assertThat(html).contains("&lt;script&gt;alert(1)&lt;/script&gt;");
    assertThat(html).doesNotContain(LATE_SECRET).contains(Secrets.MASK);
    assertThat(html).doesNotContainPattern("(?i)<script|<link|<iframe|<object|<embed|url\\(");
    assertThat(html).contains("content=\"" + SuiteReport.CSP + "\"");
  }
}
