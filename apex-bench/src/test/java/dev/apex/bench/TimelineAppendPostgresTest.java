package dev.apex.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.Scene;
import dev.apex.core.TaskRecord;
import dev.apex.core.TaskStatus;
import dev.apex.perception.SceneBuilder;
import dev.apex.perception.TreeParsers;
import dev.apex.storage.Timeline;
import dev.apex.storage.Timelines;
import dev.apex.testkit.PostgresServer;
import dev.apex.timeline.TimelineOptions;
import dev.apex.world.WorldModel;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * M3's append on a real PostgreSQL timeline ({@value PostgresServer#ENV}), in the same rounds as
 * SQLite's: every round's step lands on the server, and the report names it without the password.
 */
@Tag("e2e")
@Timeout(120)
class TimelineAppendPostgresTest {

  @Test
  void theSameAppendsLandOnTheServerInTheSameRounds() {
    String url = PostgresServer.fromEnvironment().url();
    Dump dump = RealDumps.all().get(0);
    Scene scene = SceneBuilder.build(TreeParsers.parse(dump.capture()), List.of());

    TimelineAppend.Result result =
        TimelineAppend.measure(
            Harness.Plan.fixed(2, 5), scene, new WorldModel().state(), new byte[] {1, 2, 3}, url);

    assertThat(result.postgres().wasMeasured()).as(result.postgres().why()).isTrue();
    assertThat(result.postgres().append().wall().samples())
        .isEqualTo(result.append().wall().samples())
        .isEqualTo(5);
    assertThat(result.postgres().where())
        .isEqualTo(TimelineAppend.where(url))
        .startsWith("postgresql://")
        .doesNotContain("@");
    try (Timeline server = Timelines.open(url, TimelineOptions.DEFAULTS)) {
      TaskRecord task =
          server.tasks(50, 0).stream()
              .filter(t -> t.goal().equals("apex bench: timeline append"))
              .findFirst()
              .orElseThrow();
      assertThat(task.status()).isEqualTo(TaskStatus.SUCCEEDED);
      // Warm-up and measured rounds alike append one step each.
      assertThat(server.steps(task.id())).hasSize(7);
    }
  }
}
