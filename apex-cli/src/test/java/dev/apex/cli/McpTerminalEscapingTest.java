package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 28, item 3, for {@code apex mcp} in a child JVM under the POSIX locale (an ASCII platform
 * charset): a client's arguments holding terminal controls reach stderr escaped, while stdout, the
 * protocol, stays UTF-8 JSON that decodes to the text the client sent.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
@Tag("e2e")
class McpTerminalEscapingTest {

  static final String ID = "é " + TerminalEscapingCliTest.HOSTILE;

  @Test
  void aClientsArgumentsAreEscapedOnStderrAndDecodeWholeFromTheProtocol(@TempDir Path dir)
      throws Exception {
    Path home = Files.createDirectories(dir.resolve("home"));
    McpSchema.CallToolResult tap;
    String stderr;
    try (McpChild server =
        McpChild.start(
            Map.of("LC_ALL", "C", "LANG", "C"), home, home.resolve("timeline.db"), null)) {
      tap = server.call("tap", Map.of("element", ID, "timeout_ms", 0));
      server.awaitExit();
      stderr = server.stderr();
    }

    assertThat(tap.isError()).isTrue();
    assertThat(McpChild.text(tap)).as("the protocol carries the text whole").contains(ID);
    assertThat(stderr).contains(TerminalEscapingCliTest.SHOWN);
    TerminalEscapingCliTest.assertNoControls(stderr);
  }
}
