package dev.apex.mcp;

import static dev.apex.mcp.McpFixture.end;
import static dev.apex.mcp.McpFixture.isError;
import static dev.apex.mcp.McpFixture.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.ScreenSize;
import dev.apex.core.TaskRecord;
import dev.apex.core.TaskStatus;
import dev.apex.device.sim.SimDevice;
import dev.apex.storage.StoredStep;
import dev.apex.testkit.FakeDevice;
import dev.apex.testkit.FaultyDevice;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * An MCP session is a task in the timeline, one step per device call: opened on the first device
 * call, moved by use_device, ended ENDED with its counts when the client or a signal ends it,
 * CANCELLED from outside, MAX_STEPS at --max-steps. Bad input never ends the server.
 */
@Timeout(120)
class ServerSessionTest {

  private static final Map<String, Object> MISSING =
      Map.of("text", "No such thing", "timeout_ms", 0);

  @TempDir Path dir;

  @Test
  void theSessionOpensOnTheFirstDeviceCallNotBefore() {
    try (McpFixture mcp = McpFixture.in(dir).start()) {
      McpSchema.CallToolResult listed = mcp.call("list_devices");

      assertThat(isError(listed)).isFalse();
      assertThat(text(listed)).contains("sim").contains("in use: sim (not opened yet)");
      assertThat(mcp.tasks()).isEmpty();
      // The device is opened at the start, so the tool list holds what it supports; no task yet.
      assertThat(mcp.opened).containsExactly("sim");

      assertThat(isError(mcp.call("describe_screen"))).isFalse();

      TaskRecord task = mcp.onlyTask();
      assertThat(task.status()).isEqualTo(TaskStatus.RUNNING);
      assertThat(task.goal()).isEqualTo("MCP session (test-client 1.2) on sim");
      assertThat(mcp.opened).containsExactly("sim");
      assertThat(text(mcp.call("list_devices"))).contains("in use: sim (session task " + task.id());
      assertThat(mcp.steps(task.id())).hasSize(1);
    }
  }

  @Test
  void useDeviceEndsTheTaskWithItsCountsAndStartsOneOnTheNewDevice() {
    FakeDevice fake = new FakeDevice("fake-1", ScreenSize.pixels(1080, 1920));
    try (McpFixture mcp = McpFixture.in(dir).deviceFor("android:fake-1", fake).start()) {
      mcp.call("describe_screen");
      assertThat(isError(mcp.call("assert_visible", MISSING))).isTrue();
      TaskRecord first = mcp.onlyTask();

      McpSchema.CallToolResult moved = mcp.call("use_device", Map.of("device", "android:fake-1"));

      assertThat(isError(moved)).as(text(moved)).isFalse();
      List<TaskRecord> tasks = mcp.tasks();
      assertThat(tasks).hasSize(2);
      TaskRecord ended = tasks.get(0);
      TaskRecord started = tasks.get(1);
      assertThat(ended.id()).isEqualTo(first.id());
      assertThat(end(ended))
          .isEqualTo("ENDED use_device moved to android:fake-1 after 2 call(s), 1 failed");
      assertThat(started.status()).isEqualTo(TaskStatus.RUNNING);
      assertThat(started.goal()).endsWith(" on android:fake-1");
      assertThat(text(moved)).contains("now on android:fake-1").contains(started.id().toString());
      assertThat(mcp.opened).containsExactly("sim", "android:fake-1");

      int capturesBefore = fake.captures();
      assertThat(isError(mcp.call("press_key", Map.of("key", "back")))).isFalse();
      assertThat(fake.captures()).isGreaterThan(capturesBefore);
      assertThat(fake.events()).containsExactly(new FakeDevice.PressKey(dev.apex.device.Key.BACK));
      assertThat(mcp.steps(ended.id())).hasSize(2);
      assertThat(mcp.steps(started.id()))
          .extracting(StoredStep::action)
          .containsExactly("press_key");

      mcp.closeClient();
      assertThat(end(mcp.tasks().get(1)))
          .isEqualTo("ENDED the client closed the session after 1 call(s), 0 failed");
    }
  }

