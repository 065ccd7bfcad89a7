package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.storage.SqliteTimeline;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code apex timeline}: its limit, what it says beyond it, and task ids given by a prefix. */
class TimelineCommandTest {

  @TempDir Path dir;
  private Path db;

  @BeforeEach
  void record() {
    db = dir.resolve("t.db");
    try (SqliteTimeline timeline = SqliteTimeline.open(db)) {
      for (String id : new String[] {"a1b2c3d4e5f6", "a1b9f0e1d2c3", "77aa00bb11cc"}) {
        timeline.startTask(TaskId.of(id), "sim", "goal of " + id);
        timeline.finishTask(TaskId.of(id), TaskStatus.SUCCEEDED, "done");
      }
    }
  }

  @Test
  void aFileThatIsNoTimelineIsOneLineAndExitTwoOnEveryCommandThatNamesIt() throws Exception {
    Path notes = dir.resolve("notes.txt");
    Files.writeString(notes, "not a timeline");
    Path flow = dir.resolve("flow.yaml");
    Files.writeString(flow, "steps:\n  - launch_app: com.android.settings\n");
    for (String[] args :
        new String[][] {
          {"timeline"},
          {"report", "77aa00bb11cc"},
          {"run", "--device", "sim", "--flow", flow.toString()},
          {"test", flow.toString()}
        }) {
      Cli.Result r = Cli.run(Cli.withDb(notes, args));
      assertThat(r.exit()).as(String.join(" ", args) + ": " + r.err()).isEqualTo(2);
      assertThat(r.errLines())
          .as(String.join(" ", args))
          .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
          .contains(notes.toString())
          .contains("is not a SQLite database");
    }
    assertThat(Files.readString(notes)).isEqualTo("not a timeline");
  }

  @Test
  void aLimitBelowOneIsRefused() {
    for (String limit : new String[] {"0", "-3"}) {
      Cli.Result r = Cli.run(Cli.withDb(db, "timeline", "--limit", limit));
      assertThat(r.exit()).as(limit).isEqualTo(2);
      assertThat(r.errLines()).containsExactly("apex: --limit must be at least 1, got " + limit);
    }
  }

  @Test
  void theListSaysHowManyMoreThereAreBeyondTheLimit() {
    Cli.Result r = Cli.run(Cli.withDb(db, "timeline", "--limit", "2"));

    assertThat(r.exit()).isZero();
    assertThat(r.out()).contains("77aa00bb11cc").contains("a1b9f0e1d2c3");
    assertThat(r.out()).doesNotContain("a1b2c3d4e5f6").contains("… 1 more; --limit 3");
    assertThat(Cli.run(Cli.withDb(db, "timeline")).out()).doesNotContain("more;");
  }

  @Test
  void aUniquePrefixShowsItsTask() {
    Cli.Result r = Cli.run(Cli.withDb(db, "timeline", "77a"));

    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out()).startsWith("task 77aa00bb11cc  SUCCEEDED");
  }

  @Test
  void anAmbiguousPrefixListsItsMatches() {
    Cli.Result r = Cli.run(Cli.withDb(db, "timeline", "a1b"));

    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.errLines()).hasSize(1);
    assertThat(r.errLines().get(0))
        .contains("'a1b' is ambiguous")
        .contains("a1b2c3d4e5f6")
        .contains("a1b9f0e1d2c3")
        .doesNotContain("77aa");
  }

  @Test
  void aPrefixOfNoTaskIsUnknown() {
    Cli.Result r = Cli.run(Cli.withDb(db, "timeline", "zz"));

    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.errLines().get(0)).contains("no task 'zz'");
  }
}
