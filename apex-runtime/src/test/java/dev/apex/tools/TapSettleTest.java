package dev.apex.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.InvalidInputException;
import dev.apex.core.PlannedStep;
import dev.apex.perception.OcrEngine;
import dev.apex.perception.Perceiver;
import dev.apex.testkit.FakeClock;
import dev.apex.testkit.FakeDevice;
import dev.apex.testkit.FakeDevice.Tap;
import dev.apex.testkit.RecordingSleeper;
import java.time.Duration;
import java.util.Collections;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A tap waits for its element to hold still: a FakeDevice whose Submit button slides right by 50
 * pixels on each of its first captures, perceived by the real pipeline; fake time, no sleeping.
 */
class TapSettleTest {

  private final FakeClock clock = new FakeClock();
  private final RecordingSleeper sleeper = new RecordingSleeper(clock);
  private final Perceiver perceiver = new Perceiver(OcrEngine.NONE);

  /** The device and a context whose observations capture it, as a task's observer does. */
  private FakeDevice device;

  private ToolContext ctx;

  /** A device whose button moves on each of its first {@code moves} captures, then stays. */
  private void buttonMovingFor(int moves) {
    device =
        new FakeDevice()
            .screens(
                state -> {
                  int left = 50 * Math.min(state.captures(), moves);
                  return device.uiautomator(screen(left));
                });
    ctx =
        new ToolContext(
            device, () -> null, () -> perceiver.observe(device.capture()), clock, sleeper);
  }

  private static String screen(int left) {
    return "<hierarchy rotation=\"0\"><node index=\"0\" text=\"Submit\" resource-id=\"submit\""
        + " class=\"android.widget.Button\" package=\"app\" clickable=\"true\" enabled=\"true\""
        + " bounds=\"["
        + left
        + ",1000]["
        + (left + 200)
        + ",1100]\"/></hierarchy>";
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> tap(TapTool tool, Map<String, Object> args) {
    PlannedStep step = PlannedStep.of("tap", args);
    return (Map<String, Object>) ParsedStep.of(tool, step).execute(ctx);
  }

  @Test
  void aStillElementIsTappedAfterOneMoreLook() {
    buttonMovingFor(0);

    Map<String, Object> out = tap(new TapTool(), Map.of("text", "Submit"));

    assertThat(device.events()).containsExactly(new Tap(100, 1050));
    assertThat(sleeper.sleeps()).containsExactly(Duration.ofMillis(ElementSettle.POLL_MS));
    assertThat(out).doesNotContainKey("settled").doesNotContainKey("note");
  }

  @Test
  void aMovingElementIsTappedWhereItStops() {
    buttonMovingFor(3);

    Map<String, Object> out = tap(new TapTool(), Map.of("text", "Submit"));

    // Found at 0, then seen at 50, 100, 150, 150: tapped where it came to rest.
    assertThat(device.events()).containsExactly(new Tap(250, 1050));
    assertThat(sleeper.sleeps())
        .containsExactlyElementsOf(Collections.nCopies(4, Duration.ofMillis(100)));
    assertThat(out.get("x")).isEqualTo(250);
    assertThat(out).doesNotContainKey("note");
  }

  @Test
  void whenTheContextsBoundPassesItTapsTheLastBoxAndSaysSo() {
    buttonMovingFor(1000);

    ctx =
        new ToolContext(
            device,
            () -> null,
            () -> perceiver.observe(device.capture()),
            clock,
            sleeper,
            Duration.ofMillis(1000));

    Map<String, Object> out = tap(new TapTool(), Map.of("text", "Submit"));

    // Ten observations 100 ms apart fit in the bound; the tap goes where the last one saw it.
    assertThat(sleeper.sleeps())
        .containsExactlyElementsOf(Collections.nCopies(10, Duration.ofMillis(100)));
    assertThat(device.events()).containsExactly(new Tap(600, 1050));
    assertThat(out.get("settled")).isEqualTo(false);
    assertThat((String) out.get("note"))
        .isEqualTo("still moving after 1000 ms (settle_ms): tapped its last position");
  }

  @Test
  void theStepsSettleMsOverridesTheToolsBoundAndZeroTapsAtOnce() {
    buttonMovingFor(1000);

    Map<String, Object> out = tap(new TapTool(), Map.of("text", "Submit", "settle_ms", 300));
    assertThat(sleeper.sleeps()).hasSize(3);
    assertThat(out.get("settled")).isEqualTo(false);

    buttonMovingFor(0);
    tap(new TapTool(), Map.of("text", "Submit", "settle_ms", 0));
    assertThat(device.events()).containsExactly(new Tap(100, 1050));
    assertThat(sleeper.sleeps()).as("no new pause").hasSize(3);
  }

  @Test
  void anElementMissingFromOneObservationIsFollowedOnTheNext() {
    device =
        new FakeDevice()
            .screens(
                state ->
                    device.uiautomator(
                        state.captures() == 1
                            ? "<hierarchy rotation=\"0\"/>"
                            : screen(state.captures() == 0 ? 0 : 500)));
    ctx =
        new ToolContext(
            device, () -> null, () -> perceiver.observe(device.capture()), clock, sleeper);

    tap(new TapTool(), Map.of("text", "Submit"));

    // Seen at 0, gone, at 500, at 500.
    assertThat(device.events()).containsExactly(new Tap(600, 1050));
    assertThat(sleeper.sleeps()).hasSize(3);
  }

  @Test
  void itsLooksAreLayoutObservationsWithoutSemanticLabels() {
    buttonMovingFor(2);
    ctx = withLatest(perceiver.observe(device.capture()));

    tap(new TapTool(), Map.of("text", "Submit"));

    assertThat(device.events()).containsExactly(new Tap(200, 1050));
  }

  /** The context above, with the planned-on scene set (so the tap needs no labelled look). */
  private ToolContext withLatest(dev.apex.core.Scene latest) {
    return new ToolContext(
        device,
        () -> latest,
        () -> {
          throw new AssertionError("a settle look asked for a labelled observation");
        },
        () -> perceiver.observe(device.capture()),
        clock,
        sleeper,
        Duration.ofSeconds(2));
  }

  @Test
  void aSettleBoundOutOfRangeIsBadInput() {
    buttonMovingFor(0);
    TapTool tool = new TapTool();
    assertThatThrownBy(() -> tool.parse(Map.of("text", "OK", "settle_ms", -1)))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("'settle_ms' must be in [0, 60000] ms");
    assertThatThrownBy(
            () ->
                new ToolContext(
                    device, () -> null, () -> null, clock, sleeper, Duration.ofMinutes(5)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("settleBound");
  }
}
