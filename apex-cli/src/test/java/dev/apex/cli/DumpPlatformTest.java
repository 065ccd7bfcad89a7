package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.Json;
import dev.apex.testkit.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code describe --from-dump} under the wrong {@code --platform}: every real dump of the shared
 * data read as a platform whose parser cannot read it is refused with one line naming the platform
 * it looks like (exit 2), never an empty {@code 0x0} scene with exit 0; read as its own platform
 * (or detected) it describes the screen.
 */
class DumpPlatformTest {

  @TempDir Path dir;

  /** The platform each folder of the shared data was captured on. */
  private static String platformOf(String file) {
    String folder = file.substring(0, file.indexOf('/'));
    return switch (folder) {
      case "android", "android-edge-cases" -> "android";
      case "android-appium-variant" -> "appium";
      case "ios" -> "ios";
      default -> throw new AssertionError("a new folder in the shared data: " + folder);
    };
  }

  /** Android and Appium UiAutomator2 sources share a parser, so only iOS is foreign to them. */
  private static List<String> foreignTo(String platform) {
    return platform.equals("ios") ? List.of("android", "appium") : List.of("ios");
  }

  static Stream<Arguments> mismatches() throws Exception {
    JsonNode manifest = Json.mapper().readTree(TestData.file("MANIFEST.json").toFile());
    List<Arguments> all = new ArrayList<>();
    for (JsonNode entry : manifest) {
      String file = entry.get("file").asText();
      String own = platformOf(file);
      for (String wrong : foreignTo(own)) {
        all.add(Arguments.of(file, wrong, own));
      }
    }
    return all.stream();
  }

  @ParameterizedTest(name = "{0} as {1}")
  @MethodSource("mismatches")
  void aDumpReadAsAnotherPlatformNamesThePlatformItLooksLike(
      String file, String wrong, String own) {
    Cli.Result r =
        Cli.run("describe", "--from-dump", TestData.file(file).toString(), "--platform", wrong);

    assertThat(r.exit()).as(r.out() + r.err()).isEqualTo(2);
    assertThat(r.out()).doesNotContain("0x0");
    assertThat(r.errLines()).hasSize(1);
    assertThat(r.errLines().get(0))
        .startsWith("apex: ")
        .contains("no " + wrong + " elements")
        .contains("looks like an " + own + " dump")
        .contains("--platform " + own);
  }

  @ParameterizedTest(name = "{0} as {2}")
  @MethodSource("mismatches")
  void theSameDumpReadAsItsOwnPlatformIsDescribed(String file, String wrong, String own) {
    Cli.Result r =
        Cli.run(
            "describe",
            "--from-dump",
            TestData.file(file).toString(),
            "--platform",
            own,
            "--scale",
            own.equals("ios") ? "3" : "1");

    assertThat(r.exit()).as(r.err()).isZero();
    // The screen's size, even where nothing on it is actionable (a game's single surface).
    assertThat(r.out()).doesNotStartWith("0x0").matches("(?s)\\d+x\\d+\n.*");
  }

  @Test
  void anotherPlatformsXmlReadAsAndroidIsRefusedNamingGeneric() throws Exception {
    Path dump = dir.resolve("unknown.xml");
    Files.writeString(dump, "<Window><Button Name=\"OK\"/><Text Name=\"Hello\"/></Window>");

    Cli.Result r = Cli.run("describe", "--from-dump", dump.toString(), "--platform", "android");

    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.errLines()).hasSize(1);
    // XML of no mobile platform is what the generic parser reads (Windows, Tizen, a test driver).
    assertThat(r.errLines().get(0)).contains("looks like a generic dump").contains("--platform");
  }

  @Test
  void anEmptyScreenOfTheRightPlatformIsStillAnEmptyScreen() throws Exception {
    Path dump = dir.resolve("empty.xml");
    Files.writeString(dump, "<?xml version='1.0'?><hierarchy rotation=\"0\"/>");

    Cli.Result r = Cli.run("describe", "--from-dump", dump.toString(), "--platform", "android");

    assertThat(r.exit()).as(r.err()).isZero();
  }
}
