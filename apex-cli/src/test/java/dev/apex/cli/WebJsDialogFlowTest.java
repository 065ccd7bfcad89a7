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
 * A page that asks a JavaScript {@code confirm()} while it loads, through the CLI on real headless
 * Chromium: {@code describe} opens it and shows the dialog with its buttons, and a flow launches
 * it, answers Cancel by tapping the button's text and sees the page's answer.
 */
@Tag("e2e")
class WebJsDialogFlowTest {

  static final String FLOW =
      """
      name: Keep the file
      steps:
        - launch_app: %s
        - assert_visible: { text: "Delete the file?" }
        - tap: { text: "Cancel" }
        - assert_visible: { text: "Kept" }
      """;

  @RegisterExtension static final FormSite site = FormSite.forTests();

  @TempDir Path dir;

  private Cli.Result apex(String... args) {
    return Cli.run(Wiring.DEFAULT.withSleeper(new RecordingSleeper()), Map.of(), args);
  }

  @Test
  void describeOpensAPageThatConfirmsWhileLoadingAndShowsTheDialog() {
    Cli.Result r = apex("describe", "--device", "web:" + site.url("/confirm"), "--no-ocr");

    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out())
        .containsPattern("\\d+ dialog @\\d+,\\d+ Delete the file\\?")
        .containsPattern("\\d+ tap @\\d+,\\d+ OK")
        .containsPattern("\\d+ tap @\\d+,\\d+ Cancel")
        .doesNotContain("Waiting");
  }

  @Test
  void aFlowLaunchesThePageAndAnswersTheDialog() throws Exception {
    Path flow = Files.writeString(dir.resolve("keep.yaml"), FLOW.formatted(site.url("/confirm")));

    Cli.Result run =
        apex(
            Cli.withDb(
                dir.resolve("timeline.db"),
                "run",
                "--device",
                "web:" + site.url("/form"),
                "--flow",
                flow.toString(),
                "--no-ocr"));

    assertThat(run.exit()).as(run.out() + run.err()).isZero();
    assertThat(run.out())
        .contains("step  3  ok      tap")
        .contains("step  4  ok      assert_visible text=\"Kept\"")
        .contains("SUCCEEDED");
  }
}