  @Test
  void aBadUseDeviceIsAnErrorThatLeavesTheSessionAsItWas() {
    try (McpFixture mcp = McpFixture.in(dir).start()) {
      mcp.call("describe_screen");

      McpSchema.CallToolResult bad = mcp.call("use_device", Map.of("device", "toaster:1"));

      assertThat(isError(bad)).isTrue();
      assertThat(text(bad)).startsWith("use_device: ").contains("toaster").doesNotContain("\n");
      TaskRecord task = mcp.onlyTask();
      assertThat(task.status()).isEqualTo(TaskStatus.RUNNING);
      assertThat(isError(mcp.call("describe_screen"))).isFalse();
      assertThat(mcp.steps(task.id())).hasSize(2);
    }
  }

  @Test
  void aSessionCancelledFromOutsideEndsCancelledAndTheNextCallSaysHowToGoOn() throws Exception {
    try (McpFixture mcp = McpFixture.in(dir).start()) {
      mcp.call("describe_screen");
      TaskRecord task = mcp.onlyTask();

      // What the console's Cancel does: a stop request in the timeline, heard on its heartbeat.
      assertThat(mcp.timeline.requestCancel(task.id(), "cancelled from the console")).isTrue();
      mcp.awaitStopHeard();
      McpSchema.CallToolResult after = mcp.call("press_key", Map.of("key", "home"));

      assertThat(isError(after)).isTrue();
      assertThat(text(after))
          .contains("has ended (CANCELLED: cancelled from the console")
          .contains("use_device starts a new session");
      TaskRecord cancelled = mcp.onlyTask();
      assertThat(cancelled.status()).isEqualTo(TaskStatus.CANCELLED);
      assertThat(cancelled.reason()).startsWith("cancelled from the console");
      assertThat(mcp.steps(task.id())).hasSize(1);

      // use_device starts a new session, which works.
      assertThat(isError(mcp.call("use_device", Map.of("device", "sim")))).isFalse();
      assertThat(isError(mcp.call("press_key", Map.of("key", "home")))).isFalse();
      mcp.closeClient();
      List<TaskRecord> tasks = mcp.tasks();
      assertThat(tasks).hasSize(2);
      assertThat(tasks.get(0).status())
          .as("a cancelled task keeps its end")
          .isEqualTo(TaskStatus.CANCELLED);
      assertThat(end(tasks.get(1)))
          .isEqualTo("ENDED the client closed the session after 1 call(s), 0 failed");
    }
  }

  @Test
  void maxStepsEndsTheTaskAfterThatManyStepsAndTheNextCallIsAnError() {
    try (McpFixture mcp = McpFixture.in(dir).maxSteps(2).start()) {
      assertThat(isError(mcp.call("describe_screen"))).isFalse();
      assertThat(isError(mcp.call("press_key", Map.of("key", "home")))).isFalse();

      McpSchema.CallToolResult third = mcp.call("describe_screen");

      assertThat(isError(third)).isTrue();
      assertThat(text(third)).contains("MAX_STEPS").contains("use_device starts a new session");
      TaskRecord task = mcp.onlyTask();
      assertThat(task.status()).isEqualTo(TaskStatus.MAX_STEPS);
      assertThat(mcp.steps(task.id())).hasSize(2);
      mcp.closeClient();
      assertThat(mcp.onlyTask().status()).isEqualTo(TaskStatus.MAX_STEPS);
    }
  }

  @Test
  void stopEndsTheTaskWithItsReasonAndServeReturns() {
    try (McpFixture mcp = McpFixture.in(dir).start()) {
      mcp.call("describe_screen");
      assertThat(isError(mcp.call("assert_visible", MISSING))).isTrue();

      mcp.server.stop("the server was stopped by a signal");
      mcp.awaitServed();

      assertThat(end(mcp.onlyTask()))
          .isEqualTo("ENDED the server was stopped by a signal after 2 call(s), 1 failed");
    }
  }

