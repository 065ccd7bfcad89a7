package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.testkit.RecordingSleeper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code apex run --parallel}: one task per {@code --device}, at once, each with its own timeline
 * rows and its own line prefix. That the tasks really overlap is shown without timing: every device
 * opens behind a barrier that only lets them through together.
 */
class ParallelRunTest {

  private static FormSite site;

  @TempDir Path dir;

  @BeforeAll
  static void startSite() {
    site = FormSite.start();
  }

  @AfterAll
  static void stopSite() {
    site.close();
  }

  /**
   * Real devices, opened only once {@code tasks} tasks are all opening one: run one after another,
   * the first would wait alone (the bound is a guard against hanging the build, not a timing).
   */
  private static Wiring openingTogether(int tasks) {
    CyclicBarrier barrier = new CyclicBarrier(tasks);
    return new Wiring(
        (selector, adb, capabilities) -> {
          try {
            barrier.await(2, TimeUnit.MINUTES);
          } catch (InterruptedException | BrokenBarrierException | TimeoutException e) {
            throw new AssertionError(tasks + " tasks did not open their devices together", e);
          }
          return Devices.open(selector, adb, capabilities);
        },
        new RecordingSleeper());
  }

  /** The lines that start with {@code prefix}, without it. */
  private static List<String> linesOf(String out, String prefix) {
    return out.lines()
        .filter(l -> l.startsWith(prefix))
        .map(l -> l.substring(prefix.length()))
        .toList();
  }

  /** Checks one task's lines and its timeline rows; returns its task id. */
  private static String assertTaskSucceeded(Path db, List<String> lines, String device, int steps) {
    assertThat(lines).first().asString().startsWith("task ").contains(" on " + device + ": flow ");
    String id = lines.get(0).split(" ")[1];
    assertThat(lines.stream().filter(l -> l.matches("step +\\d+  ok .*"))).hasSize(steps);
    assertThat(lines).anyMatch(l -> l.startsWith("SUCCEEDED: "));
    assertThat(lines).last().isEqualTo("task id: " + id);

    JsonNode task = Cli.timeline(db, id);
    assertThat(task.get("status").asText()).isEqualTo("SUCCEEDED");
    assertThat(task.get("device").asText()).isEqualTo(device);
    assertThat(Cli.steps(task)).hasSize(steps).allMatch(s -> s.get("success").asBoolean());
    return id;
  }

  @Test
  void twoSimulatedPhonesRunTheWifiFlowAtOnce() {
    Path db = dir.resolve("timeline.db");
    Path flow = Cli.projectRoot().resolve("examples/flows/settings-wifi-on.yaml");

    Cli.Result run =
        Cli.run(
            openingTogether(2),
            Map.of(),
            Cli.withDb(
                db,
                "run",
                "--device",
                "sim",
                "--device",
                "sim",
                "--parallel",
                "2",
                "--flow",
                flow.toString(),
                "--no-ocr"));

    assertThat(run.exit()).as(run.out() + run.err()).isZero();
    assertThat(run.out().lines())
        .as("every line names its task's device")
        .allMatch(l -> l.startsWith("[sim#1] ") || l.startsWith("[sim#2] "));
    String first = assertTaskSucceeded(db, linesOf(run.out(), "[sim#1] "), "sim", 4);
    String second = assertTaskSucceeded(db, linesOf(run.out(), "[sim#2] "), "sim", 4);
    assertThat(first).isNotEqualTo(second);
    assertThat(linesOf(run.out(), "[sim#1] "))
        .anyMatch(l -> l.contains("\"Wi-Fi | Off\" → \"Wi-Fi | On\""));
    assertThat(linesOf(run.out(), "[sim#2] "))
        .anyMatch(l -> l.contains("\"Wi-Fi | Off\" → \"Wi-Fi | On\""));

    Cli.Result list = Cli.run(Cli.withDb(db, "timeline"));
    assertThat(list.out()).contains(first).contains(second);
  }

  @Test
  void onlyARepeatedSelectorIsNumberedInThePrefix() {
    List<String> selectors = List.of("sim", "android:a", "sim", "ios");

    assertThat(List.of(0, 1, 2, 3))
        .extracting(i -> RunCommand.prefix(selectors, i))
        .containsExactly("[sim#1] ", "[android:a] ", "[sim#2] ", "[ios] ");
  }

  @Test
  @Tag("e2e")
  void twoBrowsersFillTheFormAtOnce() throws Exception {
    FormSite.requireChromium();
    Path db = dir.resolve("timeline.db");
    Path flow = dir.resolve("hello.yaml");
    Files.writeString(flow, WebEndToEndTest.FLOW);
    String device = "web:" + site.url("/form");

    Cli.Result run =
        Cli.run(
            openingTogether(2),
            Map.of(),
            Cli.withDb(
                db,
                "run",
                "--device",
                device,
                "--device",
                device,
                "--parallel",
                "2",
                "--flow",
                flow.toString(),
                "--no-ocr"));

    assertThat(run.exit()).as(run.out() + run.err()).isZero();
    String first = assertTaskSucceeded(db, linesOf(run.out(), "[" + device + "#1] "), device, 4);
    String second = assertTaskSucceeded(db, linesOf(run.out(), "[" + device + "#2] "), device, 4);
    assertThat(first).isNotEqualTo(second);
    assertThat(site.requests())
        .as("each browser submitted the form")
        .filteredOn(r -> r.equals("/result?name=Ada+Lovelace"))
        .hasSize(2);
  }
}
