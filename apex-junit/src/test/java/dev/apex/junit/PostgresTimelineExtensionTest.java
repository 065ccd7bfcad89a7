package dev.apex.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.apex.core.TaskRecord;
import dev.apex.core.TaskStatus;
import dev.apex.storage.StoredStep;
import dev.apex.storage.Timeline;
import dev.apex.storage.Timelines;
import dev.apex.testkit.PostgresServer;
import dev.apex.timeline.TimelineOptions;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineTestKit;

/** {@code apex.timeline=postgresql://…}: a test run records into a shared PostgreSQL timeline. */
@Tag("e2e")
class PostgresTimelineExtensionTest {

  @ApexTest
  static class WifiOnAServer {
    @org.junit.jupiter.api.Test
    void wifiFlow(ApexSession apex) {
      apex.runFlow(
          Path.of("..")
              .toAbsolutePath()
              .normalize()
              .resolve("examples/flows/settings-wifi-on.yaml"));
    }
  }

  @Test
  void aTestRunRecordsItsTaskAndStepsIntoThePostgresqlTimelineItNames() throws Exception {
    PostgresServer server = PostgresServer.fromEnvironment();
    String name = "apex_junit_" + UUID.randomUUID().toString().replace("-", "");
    try (Connection c =
            DriverManager.getConnection(
                jdbc(server.url()), user(server.url()), pass(server.url()));
        Statement s = c.createStatement()) {
      s.execute("CREATE DATABASE " + name);
    }
    String url = server.url(name);

    EngineTestKit.engine("junit-jupiter")
        .configurationParameter("apex.timeline", url)
        .configurationParameter("apex.ocr", "false")
        .selectors(selectClass(WifiOnAServer.class))
        .execute()
        .testEvents()
        .assertStatistics(s -> s.succeeded(1));

    try (Timeline timeline = Timelines.open(url, TimelineOptions.DEFAULTS)) {
      List<TaskRecord> tasks = timeline.tasks(10, 0);
      assertThat(tasks).hasSize(1);
      assertThat(tasks.get(0).status()).isEqualTo(TaskStatus.SUCCEEDED);
      assertThat(timeline.steps(tasks.get(0).id()))
          .extracting(StoredStep::action)
          .containsExactly("launch_app", "tap", "tap", "assert_visible");
    }
  }

  private static String jdbc(String url) {
    return "jdbc:postgresql://" + url.substring(url.indexOf('@') + 1);
  }

  private static String user(String url) {
    return url.substring("postgresql://".length(), url.indexOf(':', "postgresql://".length()));
  }

  private static String pass(String url) {
    return url.substring(url.indexOf(':', "postgresql://".length()) + 1, url.indexOf('@'));
  }
}
