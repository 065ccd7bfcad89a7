package dev.apex.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.TaskRecord;
import dev.apex.core.TaskStatus;
import java.nio.file.Path;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * When no answer can reach the client any more while its stdin is still open (issue 28, item 4),
 * the server does not wait forever: it records the session's task ENDED with why and {@code serve}
 * throws {@link McpTransportException} ({@code apex mcp} exits 1). Before the fix it kept reading
 * stdin and running calls nobody could see answered, its task RUNNING.
 */
@Timeout(120)
class TransportDeathTest {

  @Test
  void whenStdoutFailsTheSessionEndsWithWhyAndServeThrows(@TempDir Path dir) throws Exception {
    try (McpFixture mcp = McpFixture.in(dir).startRaw()) {
      RawLines client = new RawLines(mcp.stdout(), mcp.stdin());
      client.initialize();
      client.awaitAnswer("init", McpFixture.BOUND);
      mcp.closeStdout();

      client.call(1, "describe_screen", "{}");

      assertThatThrownBy(() -> mcp.serving().get(McpFixture.BOUND.toSeconds(), TimeUnit.SECONDS))
          .isInstanceOf(ExecutionException.class)
          .cause()
          .isInstanceOf(McpTransportException.class)
          .hasMessageStartingWith("the MCP transport stopped (stdout failed: ")
          .hasMessageEndingWith("the session's task was recorded ENDED");
      TaskRecord task = mcp.onlyTask();
      assertThat(task.status()).isEqualTo(TaskStatus.ENDED);
      assertThat(task.reason()).startsWith("the MCP transport stopped: stdout failed: ");
    }
  }
}
