package dev.apex.perception.ocr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.apex.core.Bounds;
import dev.apex.perception.OcrBox;
import java.util.List;
import org.junit.jupiter.api.Test;

class TesseractTsvTest {

  private static final String TSV =
      String.join(
          "\n",
          "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext",
          "1\t1\t0\t0\t0\t0\t0\t0\t1080\t900\t-1\t",
          "4\t1\t2\t1\t1\t0\t304\t364\t486\t37\t-1\t",
          "5\t1\t2\t1\t1\t1\t304\t364\t258\t37\t96.0\tBluetooth",
          "5\t1\t2\t1\t1\t2\t587\t364\t203\t37\t94.0\tDevices",
          "5\t1\t3\t1\t1\t1\t82\t724\t172\t37\t95.5\tCancel",
          "5\t1\t3\t1\t1\t2\t802\t724\t77\t37\t90.0\tOK",
          "5\t1\t4\t1\t1\t1\t10\t10\t20\t20\t12.0\t|",
          "5\t1\t5\t1\t1\t1\tx\t10\t20\t20\t90.0\tbroken",
          "5\t1\t6\t1\t1\t1\t10\t10\t20\t20\t95.0\t  ",
          "");

  @Test
  void wordsOfALineJoinIntoOneBoxAndWideGapsSplitIt() {
    List<OcrBox> lines = TesseractTsv.lines(TSV, 0.4);

    assertThat(lines)
        .extracting(OcrBox::text, OcrBox::bounds)
        .containsExactly(
            tuple("Bluetooth Devices", new Bounds(304, 364, 790, 401)),
            tuple("Cancel", new Bounds(82, 724, 254, 761)),
            tuple("OK", new Bounds(802, 724, 879, 761)));
    assertThat(lines.get(0).confidence()).isEqualTo(0.95);
  }

  @Test
  void lowConfidenceLinesAreDroppedAndGarbageIsEmpty() {
    assertThat(TesseractTsv.lines(TSV, 0.0)).extracting(OcrBox::text).contains("|");
    assertThat(TesseractTsv.lines("not tsv at all", 0.0)).isEmpty();
    assertThat(TesseractTsv.lines("", 0.0)).isEmpty();
  }
}