  @Test
  void theClientClosingItsOutputEndsTheTaskWithItsCountsAndServeReturns() {
    try (McpFixture mcp = McpFixture.in(dir).start()) {
      mcp.call("list_devices");
      assertThat(isError(mcp.call("launch_app", Map.of("app_id", "com.android.settings"))))
          .isFalse();
      assertThat(isError(mcp.call("tap", Map.of("text", "Wi-Fi")))).isFalse();
      assertThat(isError(mcp.call("assert_visible", MISSING))).isTrue();
      assertThat(isError(mcp.call("tap", Map.of()))).as("bad arguments").isTrue();

      mcp.closeClient();

      assertThat(mcp.served()).isTrue();
      TaskRecord task = mcp.onlyTask();
      assertThat(end(task))
          .isEqualTo("ENDED the client closed the session after 4 call(s), 2 failed");
      assertThat(mcp.steps(task.id()))
          .extracting(StoredStep::action)
          .containsExactly("launch_app", "tap", "assert_visible", "tap");
    }
  }

  @Test
  void badInputIsAnErrorResultOrJsonRpcErrorAndTheServerGoesOn() {
    try (McpFixture mcp = McpFixture.in(dir).start()) {
      assertThatThrownBy(() -> mcp.call("no_such_tool"))
          .isInstanceOfSatisfying(
              McpError.class,
              e ->
                  assertThat(e.getJsonRpcError().code())
                      .isEqualTo(McpSchema.ErrorCodes.INVALID_PARAMS));

      McpSchema.CallToolResult badArg = mcp.call("tap", Map.of("x", "left", "y", 3));
      McpSchema.CallToolResult unknownArg = mcp.call("press_key", Map.of("key", "home", "hard", 1));

      assertThat(isError(badArg)).isTrue();
      assertThat(ToolResultsTest.block(text(badArg))).contains("'x'").doesNotContain("\n");
      assertThat(isError(unknownArg)).isTrue();
      assertThat(text(unknownArg)).contains("hard");
      assertThat(isError(mcp.call("describe_screen"))).isFalse();
      assertThat(mcp.served()).isFalse();
    }
  }

  @Test
  void aFailingDeviceIsAnErrorResultWithTheDevicesMessage() {
    FaultyDevice flaky = FaultyDevice.wrap(SimDevice.create()).failNext(100, FaultyDevice.Op.TAP);
    try (McpFixture mcp = McpFixture.in(dir).deviceFor("sim", flaky).start()) {
      McpSchema.CallToolResult tapped = mcp.call("tap", Map.of("x", 100, "y", 300));

      assertThat(isError(tapped)).isTrue();
      List<FaultyDevice.Call> taps = flaky.calls(FaultyDevice.Op.TAP);
      assertThat(taps).hasSizeGreaterThan(1).allMatch(FaultyDevice.Call::failed);
      // The last attempt's one line, after the retries.
      String fault = taps.get(taps.size() - 1).fault();
      assertThat(ToolResultsTest.block(text(tapped))).endsWith(fault).doesNotContain("\n");
      assertThat(isError(mcp.call("describe_screen"))).isFalse();
      mcp.closeClient();
      assertThat(end(mcp.onlyTask()))
          .isEqualTo("ENDED the client closed the session after 2 call(s), 1 failed");
    }
  }

  @Test
  void aCallReadJustBeforeTheEndOfInputOpensNoSessionAfterTheEnd() throws Exception {
    for (int run = 0; run < 8; run++) {
      try (McpFixture mcp = McpFixture.in(Files.createTempDirectory(dir, "run")).start()) {
        mcp.call("press_key", Map.of("key", "home"));
        mcp.transport.sendRaw(
            "{\"jsonrpc\":\"2.0\",\"id\":\"late\",\"method\":\"tools/call\","
                + "\"params\":{\"name\":\"describe_screen\",\"arguments\":{}}}");
        mcp.closeClient();

        // Bounded: long enough for the late call's handler to have run.
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(2);
        while (System.nanoTime() < deadline && mcp.opened.size() < 2) {
          Thread.onSpinWait();
        }
        assertThat(mcp.opened).as("agents opened in run %d", run).containsExactly("sim");
        assertThat(mcp.tasks()).allMatch(McpFixture::isFinal);
      }
    }
  }
}
