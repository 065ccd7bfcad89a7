package dev.apex.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.Json;
import dev.apex.core.TreeFormat;
import dev.apex.testkit.TestData;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class DumpTest {

  @Test
  void loadsEveryManifestEntryWithItsBytesFormatAndScreen() throws IOException {
    JsonNode manifest = Json.mapper().readTree(TestData.file("MANIFEST.json").toFile());

    assertThat(RealDumps.all()).hasSize(manifest.size());
    for (int i = 0; i < manifest.size(); i++) {
      Dump dump = RealDumps.all().get(i);
      assertThat(dump.file()).isEqualTo(manifest.get(i).get("file").asText());
      assertThat(dump.bytes()).hasSize(manifest.get(i).get("bytes").asInt());
      assertThat(dump.nodes()).isEqualTo(manifest.get(i).get("nodes").asInt());
    }
  }

  @Test
  void formatFollowsTheFolder() {
    assertThat(Dump.formatOf("ios/a.xml")).isEqualTo(TreeFormat.WDA_XML);
    assertThat(Dump.formatOf("android-appium-variant/a.xml")).isEqualTo(TreeFormat.APPIUM_UIA2_XML);
    assertThat(Dump.formatOf("android/a.xml")).isEqualTo(TreeFormat.UIAUTOMATOR_XML);
    assertThat(Dump.formatOf("android-edge-cases/a.xml")).isEqualTo(TreeFormat.UIAUTOMATOR_XML);
  }

  @Test
  void iosScreensAreInPixelsWithTheirPointScale() {
    Dump dump =
        RealDumps.all().stream()
            .filter(d -> d.file().equals("ios/shirates_settings_top_390x844.xml"))
            .findFirst()
            .orElseThrow();

    assertThat(dump.screen().scale()).isEqualTo(3.0);
    assertThat(dump.screen().width()).isEqualTo(1170);
    assertThat(dump.screen().height()).isEqualTo(2532);
  }
}
