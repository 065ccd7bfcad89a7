package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.testkit.RecordingSleeper;
import dev.apex.testkit.TestData;
import dev.apex.testkit.adb.FakeAdbServer;
import dev.apex.testkit.adb.FakePhone;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code apex describe} and {@code apex run} on an Android phone: the real driver talks the adb
 * server protocol to a fake server on loopback, whose phone shows a real dump (the Google app's
 * Customize screen: a Theme row of System / Light / Dark / Custom).
 */
class AndroidEndToEndTest {

  static final String DUMP = "android/google_app_settings_list_1344x2992.xml";
  static final String SERIAL = "emulator-5554";
  static final String APP = "com.google.android.googlequicksearchbox";

  @TempDir Path dir;

  private FakeAdbServer adb;
  private FakePhone phone;
  private final RecordingSleeper sleeper = new RecordingSleeper();

  @BeforeEach
  void startPhone() {
    byte[] dump = TestData.bytes(DUMP);
    adb = FakeAdbServer.start();
    phone = adb.addDevice(SERIAL).dump(dump).screenSize(1344, 2992).install(APP, ".SearchActivity");
  }

  @AfterEach
  void stopPhone() {
    // Null when the shared data is missing and the test was skipped before it started.
    if (adb != null) {
      adb.close();
    }
  }

  private Cli.Result apex(String... args) {
    return Cli.run(Wiring.DEFAULT.withSleeper(sleeper), Map.of(), args);
  }

  @Test
  void describePrintsTheSceneOfTheDumpThePhoneShows() {
    Cli.Result live =
        apex("describe", "--device", "android:" + SERIAL, "--adb", adb.address(), "--no-ocr");

    assertThat(live.exit()).as(live.err()).isZero();
    assertThat(live.out())
        .startsWith("1344x2992\n")
        .contains("2 @672,868 Theme")
        .contains("5 tap @824,1017 Dark")
        .contains("17 tap disabled @1260,275 Reset");
    // The live scene is exactly the scene of the same dump read from a file.
    Cli.Result saved = apex("describe", "--from-dump", TestData.file(DUMP).toString());
    assertThat(live.out()).isEqualTo(saved.out());
    assertThat(phone.commands())
        .anyMatch(c -> c.contains("uiautomator dump"))
        .anyMatch(c -> c.startsWith("cat "))
        .as("without OCR nothing reads a screenshot: none is taken")
        .doesNotContain("screencap -p");
    assertThat(phone.events()).as("describe only looks").isEmpty();
  }

  @Test
  void theConfiguredAdbServerIsUsedWithoutTheFlag() {
    // device.adb_server through its environment override, as the config file would give it.
    Map<String, String> env =
        Map.of("APEX_HOME", dir.toString(), "APEX_DEVICE_ADB_SERVER", adb.address());
    Cli.Result live =
        Cli.run(
            Wiring.DEFAULT.withSleeper(sleeper),
            env,
            "describe",
            "--device",
            "android:" + SERIAL,
            "--no-ocr");

    assertThat(live.exit()).as(live.err()).isZero();
    assertThat(live.out()).startsWith("1344x2992\n").contains("5 tap @824,1017 Dark");
    assertThat(phone.commands()).anyMatch(c -> c.contains("uiautomator dump"));
  }

  @Test
  void aFlowLaunchesTapsByTextAndAssertsOnThePhone() throws Exception {
    Path db = dir.resolve("timeline.db");
    Path flow = dir.resolve("dark.yaml");
    Files.writeString(
        flow,
        """
        name: Pick the dark theme
        steps:
          - launch_app: %s
          - tap: { text: "Dark" }
          - assert_visible: { text: "Theme" }
        """
            .formatted(APP));

    Cli.Result run =
        apex(
            Cli.withDb(
                db,
                "run",
                "--device",
                "android:" + SERIAL,
                "--adb",
                adb.address(),
                "--flow",
                flow.toString(),
                "--no-ocr"));

    assertThat(run.exit()).as(run.out() + run.err()).isZero();
    assertThat(run.out())
        .contains("task ")
        .contains(" on android:" + SERIAL + ": flow Pick the dark theme")
        .contains("step  1  ok      launch_app app_id=\"" + APP + "\"")
        .contains("step  2  ok      tap text=\"Dark\"")
        .contains("step  3  ok      assert_visible text=\"Theme\"")
        .contains("SUCCEEDED");
    // "Dark" is the label of its clickable radio item [756,926][892,1108]: the tap lands on the
    // item's centre, not on the smaller text node inside it.
    assertThat(
            phone.commands().stream()
                .filter(c -> c.startsWith("monkey") || c.startsWith("input"))
                .toList())
        .containsExactly(
            "monkey -p " + APP + " -c android.intent.category.LAUNCHER 1", "input tap 824 1017");
    assertThat(phone.events()).containsExactly("tap 824 1017");
    // The timeline keeps each observation's screenshot for playback, OCR or not: one before each
    // step and the last look. The tap's settle check and the element waits' polls read the tree.
    assertThat(phone.commands().stream().filter(c -> c.equals("screencap -p")).count())
        .isEqualTo(4);
    assertThat(phone.currentPackage()).isEqualTo(APP);
    assertThat(sleeper.sleeps())
        .as("nothing was retried: the only pauses are the tap's look at whether it held still")
        .allMatch(d -> d.equals(java.time.Duration.ofMillis(100)));

    List<String> ids = Cli.taskIds(run.out());
    assertThat(ids).hasSize(1);
    JsonNode task = Cli.timeline(db, ids.get(0));
    assertThat(task.get("status").asText()).isEqualTo("SUCCEEDED");
    assertThat(task.get("device").asText()).isEqualTo("android:" + SERIAL);
    List<JsonNode> steps = Cli.steps(task);
    assertThat(steps)
        .extracting(s -> s.get("action").asText())
        .containsExactly("launch_app", "tap", "assert_visible");
    assertThat(steps).allMatch(s -> s.get("success").asBoolean());
    assertThat(steps.get(1).at("/result/output/x").asInt()).isEqualTo(824);
    assertThat(steps.get(1).at("/result/output/y").asInt()).isEqualTo(1017);
    assertThat(steps.get(1).at("/scene/width").asInt()).isEqualTo(1344);
    assertThat(steps.get(2).at("/result/output/text").asText()).isEqualTo("Theme");
  }
}
