package dev.apex.runtime.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.RawCapture;
import dev.apex.core.TaskStatus;
import dev.apex.device.ForwardingDevice;
import dev.apex.device.sim.SimDevice;
import dev.apex.perception.OcrBox;
import dev.apex.perception.OcrEngine;
import dev.apex.runtime.TaskListener;
import dev.apex.runtime.flow.Flow;
import dev.apex.testkit.FakeClock;
import dev.apex.testkit.RecordingSleeper;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A screenshot is taken only when something uses it: OCR, or a recorder of the steps (a timeline
 * keeps them for playback; a listener may read them). Otherwise observations, element waits' polls
 * and settle checks capture the tree alone.
 */
class CaptureWhatIsUsedTest {

  /** The sim, counting full and tree-only captures. */
  private static final class Counting extends ForwardingDevice {
    int full;
    int tree;

    Counting() {
      super(SimDevice.create(new FakeClock()));
    }

    @Override
    public RawCapture capture() {
      full++;
      return super.capture();
    }

    @Override
    public RawCapture captureTree() {
      tree++;
      RawCapture c = super.captureTree();
      assertThat(c.hasScreenshot()).as("a tree-only capture").isFalse();
      return c;
    }
  }

  /** Reads no text, but is there: perception wants the screenshot. */
  private static final OcrEngine AVAILABLE =
      new OcrEngine() {
        @Override
        public List<OcrBox> recognize(byte[] png) {
          return List.of();
        }

        @Override
        public boolean available() {
          return true;
        }
      };

  private static final String FLOW =
      """
      name: Wi-Fi page
      steps:
        - launch_app: com.android.settings
        - tap: "Wi-Fi"
        - assert_visible: "Wi-Fi"
      """;

  private static AgentBuilder agent(Counting device, OcrEngine ocr) {
    FakeClock clock = new FakeClock();
    return Agent.builder()
        .device(device)
        .ocr(ocr)
        .clock(clock)
        .sleeper(new RecordingSleeper(clock));
  }

  private static void run(Agent agent) {
    AgentOutcome outcome = agent.run(Flow.parse(FLOW, "wifi.yaml", agent.tools()));
    assertThat(outcome.status()).as(outcome.reason()).isEqualTo(TaskStatus.SUCCEEDED);
  }

  @Test
  void withoutOcrOrARecorderNoScreenshotIsTaken() {
    Counting device = new Counting();
    try (Agent agent = agent(device, OcrEngine.NONE).build()) {
      run(agent);
    }
    assertThat(device.full).isZero();
    assertThat(device.tree).isPositive();
  }

  @Test
  void aRecorderGetsEachObservationsScreenshotWhileWaitsAndSettleChecksReadTheTree() {
    Counting device = new Counting();
    int[] observed = {0};
    List<byte[]> recorded = new java.util.ArrayList<>();
    TaskListener listener =
        new TaskListener() {
          @Override
          public void sceneObserved(
              dev.apex.core.TaskId id, int stepsSoFar, dev.apex.core.Scene s) {
            observed[0]++;
          }

          @Override
          public void stepRecorded(dev.apex.timeline.StepRecord record) {
            recorded.add(record.screenshot());
          }
        };
    try (Agent agent = agent(device, OcrEngine.NONE).listener(listener).build()) {
      run(agent);
    }
    assertThat(observed[0]).isPositive();
    assertThat(device.full).isEqualTo(observed[0]);
    assertThat(recorded).hasSize(3).allMatch(png -> png != null && png.length > 0);
    assertThat(device.tree).as("the tap's settle check and the waits' polls").isPositive();
  }

  @Test
  void ocrReadsAScreenshotOnEveryCapture() {
    Counting device = new Counting();
    try (Agent agent = agent(device, AVAILABLE).build()) {
      run(agent);
    }
    assertThat(device.tree).isZero();
    assertThat(device.full).isPositive();
  }

  @Test
  void describeWithoutOcrCapturesTheTreeAlone() {
    Counting device = new Counting();
    try (Agent agent = agent(device, OcrEngine.NONE).build()) {
      assertThat(agent.describe().scene().elementWithText("Settings")).isPresent();
    }
    assertThat(device.full).isZero();
    assertThat(device.tree).isEqualTo(1);
  }
}
