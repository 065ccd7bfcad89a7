package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A test of any module that starts what makes a test end-to-end carries {@code @Tag("e2e")} (on the
 * class or on the methods that start it), so {@code mvn test} stays the unit feedback and failsafe
 * runs it at {@code integration-test}, and the pom of a module holding such a test lets failsafe
 * run there. The sources are read, not the classes: this module does not have the other modules'
 * tests on its classpath.
 */
class EndToEndTagTest {

  private static final String TAG = "@Tag(\"e2e\")";

  /** What a module's pom says when it holds end-to-end tests (failsafe skips the others). */
  private static final String RUN_BY_FAILSAFE = "<apex.e2e.skip>false</apex.e2e.skip>";

  /** What a test starts, as the fixture or call that starts it shows in its source. */
  private static final Map<String, Pattern> STARTS =
      Map.of(
          "Chromium for the console",
          Pattern.compile("\\b(HeadlessChromium|ConsoleBrowser)\\b"),
          "Chromium for a web device",
          Pattern.compile(
              "\\b(PageBrowser|ReusedDevice|ChromiumContract)\\b"
                  + "|WebDevices\\.chromium\\(|WebDevices\\.open\\(\"web:\" \\+"
                  + "|McpTaskCost\\.measure\\("),
          "Chromium behind the CLI",
          Pattern.compile("\\bFormSite\\b"),
          "a Selenium Grid",
          Pattern.compile("\\bSeleniumGrid\\b"),
          "a child JVM",
          Pattern.compile("\\b(ChildRun|McpChild|RawMcpChild)\\b|getProperty\\(\"java\\.home\"\\)"),
          "Maven",
          Pattern.compile("onPath\\(\"mvn\"\\)"),
          "the whole bench",
          Pattern.compile("\\bBench\\.run\\(|\\bReplayCost\\.measure\\(|\\bWebTaskSuite\\b"));

  /**
   * LocalProcessesTest starts {@code java -version} only to watch a pid live and end (nothing of
   * apex runs in it); this test names the fixtures without starting them.
   */
  private static final Set<String> NOT_END_TO_END =
      Set.of("LocalProcessesTest.java", "EndToEndTagTest.java");

  @Test
  void everyTestThatStartsABrowserAChildJvmMavenOrTheBenchIsTaggedE2e() {
    List<String> untagged =
        testSources()
            .filter(f -> !NOT_END_TO_END.contains(f.getFileName().toString()))
            .filter(f -> !read(f).contains(TAG))
            .flatMap(f -> starts(f).stream().map(what -> relative(f) + " starts " + what))
            .toList();

    assertThat(untagged).as("tag these with " + TAG + ", or their e2e methods").isEmpty();
  }

  @Test
  void eachKindOfStartIsFoundInSomeTaggedTest() {
    List<String> found =
        testSources().filter(f -> read(f).contains(TAG)).flatMap(f -> starts(f).stream()).toList();

    assertThat(found)
        .as("a pattern nothing matches is stale: the fixture was renamed")
        .containsAll(STARTS.keySet());
  }

  @Test
  void everyModuleWithATaggedTestLetsFailsafeRunIt() {
    List<Path> modules =
        testSources()
            .filter(f -> read(f).contains(TAG))
            .map(EndToEndTagTest::moduleOf)
            .distinct()
            .toList();

    assertThat(modules).isNotEmpty();
    assertThat(modules)
        .as("set " + RUN_BY_FAILSAFE + " in these modules' pom.xml")
        .filteredOn(m -> !read(m.resolve("pom.xml")).contains(RUN_BY_FAILSAFE))
        .isEmpty();
  }

  private static Path moduleOf(Path source) {
    Path root = Cli.projectRoot().toAbsolutePath().normalize();
    return root.resolve(root.relativize(source).getName(0));
  }

  private static List<String> starts(Path source) {
    String text = read(source);
    return STARTS.entrySet().stream()
        .filter(e -> e.getValue().matcher(text).find())
        .map(Map.Entry::getKey)
        .sorted()
        .toList();
  }

  private static Stream<Path> testSources() {
    Path root = Cli.projectRoot().toAbsolutePath().normalize();
    try (Stream<Path> modules = Files.list(root)) {
      return modules
          .filter(m -> Files.isDirectory(m.resolve("src/test/java")))
          .flatMap(m -> walk(m.resolve("src/test/java")))
          .filter(f -> f.getFileName().toString().endsWith("Test.java"))
          .toList()
          .stream();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Stream<Path> walk(Path dir) {
    try (Stream<Path> files = Files.walk(dir)) {
      return files.toList().stream();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String relative(Path source) {
    return Cli.projectRoot().toAbsolutePath().normalize().relativize(source).toString();
  }

  private static String read(Path source) {
    try {
      return Files.readString(source);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
