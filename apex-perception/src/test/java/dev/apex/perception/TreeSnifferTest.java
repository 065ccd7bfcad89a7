package dev.apex.perception;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.Json;
import dev.apex.core.TreeFormat;
import dev.apex.testkit.TestData;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Every real dump is recognised as the format it was captured in, whatever its encoding. */
class TreeSnifferTest {

  @Test
  void eachSharedDumpLooksLikeItsOwnFormat() throws Exception {
    JsonNode manifest = Json.mapper().readTree(TestData.file("MANIFEST.json").toFile());
    for (JsonNode entry : manifest) {
      String file = entry.get("file").asText();
      TreeFormat expected =
          file.startsWith("ios/")
              ? TreeFormat.WDA_XML
              : file.startsWith("android-appium-variant/")
                  ? TreeFormat.APPIUM_UIA2_XML
                  : TreeFormat.UIAUTOMATOR_XML;
      assertThat(TreeSniffer.sniff(TestData.bytes(file))).as(file).hasValue(expected);
    }
  }

  @Test
  void aWebTreeAndUnknownText() {
    byte[] web = "{\"url\":\"about:blank\",\"viewport\":[800,600],\"nodes\":[]}".getBytes();
    assertThat(TreeSniffer.sniff(web)).hasValue(TreeFormat.WEB_JSON);
    assertThat(TreeSniffer.sniff("hello".getBytes(StandardCharsets.UTF_8))).isEmpty();
    assertThat(TreeSniffer.sameParser(TreeFormat.UIAUTOMATOR_XML, TreeFormat.APPIUM_UIA2_XML))
        .isTrue();
    assertThat(TreeSniffer.sameParser(TreeFormat.WDA_XML, TreeFormat.UIAUTOMATOR_XML)).isFalse();
  }
}
