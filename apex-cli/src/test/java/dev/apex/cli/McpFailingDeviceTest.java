package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.spec.McpSchema;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A device that cannot be reached costs the call, not the server: {@code apex mcp} on an Android
 * serial behind an adb address where nothing listens answers {@code describe_screen} with {@code
 * isError} and one line naming the problem, and goes on serving.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
@Tag("e2e")
class McpFailingDeviceTest {

  @TempDir Path dir;

  @Test
  void anUnreachableDeviceIsAnErrorResultAndTheServerGoesOn() throws Exception {
    String adb = "127.0.0.1:" + closedPort();
    try (McpChild server =
        McpChild.start(
            dir,
            dir.resolve("timeline.db"),
            null,
            "--device",
            "android:emulator-5554",
            "--adb",
            adb)) {
      McpSchema.CallToolResult describe = server.call("describe_screen", Map.of());

      assertThat(describe.isError()).as(McpChild.text(describe)).isTrue();
      String line = McpChild.text(describe);
      assertThat(line).as("one line").doesNotContain("\n").isNotBlank();
      assertThat(line).as("names the adb server or the device").containsAnyOf(adb, "emulator-5554");

      McpSchema.CallToolResult devices = server.call("list_devices", Map.of());
      assertThat(devices.isError()).as(McpChild.text(devices)).isFalse();
      assertThat(McpChild.text(devices)).contains("sim").contains(adb);

      McpSchema.CallToolResult again = server.call("describe_screen", Map.of());
      assertThat(again.isError()).as("still answering, still failing").isTrue();
      assertThat(McpChild.text(again)).doesNotContain("\n");
    }
  }

  /** A loopback port nothing listens on (it was free a moment ago). */
  private static int closedPort() throws Exception {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }
}
