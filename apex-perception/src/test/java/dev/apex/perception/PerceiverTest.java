package dev.apex.perception;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.apex.core.Bounds;
import dev.apex.core.ParseException;
import dev.apex.core.RawCapture;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.core.Source;
import dev.apex.core.TreeFormat;
import dev.apex.perception.Dumps.Dump;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PerceiverTest {

  /** An OCR engine that returns fixed boxes and records the images it was given. */
  private static final class RecordingOcr implements OcrEngine {
    final List<byte[]> seen = new ArrayList<>();
    final boolean available;
    final List<OcrBox> boxes;

    RecordingOcr(boolean available, List<OcrBox> boxes) {
      this.available = available;
      this.boxes = boxes;
    }

    @Override
    public List<OcrBox> recognize(byte[] png) {
      seen.add(png);
      return boxes;
    }

    @Override
    public boolean available() {
      return available;
    }
  }

  private static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G'};

  private static RawCapture withScreenshot(Dump dump, byte[] png) {
    return new RawCapture("d", dump.format(), dump.bytes(), png, dump.screen());
  }

  @Test
  void parsesByFormatReadsTheScreenshotAndFusesTheText() {
    Dump dump = Dumps.named("android/atx_game_landscape_rotation1_1920x1080.xml");
    OcrBox score = new OcrBox("Score 120", new Bounds(1500, 40, 1800, 100), 0.9);
    RecordingOcr ocr = new RecordingOcr(true, List.of(score));
    long[] now = {0};

    Perceiver.Observation seen =
        new Perceiver(ocr, () -> now[0] += 1_000_000).perceive(withScreenshot(dump, PNG));

    assertThat(ocr.seen).containsExactly(PNG);
    assertThat(seen.tree().rotation()).isEqualTo(1);
    assertThat(seen.scene().elements())
        .extracting(SceneElement::text, SceneElement::source)
        .containsExactly(tuple("Score 120", Source.OCR));
    assertThat(seen.parse()).isEqualTo(Duration.ofMillis(1));
    assertThat(seen.total()).isEqualTo(Duration.ofMillis(3));
  }

  @Test
  void skipsOcrWhenTheEngineIsUnavailableOrThereIsNoScreenshot() {
    Dump dump = Dumps.named("android/xiaocong_launcher_480x800.xml");
    RecordingOcr unavailable = new RecordingOcr(false, List.of());
    RecordingOcr available = new RecordingOcr(true, List.of());

    Scene a = new Perceiver(unavailable).observe(withScreenshot(dump, PNG));
    Scene b = new Perceiver(available).observe(withScreenshot(dump, null));

    assertThat(unavailable.seen).isEmpty();
    assertThat(available.seen).isEmpty();
    assertThat(a).isEqualTo(b);
    assertThat(a.elementWithText("Messaging")).isPresent();
  }

  @Test
  void aMalformedTreeFailsWithItsPosition() {
    Dump dump = Dumps.named("ios/shirates_settings_top_390x844.xml");
    RawCapture broken =
        new RawCapture("d", TreeFormat.WDA_XML, "<AppiumAUT><x>".getBytes(), null, dump.screen());

    assertThatThrownBy(() -> new Perceiver(OcrEngine.NONE).observe(broken))
        .isInstanceOf(ParseException.class)
        .hasMessageContaining("line 1");
  }
}
