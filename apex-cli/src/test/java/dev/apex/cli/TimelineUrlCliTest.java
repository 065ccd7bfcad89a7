package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code timeline.url}: where tasks are recorded, from the config file, {@code APEX_TIMELINE} or
 * {@code --db} (which wins), else {@code $APEX_HOME/timeline.db}; a {@code postgresql://} URL names
 * a server, and a malformed or unreachable one is one line that never shows the password.
 */
class TimelineUrlCliTest {

  private static final Path FLOW =
      Cli.projectRoot().resolve("examples/flows/settings-wifi-on.yaml");

  @TempDir Path home;

  private Map<String, String> env(String... pairs) {
    Map<String, String> env = new java.util.HashMap<>(Map.of("APEX_HOME", home.toString()));
    for (int i = 0; i < pairs.length; i += 2) {
      env.put(pairs[i], pairs[i + 1]);
    }
    return env;
  }

  private static String taskOf(Cli.Result run) {
    assertThat(run.exit()).as(run.err()).isZero();
    return Cli.taskIds(run.out()).get(0);
  }

  @Test
  void withNothingSetTasksGoToTheTimelineUnderApexHome() {
    String task = taskOf(Cli.run(env(), "run", "--flow", FLOW.toString()));

    assertThat(home.resolve("timeline.db")).exists();
    assertThat(Cli.run(env(), "timeline").out()).contains(task);
  }

  @Test
  void theEnvironmentNamesTheTimelineAndEveryCommandReadsIt() {
    Path file = home.resolve("from-env.db");
    String task =
        taskOf(Cli.run(env("APEX_TIMELINE", file.toString()), "run", "--flow", FLOW.toString()));

    assertThat(file).exists();
    assertThat(home.resolve("timeline.db")).doesNotExist();
    assertThat(Cli.run(env("APEX_TIMELINE", file.toString()), "timeline").out()).contains(task);
    assertThat(
            Cli.run(
                    env("APEX_TIMELINE", file.toString()),
                    "report",
                    task,
                    "-o",
                    home.resolve("r.html").toString())
                .exit())
        .isZero();
  }

  @Test
  void theConfigFileNamesItAndDbWinsOverIt() throws IOException {
    Path inFile = home.resolve("from-file.db");
    Files.writeString(
        home.resolve("config.json"),
        "{\"timeline\": {\"url\": \"" + inFile.toString().replace("\\", "\\\\") + "\"}}");
    String task = taskOf(Cli.run(env(), "run", "--flow", FLOW.toString()));
    assertThat(inFile).exists();

    Path flag = home.resolve("from-flag.db");
    String other =
        taskOf(
            Cli.run(
                env("APEX_TIMELINE", inFile.toString()),
                Cli.withDb(flag, "run", "--flow", FLOW.toString())));

    assertThat(Cli.run(env(), "timeline").out()).contains(task).doesNotContain(other);
    assertThat(Cli.run(env(), Cli.withDb(flag, "timeline")).out()).contains(other);
  }

  @Test
  void aMalformedPostgresqlUrlIsRefusedInOneLineNamingWhereItCameFromAndNoPassword() {
    String url = "postgresql://apex:secret-pw@db.example:5432";

    Cli.Result flagRaw = Cli.run(env(), "timeline", "--db", url);
    Cli.Result variable = Cli.run(env("APEX_TIMELINE", url), "run", "--flow", FLOW.toString());

    assertThat(flagRaw.exit()).isEqualTo(2);
    assertThat(flagRaw.errLines())
        .containsExactly(
            "apex: --db must be postgresql://USER[:PASSWORD]@HOST:PORT/DBNAME (or a SQLite file"
                + " path)");
    assertThat(variable.exit()).isEqualTo(2);
    assertThat(variable.errLines())
        .containsExactly(
            "apex: APEX_TIMELINE must be postgresql://USER[:PASSWORD]@HOST:PORT/DBNAME (or a"
                + " SQLite file path)");
    assertThat(flagRaw.err() + variable.err()).doesNotContain("secret-pw");
  }

  @Test
  void aPostgresqlServerNobodyAnswersAtIsOneLineNamingHostAndPortAndExitOne() throws IOException {
    int port;
    try (java.net.ServerSocket socket =
        new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      port = socket.getLocalPort();
    }
    String url = "postgresql://apex:secret-pw-2@127.0.0.1:" + port + "/apex";

    Cli.Result run = Cli.run(env("APEX_TIMELINE", url), "run", "--flow", FLOW.toString());
    Cli.Result list = Cli.run(env(), "timeline", "--db", url);

    for (Cli.Result result : List.of(run, list)) {
      assertThat(result.exit()).isEqualTo(1);
      assertThat(result.errLines()).hasSize(1);
      assertThat(result.errLines().get(0))
          .startsWith("apex: cannot reach the PostgreSQL timeline at 127.0.0.1:" + port)
          .doesNotContain("secret-pw-2");
    }
    assertThat(home.resolve("timeline.db")).doesNotExist();
  }
}
