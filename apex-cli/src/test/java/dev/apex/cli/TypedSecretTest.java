package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.config.ApexConfigStore;
import dev.apex.console.ConsoleOptions;
import dev.apex.console.ConsoleServer;
import dev.apex.core.RawCapture;
import dev.apex.storage.SqliteTimeline;
import dev.apex.testkit.FakeDevice;
import dev.apex.testkit.RecordingSleeper;
import dev.apex.tools.TypeTextTool;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 12, typed secrets: text typed into a password field reaches the device, and nothing else —
 * not the progress lines, the timeline (its database files read as bytes), or the console's
 * answers, which show {@value TypeTextTool#MASK} instead. Text typed into an ordinary field is
 * kept.
 */
class TypedSecretTest {

  private static final String PASSWORD = "correct-horse-battery-staple-42";
  private static final String USER = "alice.liddell@example.org";
  private static final String TOKEN = "otp-4711-0815-2342";

  @TempDir Path dir;

  /** A login screen: the password field focused until something is typed, then the user field. */
  static String login(boolean passwordFocused) {
    return "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">"
        + node("", "android.widget.FrameLayout", false, false, "[0,0][1080,1920]", true)
        + node(
            "com.example.login:id/user",
            "android.widget.EditText",
            !passwordFocused,
            false,
            "[100,400][980,520]",
            false)
        + node(
            "com.example.login:id/password",
            "android.widget.EditText",
            passwordFocused,
            true,
            "[100,600][980,720]",
            false)
        + "</node></hierarchy>";
  }

  private static String node(
      String id, String cls, boolean focused, boolean password, String bounds, boolean open) {
    return "<node index=\"0\" text=\"\" resource-id=\""
        + id
        + "\" class=\""
        + cls
        + "\" package=\"com.example.login\" content-desc=\"\" checkable=\"false\""
        + " checked=\"false\" clickable=\"true\" enabled=\"true\" focusable=\"true\" focused=\""
        + focused
        + "\" scrollable=\"false\" long-clickable=\"false\" password=\""
        + password
        + "\" selected=\"false\" bounds=\""
        + bounds
        + "\""
        + (open ? ">" : "/>");
  }

  @Test
  void aPasswordReachesTheDeviceButIsRecordedAndShownMasked() throws Exception {
    FakeDevice phone = new FakeDevice();
    phone.screens(
        state -> {
          RawCapture screen = phone.uiautomator(login(state.events().isEmpty()));
          return screen;
        });
    Wiring wiring = new Wiring((selector, adb, caps) -> phone, new RecordingSleeper());
    Path flow = dir.resolve("login.yaml");
    Files.writeString(
        flow,
        "name: Sign in\n"
            + "steps:\n"
            + "  - type_text: \""
            + PASSWORD
            + "\"\n"
            + "  - type_text: \""
            + USER
            + "\"\n"
            + "  - type_text: { text: \""
            + TOKEN
            + "\", secret: true }\n");
    Path db = dir.resolve("t.db");

    Cli.Result run =
        Cli.run(
            wiring,
            Map.of("APEX_HOME", dir.toString()),
            Cli.withDb(db, "run", "--device", "fake", "--flow", flow.toString(), "--no-ocr"));

    assertThat(run.exit()).as(run.out() + run.err()).isZero();
    assertThat(phone.events(FakeDevice.TypeText.class))
        .extracting(FakeDevice.TypeText::text)
        .containsExactly(PASSWORD, USER, TOKEN);
    assertThat(run.out())
        .contains("step  1  ok      type_text text=\"" + TypeTextTool.MASK + "\"")
        .contains("type_text text=\"" + USER + "\"")
        .contains("type_text text=\"" + TypeTextTool.MASK + "\" secret=true");
    String id = Cli.taskIds(run.out()).get(0);
    List<JsonNode> steps = Cli.steps(Cli.timeline(db, id));
    assertThat(steps.get(0).at("/step/args/text").asText()).isEqualTo(TypeTextTool.MASK);
    assertThat(steps.get(1).at("/step/args/text").asText()).isEqualTo(USER);
    String console = consoleAnswers(db, id);

    for (String secret : List.of(PASSWORD, TOKEN)) {
      assertThat(Leaks.count(run.out() + run.err(), secret)).as("output").isZero();
      assertThat(Leaks.count(Leaks.databaseFiles(db), secret)).as("database files").isZero();
      assertThat(Leaks.count(console, secret)).as("console answers").isZero();
    }
    assertThat(console).contains(TypeTextTool.MASK).contains(USER);
  }

  private String consoleAnswers(Path db, String id) throws Exception {
    HttpClient http = HttpClient.newHttpClient();
    StringBuilder seen = new StringBuilder();
    try (SqliteTimeline timeline = SqliteTimeline.open(db)) {
      ConsoleServer console =
          ConsoleServer.start(
              ConsoleOptions.builder(
                      timeline,
                      ApexConfigStore.open(
                          dir.resolve("config.json"), Map.of("APEX_HOME", dir.toString())))
                  .port(0)
                  .devices(() -> List.of("sim"))
                  .pollInterval(Duration.ofMillis(50))
                  .build());
      try {
        for (String path :
            List.of("/api/tasks", "/api/tasks/" + id, "/api/tasks/" + id + "/steps")) {
          HttpResponse<String> response =
              http.send(
                  HttpRequest.newBuilder(console.baseUrl().resolve(path))
                      .timeout(Duration.ofSeconds(30))
                      .header("Authorization", "Bearer " + console.token())
                      .GET()
                      .build(),
                  HttpResponse.BodyHandlers.ofString());
          assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
          seen.append(response.body());
        }
      } finally {
        console.stop();
      }
    }
    return seen.toString();
  }
}
