package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.testkit.RecordingSleeper;
import dev.apex.testkit.TestData;
import dev.apex.testkit.wda.FakeWda;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 12, credentials inside device URLs: the user info of {@code ios:URL} and {@code
 * webdriver:URL} never reaches the device's id, the progress lines, the timeline's device column or
 * an error, and its password nowhere in the database files.
 */
class DeviceUrlSecretTest {

  private static final String PASSWORD = "wda-pass-7f3e9a1c";

  @TempDir Path dir;

  @Test
  void anIosUrlWithCredentialsIsRecordedWithout() throws Exception {
    Path flow = dir.resolve("look.yaml");
    Files.writeString(flow, "name: Look\nsteps:\n  - describe_screen\n");
    Path db = dir.resolve("t.db");
    try (FakeWda wda =
        FakeWda.start().source(TestData.bytes("ios/shirates_settings_top_390x844.xml"))) {
      String plain = "ios:" + wda.url();
      String withCredentials = plain.replace("http://", "http://tester:" + PASSWORD + "@");

      Cli.Result run =
          Cli.run(
              new Wiring(Devices::open, new RecordingSleeper()),
              Map.of("APEX_HOME", dir.toString()),
              Cli.withDb(
                  db, "run", "--device", withCredentials, "--flow", flow.toString(), "--no-ocr"));

      assertThat(run.exit()).as(run.out() + run.err()).isZero();
      assertThat(run.out()).contains(" on " + plain + ": flow Look").doesNotContain("tester");
      String id = Cli.taskIds(run.out()).get(0);
      assertThat(Cli.timeline(db, id).get("device").asText()).isEqualTo(plain);
      Cli.Result list = Cli.run(Cli.withDb(db, "timeline"));
      assertThat(list.out()).doesNotContain("tester").doesNotContain(PASSWORD);
    }
    assertThat(Leaks.count(Leaks.databaseFiles(db), PASSWORD)).isZero();
    assertThat(Leaks.databaseFiles(db)).doesNotContain("tester:");
  }

  @Test
  void aWebDriverEndpointThatDoesNotAnswerIsNamedWithoutItsCredentials() throws IOException {
    int port;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = socket.getLocalPort();
    }
    String endpoint = "http://grid-user:" + PASSWORD + "@127.0.0.1:" + port + "/wd/hub";

    Cli.Result run =
        Cli.run(
            Map.of("APEX_HOME", dir.toString()),
            "describe",
            "--device",
            "webdriver:" + endpoint,
            "--no-ocr");

    assertThat(run.exit()).isNotZero();
    assertThat(run.err())
        .contains("http://127.0.0.1:" + port + "/wd/hub")
        .doesNotContain(PASSWORD)
        .doesNotContain("grid-user");
  }
}
