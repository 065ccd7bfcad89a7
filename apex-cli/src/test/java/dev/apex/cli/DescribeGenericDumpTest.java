package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.testkit.PlatformSources;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code apex describe --from-dump} on page sources of Appium platforms other than Android and iOS
 * (synthetic, in each driver's documented format): read as a generic tree, detected or named with
 * {@code --platform generic}, never a silent empty scene.
 */
class DescribeGenericDumpTest {

  @TempDir Path dir;

  private Path save(String name, String source) throws IOException {
    Path file = dir.resolve(name);
    Files.writeString(file, source, StandardCharsets.UTF_8);
    return file;
  }

  @Test
  void aWindowsSourceIsDetectedAndDescribed() throws IOException {
    Path dump = save("calc.xml", PlatformSources.WINDOWS);

    Cli.Result r = Cli.run("describe", "--from-dump", dump.toString());

    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out().lines()).first().as("the size from the window's box").isEqualTo("800x600");
    assertThat(r.out())
        .contains("tap @140,285 Submit")
        .contains("Welcome back")
        .doesNotContain("Hidden");
  }

  @Test
  void aMac2SourceIsReadByItsTitlesNotAsAnIosSource() throws IOException {
    Path dump = save("notes.xml", PlatformSources.MAC2);

    Cli.Result detected = Cli.run("describe", "--from-dump", dump.toString());
    Cli.Result named = Cli.run("describe", "--from-dump", dump.toString(), "--platform", "generic");

    assertThat(detected.exit()).as(detected.err()).isZero();
    assertThat(detected.out()).contains("Submit").contains("Pinned");
    assertThat(named.out()).isEqualTo(detected.out());
  }

  @Test
  void tizenAndTestDriverSourcesNamedGeneric() throws IOException {
    Cli.Result tizen =
        Cli.run(
            "describe",
            "--from-dump",
            save("tv.xml", PlatformSources.TIZEN).toString(),
            "--platform",
            "tizen");
    Cli.Result fake =
        Cli.run(
            "describe",
            "--from-dump",
            save("fake.xml", PlatformSources.TEST_DRIVER).toString(),
            "--platform",
            "generic");

    assertThat(tizen.exit()).as(tizen.err()).isZero();
    assertThat(tizen.out()).contains("Submit").contains("Channels").doesNotContain("Gone");
    assertThat(fake.exit()).as(fake.err()).isZero();
    assertThat(fake.out()).contains("tap @200,730 Submit");
  }

  @Test
  void anXmlSourceWithoutBoxesIsBadInputNotAnEmptyScene() throws IOException {
    Path dump = save("boxless.xml", "<Window Name=\"A\"><Button Name=\"OK\"/></Window>");

    Cli.Result r = Cli.run("describe", "--from-dump", dump.toString(), "--platform", "generic");

    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err().lines().toList())
        .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
        .contains("none gives a box");
  }

  @Test
  void anUnknownPlatformNamesGenericAmongTheChoices() throws IOException {
    Path dump = save("x.xml", PlatformSources.TIZEN);

    Cli.Result r = Cli.run("describe", "--from-dump", dump.toString(), "--platform", "symbian");

    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).contains("use android, appium, ios, web or generic");
  }
}
