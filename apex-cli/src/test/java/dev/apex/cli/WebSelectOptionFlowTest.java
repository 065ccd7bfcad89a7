package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.testkit.RecordingSleeper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code select_option} in a flow on a real page in headless Chromium: the list found by its label
 * and by its id, the option by visible text and by value, the page's change handler seen by the
 * next step.
 */
@Tag("e2e")
class WebSelectOptionFlowTest {

  static final String FLOW =
      """
      name: Choose a plan
      steps:
        - select_option: { text: "Plan", option: "Team" }
        - assert_visible: { text: "Team chosen" }
        - select_option: { element: "plan", option: "free" }
        - assert_visible: { text: "Free chosen" }
      """;

  @RegisterExtension static final FormSite site = FormSite.forTests();

  @TempDir Path dir;

  private Cli.Result apex(String... args) {
    return Cli.run(Wiring.DEFAULT.withSleeper(new RecordingSleeper()), Map.of(), args);
  }

  @Test
  void describeShowsTheListsOptions() {
    Cli.Result r = apex("describe", "--device", "web:" + site.url("/plans"), "--no-ocr");

    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out())
        .containsPattern("\\d+ dropdown @\\d+,\\d+ Pro \\| options: Free, Pro, Team");
  }

  @Test
  void aFlowPicksByTextAndByValueAndThePageSeesEachChange() throws Exception {
    Path flow = Files.writeString(dir.resolve("plan.yaml"), FLOW);

    Cli.Result run =
        apex(
            Cli.withDb(
                dir.resolve("timeline.db"),
                "run",
                "--device",
                "web:" + site.url("/plans"),
                "--flow",
                flow.toString(),
                "--no-ocr"));

    assertThat(run.exit()).as(run.out() + run.err()).isZero();
    assertThat(run.out())
        .contains("step  1  ok      select_option")
        .contains("step  4  ok      assert_visible text=\"Free chosen\"")
        .contains("SUCCEEDED");
  }
}
