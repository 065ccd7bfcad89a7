package dev.apex.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.Sleeper;
import dev.apex.core.TaskRecord;
import dev.apex.core.TaskStatus;
import dev.apex.device.sim.SimDevice;
import dev.apex.testkit.FaultyDevice;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A client that pipelines far more calls than the server runs at once, then pings and closes stdin
 * (issue 28, item 4): every request gets exactly one answer, a result or a busy error, the ping is
 * answered, and the server ends within a minute with the session's task ENDED. Before the fix the
 * server ran every call it read, and two replies reaching the SDK's transport at once could stop
 * its stdio threads for good.
 */
@Timeout(180)
class McpFloodTest {

  static final int CALLS = 10_000;

  /** How long the server may take to end after stdin closed: the bound. */
  static final Duration EXIT_BOUND = Duration.ofSeconds(60);

  @RepeatedTest(3)
  void tenThousandPipelinedCallsThenAPingAreEachAnsweredOnceAndTheServerEnds(@TempDir Path dir)
      throws Exception {
    try (McpFixture mcp = McpFixture.in(dir).startRaw()) {
      RawLines client = new RawLines(mcp.stdout(), mcp.stdin());
      client.initialize();
      for (int id = 1; id <= CALLS; id++) {
        client.call(id, "describe_screen", "{}");
      }
      client.send("{\"jsonrpc\":\"2.0\",\"id\":\"ping\",\"method\":\"ping\"}");
      JsonNode pong = client.awaitAnswer("ping", EXIT_BOUND);
      mcp.closeStdin();
      long start = System.nanoTime();

      mcp.serving().get(EXIT_BOUND.toSeconds(), TimeUnit.SECONDS);
      long exitMs = (System.nanoTime() - start) / 1_000_000;
      mcp.closeStdout();
      client.awaitEnd(McpFixture.BOUND);

      assertThat(pong.get("result").isObject()).as(pong.toString()).isTrue();
      Map<String, List<JsonNode>> answers = client.answers();
      int ran = 0;
      int busy = 0;
      for (int id = 1; id <= CALLS; id++) {
        List<JsonNode> answer = answers.get(String.valueOf(id));
        assertThat(answer).as("the answers to call %d", id).hasSize(1);
        JsonNode one = answer.get(0);
        if (one.has("error")) {
          assertThat(one.get("error").get("code").asInt()).as(one.toString()).isEqualTo(-32000);
          assertThat(one.get("error").get("message").asText()).startsWith("server busy: ");
          busy++;
        } else {
          assertThat(one.get("result").get("isError").asBoolean()).as(one.toString()).isFalse();
          ran++;
        }
      }
      assertThat(answers).containsKeys("init", "ping").hasSize(CALLS + 2);
      TaskRecord task = mcp.onlyTask();
      assertThat(task.status()).isEqualTo(TaskStatus.ENDED);
      assertThat(task.reason())
          .isEqualTo("the client closed the session after " + ran + " call(s), 0 failed");
      System.out.printf(
          "McpFloodTest: %d calls: %d ran, %d busy; ping answered; ended %d ms after stdin"
              + " closed%n",
          CALLS, ran, busy, exitMs);
    }
  }

  /**
   * While {@link PendingCalls#MAX_PENDING} calls wait on a stalled device, each further call is
   * answered busy at once and a {@code ping} is answered; once the device answers, every call
   * admitted runs. Deterministic: nothing is answered until the test opens the gate.
   */
  @Test
  void pastTheBoundCallsAreAnsweredBusyAtOnceAndAPingStillAnswers(@TempDir Path dir)
      throws Exception {
    CountDownLatch gate = new CountDownLatch(1);
    FaultyDevice stalled = FaultyDevice.wrap(SimDevice.create());
    int over = 10;
    try (McpFixture mcp = McpFixture.in(dir).deviceFor("sim", stalled).startRaw()) {
      RawLines client = new RawLines(mcp.stdout(), mcp.stdin());
      client.initialize();
      client.awaitAnswer("init", McpFixture.BOUND);
      stalled.delayEachCall(Duration.ofMillis(1), waitFor(gate));
      for (int id = 1; id <= PendingCalls.MAX_PENDING + over; id++) {
        client.call(id, "describe_screen", "{}");
      }
      client.send("{\"jsonrpc\":\"2.0\",\"id\":\"ping\",\"method\":\"ping\"}");

      for (int id = PendingCalls.MAX_PENDING + 1; id <= PendingCalls.MAX_PENDING + over; id++) {
        JsonNode busy = client.awaitAnswer(String.valueOf(id), McpFixture.BOUND);
        assertThat(busy.get("error").get("code").asInt()).as(busy.toString()).isEqualTo(-32000);
        assertThat(busy.get("error").get("message").asText())
            .isEqualTo(
                "server busy: 64 calls pending (apex runs one at a time); retry after one is"
                    + " answered");
      }
      assertThat(client.awaitAnswer("ping", McpFixture.BOUND).get("result").isObject()).isTrue();
      assertThat(client.answers())
          .doesNotContainKeys("1", String.valueOf(PendingCalls.MAX_PENDING));

      gate.countDown();
      for (int id = 1; id <= PendingCalls.MAX_PENDING; id++) {
        JsonNode ran = client.awaitAnswer(String.valueOf(id), McpFixture.BOUND);
        assertThat(ran.get("result").get("isError").asBoolean()).as(ran.toString()).isFalse();
      }
      mcp.closeStdin();
      mcp.serving().get(EXIT_BOUND.toSeconds(), TimeUnit.SECONDS);
      assertThat(mcp.onlyTask().reason())
          .isEqualTo(
              "the client closed the session after "
                  + PendingCalls.MAX_PENDING
                  + " call(s), 0 failed");
    }
  }

  /** A sleeper that waits for {@code gate} instead of a time, bounded. */
  private static Sleeper waitFor(CountDownLatch gate) {
    return ignored -> {
      if (!gate.await(McpFixture.BOUND.toSeconds(), TimeUnit.SECONDS)) {
        throw new AssertionError("the test never opened the device's gate");
      }
    };
  }
}
