package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.RawCapture;
import dev.apex.device.ForwardingDevice;
import dev.apex.testkit.RecordingSleeper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tap acts on a settled screen, on real headless Chromium: the page's Submit button moves after
 * each of the first two captures ({@link FormSite#SLIDING}), and the flow's tap must land on it
 * where it stopped for the page to say "clicked". Retry and settle pauses go to a recording
 * sleeper, so nothing really waits.
 */
@Tag("e2e")
class TapSettleWebTest {

  static final String FLOW =
      """
      name: Submit the sliding button
      steps:
        - tap: { text: "Submit" }
        - assert_visible: { text: "clicked", timeout_ms: 1000 }
      """;

  @RegisterExtension static final FormSite site = FormSite.forTests();

  @TempDir Path dir;

  private final RecordingSleeper sleeper = new RecordingSleeper();
  private final AtomicInteger captures = new AtomicInteger();

  /** The real web device, its captures counted. */
  private Wiring counting() {
    return Wiring.DEFAULT
        .withSleeper(sleeper)
        .withDevices(
            (selector, adb, caps) ->
                new ForwardingDevice(Devices.open(selector, adb, caps)) {
                  @Override
                  public RawCapture capture() {
                    captures.incrementAndGet();
                    return super.capture();
                  }

                  // The settle checks read the tree alone.
                  @Override
                  public RawCapture captureTree() {
                    captures.incrementAndGet();
                    return super.captureTree();
                  }
                });
  }

  private Path db() {
    return dir.resolve("timeline.db");
  }

  /** {@code apex run} of {@code flowText} on the sliding page, through {@link #counting()}. */
  private Cli.Result runOnSlidingPage(String flowText) throws Exception {
    Path flow = dir.resolve("sliding.yaml");
    Files.writeString(flow, flowText);
    return Cli.run(
        counting(),
        Map.of(),
        Cli.withDb(
            db(),
            "run",
            "--device",
            "web:" + site.url("/sliding"),
            "--flow",
            flow.toString(),
            "--no-ocr"));
  }

  @Test
  void aTapWaitsForTheButtonToStopAndThePageReceivesTheClick() throws Exception {
    Cli.Result run = runOnSlidingPage(FLOW);

    assertThat(run.exit()).as(run.out() + run.err()).isZero();
    assertThat(run.out()).contains("SUCCEEDED");
    JsonNode task = Cli.timeline(db(), Cli.taskIds(run.out()).get(0));
    List<JsonNode> steps = Cli.steps(task);
    JsonNode tap = steps.get(0).at("/result/output");
    // Planned on the first capture (the button at 20..180 CSS px); seen at 320, at 620, at 620.
    assertThat(tap.get("x").asInt()).as("the centre of its final place").isEqualTo(700);
    assertThat(tap.has("note")).as("it did settle").isFalse();
    assertThat(captures.get()).isGreaterThanOrEqualTo(4);
    assertThat(sleeper.sleeps()).isNotEmpty();
  }

  @Test
  void aZeroBoundTapsAtOnceAndTheClickIsLost() throws Exception {
    Cli.Result run =
        runOnSlidingPage(
            FLOW.replace("{ text: \"Submit\" }", "{ text: \"Submit\", settle_ms: 0 }"));

    // What a tap did before it waited for the element: the old position, a lost click.
    assertThat(run.exit()).as(run.out() + run.err()).isEqualTo(1);
    assertThat(run.out()).contains("assert_visible").contains("FAILED");
  }
}
