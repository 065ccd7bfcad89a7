package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.testkit.RecordingSleeper;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code apex describe} and {@code apex run} on a web page in real headless Chromium, served by the
 * test from loopback: a form that asks for a name and a result page that greets it.
 */
@Tag("e2e")
class WebEndToEndTest {

  static final String FLOW =
      """
      name: Say hello
      steps:
        - tap: { text: "Your name", editable: true }
        - type_text: "Ada Lovelace"
        - tap: { text: "Send" }
        - assert_visible: { text: "Hello, Ada Lovelace!" }
      """;

  @RegisterExtension static final FormSite site = FormSite.forTests();

  @TempDir Path dir;

  private final RecordingSleeper sleeper = new RecordingSleeper();

  private Cli.Result apex(String... args) {
    return Cli.run(Wiring.DEFAULT.withSleeper(sleeper), Map.of(), args);
  }

  @Test
  void describePrintsThePagesElements() {
    Cli.Result r = apex("describe", "--device", "web:" + site.url("/form"), "--no-ocr");

    assertThat(r.exit()).as(r.err()).isZero();
    // Pixel positions depend on the fonts installed, so only the elements and their kinds count.
    List<String> lines = r.out().lines().toList();
    assertThat(lines.get(0))
        .as("the viewport, 1280x800 CSS pixels at ratio 1")
        .isEqualTo("1280x800");
    assertThat(lines.subList(1, lines.size()))
        .satisfiesExactly(
            heading -> assertThat(heading).matches("1 @\\d+,\\d+ Say hello"),
            label -> assertThat(label).matches("2 tap @\\d+,\\d+ Your name"),
            input -> assertThat(input).matches("3 input @\\d+,\\d+ Your name"),
            button -> assertThat(button).matches("4 tap @\\d+,\\d+ Send"));
  }

  @Test
  void aFlowFillsTheFormSubmitsItAndSeesTheResult() throws Exception {
    Path db = dir.resolve("timeline.db");
    Path flow = dir.resolve("hello.yaml");
    Files.writeString(flow, FLOW);

    Cli.Result run =
        apex(
            Cli.withDb(
                db,
                "run",
                "--device",
                "web:" + site.url("/form"),
                "--flow",
                flow.toString(),
                "--no-ocr"));

    assertThat(run.exit()).as(run.out() + run.err()).isZero();
    assertThat(run.out())
        .contains(
            "step  1  ok      tap text=\"Your name\" editable=true  → input \"Your name\" now"
                + " focused")
        .contains("step  2  ok      type_text text=\"Ada Lovelace\"")
        .contains("step  3  ok      tap text=\"Send\"")
        .contains("step  4  ok      assert_visible text=\"Hello, Ada Lovelace!\"")
        .contains("SUCCEEDED");
    assertThat(site.requests()).contains("/result?name=Ada+Lovelace");

    JsonNode task = Cli.timeline(db, Cli.taskIds(run.out()).get(0));
    assertThat(task.get("status").asText()).isEqualTo("SUCCEEDED");
    assertThat(task.get("device").asText()).isEqualTo("web:" + site.url("/form"));
    List<JsonNode> steps = Cli.steps(task);
    assertThat(steps).hasSize(4).allMatch(s -> s.get("success").asBoolean());
    assertThat(steps)
        .as("nothing was retried")
        .allMatch(s -> s.at("/result/attempts").asInt() == 1);
    // The first tap went to the text field itself, not to its label.
    String tapped = steps.get(0).at("/result/output/element").asText();
    JsonNode field = null;
    for (JsonNode e : steps.get(0).at("/scene/elements")) {
      if (e.get("id").asText().equals(tapped)) {
        field = e;
      }
    }
    assertThat(field).as("the tapped element %s in the scene", tapped).isNotNull();
    assertThat(field.get("type").asText()).isEqualTo("input");
    assertThat(field.get("resourceId").asText()).isEqualTo("name");
    // The page may still be loading when the step is planned; the assertion waits for it.
    assertThat(steps.get(3).at("/result/output/text").asText())
        .as("the element the assertion found on the result page")
        .isEqualTo("Hello, Ada Lovelace!");
  }

  /** A loopback port that was free a moment ago: nothing accepts connections on it. */
  private static int closedPort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }

  @Test
  void describeOfAnUnreachablePageFailsWithTheNetErrorInsteadOfDescribingTheErrorPage()
      throws IOException {
    String url = "http://127.0.0.1:" + closedPort() + "/";

    Cli.Result r = apex("describe", "--device", "web:" + url, "--no-ocr");

    assertThat(r.exit()).as(r.out() + r.err()).isEqualTo(1);
    assertThat(r.out()).as("no scene of Chromium's error page").isEmpty();
    assertThat(r.err().lines().toList())
        .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
        .startsWith("apex: ")
        .contains("navigation to " + url + " failed: net::ERR_CONNECTION_REFUSED");
  }

  @Test
  void aLaunchOfAnUnreachablePageIsAFailedStep() throws Exception {
    Path db = dir.resolve("timeline.db");
    Path flow = dir.resolve("down.yaml");
    String origin = "http://127.0.0.1:" + closedPort();
    String down = origin + "/";
    Files.writeString(
        flow, "name: Open a page that is down\nsteps:\n  - launch_app: \"" + down + "\"\n");

    // Another port is another origin: the user allows it, so the browser tries it.
    Cli.Result run =
        apex(
            Cli.withDb(
                db,
                "run",
                "--device",
                "web:" + site.url("/form"),
                "--flow",
                flow.toString(),
                "--allow-url",
                origin,
                "--no-ocr"));

    assertThat(run.exit()).as(run.out() + run.err()).isEqualTo(1);
    assertThat(run.out()).contains("net::ERR_CONNECTION_REFUSED").doesNotContain("SUCCEEDED");
    JsonNode task = Cli.timeline(db, Cli.taskIds(run.out()).get(0));
    assertThat(task.get("status").asText()).isEqualTo("FAILED");
    List<JsonNode> steps = Cli.steps(task);
    assertThat(steps).hasSize(1);
    assertThat(steps.get(0).at("/result/success").asBoolean()).isFalse();
    assertThat(steps.get(0).at("/result/attempts").asInt())
        .as("not retried: the browser already tried")
        .isEqualTo(1);
  }
}
