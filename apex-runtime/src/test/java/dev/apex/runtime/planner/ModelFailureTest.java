package dev.apex.runtime.planner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.apex.core.TaskStatus;
import dev.apex.llm.SemanticConfig;
import dev.apex.runtime.TaskOutcome;
import dev.apex.runtime.safety.Confirmer;
import dev.apex.testkit.llm.FakeReply;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every way a model call can fail leaves the task in a defined state: retried within its budget,
 * then failed with the reason's code. The step that ran before the failure is kept, never lost.
 */
class ModelFailureTest {

  static FakeReply[] times(int n, FakeReply reply) {
    FakeReply[] replies = new FakeReply[n];
    java.util.Arrays.fill(replies, reply);
    return replies;
  }

  static Stream<Arguments> failures() {
    FakeReply refusal = FakeReply.message("refusal", List.of());
    FakeReply cutOff =
        FakeReply.message("max_tokens", List.of(FakeReply.textBlock("Let me think about the")));
    FakeReply prose = FakeReply.text("I would tap the Wi-Fi row next.");
    return Stream.of(
        // name, replies for the second call, code in the reason, requests the call made
        Arguments.of(
            "500", times(3, FakeReply.error(500, "api_error", "Internal")), "server_error", 3),
        Arguments.of(
            "503", times(3, FakeReply.error(503, "api_error", "Unavailable")), "server_error", 3),
        Arguments.of(
            "529",
            times(3, FakeReply.error(529, "overloaded_error", "Overloaded")),
            "overloaded",
            3),
        Arguments.of(
            "429 retry-after 3600 s",
            times(1, FakeReply.rateLimited(Duration.ofHours(1))),
            "rate_limited",
            1),
        Arguments.of(
            "400",
            times(1, FakeReply.error(400, "invalid_request_error", "bad")),
            "bad_request",
            1),
        Arguments.of(
            "401",
            times(1, FakeReply.error(401, "authentication_error", "invalid x-api-key")),
            "unauthorized",
            1),
        Arguments.of("refusal", times(1, refusal), "refusal", 1),
        Arguments.of(
            "max_tokens, asked again twice",
            times(3, cutOff),
            "max_tokens) after 1 attempt(s) and 3 asks",
            3),
        Arguments.of(
            "no tool call, asked again twice",
            times(3, prose),
            "no_tool_call) after 1 attempt(s) and 3 asks",
            3),
        Arguments.of(
            "garbage",
            times(3, FakeReply.garbage("<html>502 Bad Gateway</html>")),
            "invalid_response) after 1 attempt(s) and 3 asks",
            3),
        Arguments.of(
            "connection reset", times(3, FakeReply.dropConnection()), "connection_failed", 3));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("failures")
  void endsFailedWithTheReasonAndKeepsTheStepBefore(
      String name, FakeReply[] failing, String code, int attempts) {
    try (AgentFixture f = new AgentFixture()) {
      f.api.enqueue(Replies.launch(AgentFixture.SETTINGS));
      f.api.enqueue(failing);

      TaskOutcome outcome = f.run(WifiGoalTest.GOAL);

      assertThat(outcome.status()).as(outcome.reason()).isEqualTo(TaskStatus.FAILED);
      assertThat(outcome.reason()).startsWith("model call failed (" + code);
      assertThat(outcome.reason()).doesNotContain("test").as("no key in the reason");
      assertThat(f.steps.records).hasSize(1);
      assertThat(f.steps.records.get(0).result().success()).isTrue();
      assertThat(outcome.context().stepResults()).hasSize(1);
      assertThat(f.requests()).hasSize(1 + attempts);
      assertThat(f.steps.status).isEqualTo(TaskStatus.FAILED);
    }
  }

  @Test
  void aServerErrorRetriedWithinTheBudgetIsNotAFailure() {
    try (AgentFixture f = new AgentFixture()) {
      f.api.enqueue(
          FakeReply.error(529, "overloaded_error", "Overloaded"),
          FakeReply.error(500, "api_error", "Internal"),
          Replies.launch(AgentFixture.SETTINGS),
          Replies.done("Settings is open."));

      TaskOutcome outcome = f.run("Open Settings");

      assertThat(outcome.status()).isEqualTo(TaskStatus.SUCCEEDED);
      assertThat(f.sleeper.sleeps()).as("two backoffs through the injected sleeper").hasSize(2);
      assertThat(f.agent.totals().calls()).as("one call, retried inside").isEqualTo(2);
    }
  }

  @Test
  void aReplyCutOffOnceIsAskedAgainAndTheTaskGoesOn() {
    try (AgentFixture f = new AgentFixture()) {
      f.api.enqueue(
          FakeReply.message("max_tokens", List.of()),
          Replies.launch(AgentFixture.SETTINGS),
          Replies.done("Settings is open."));

      TaskOutcome outcome = f.run("Open Settings");

      assertThat(outcome.status()).isEqualTo(TaskStatus.SUCCEEDED);
      assertThat(AgentFixture.outsideBlocks(f.user(1)))
          .contains("Your previous reply was cut off at the output limit");
    }
  }

  @Test
  void aCallThatHangsTimesOutWithinItsBudget() {
    try (AgentFixture f = new AgentFixture()) {
      // The hang comes first: a slow machine's first call cannot then change the outcome.
      f.api.enqueue(FakeReply.hang());

      TaskOutcome outcome =
          f.run(
              WifiGoalTest.GOAL,
              PlannerConfig.defaults().withCallTimeout(Duration.ofMillis(500)),
              AgentFixture.settingsAllowed(),
              Confirmer.DENY);

      assertThat(outcome.status()).isEqualTo(TaskStatus.FAILED);
      assertThat(outcome.reason())
          .isEqualTo(
              "model call failed (timeout) after 1 attempt(s): model call timed out after 0.5 s"
                  + " (deadline for the whole call, 1 attempt)");
      assertThat(f.steps.records).isEmpty();
    }
  }

  @Test
  void aReplyTrickledForeverEndsTheTaskFailedAtTheCallsDeadlineWithoutAskingAgain() {
    try (AgentFixture f = new AgentFixture()) {
      // Headers at once, then a byte every 200 ms: no read timeout fires. Three of them, so
      // that asking again (as for a garbled reply) would find another.
      f.api.enqueue(ModelFailureTest.times(3, FakeReply.trickle(Duration.ofMillis(200))));

      TaskOutcome outcome =
          assertTimeoutPreemptively(
              Duration.ofSeconds(60),
              () ->
                  f.run(
                      WifiGoalTest.GOAL,
                      PlannerConfig.defaults().withCallTimeout(Duration.ofSeconds(2)),
                      AgentFixture.settingsAllowed(),
                      Confirmer.DENY));

      assertThat(outcome.status()).isEqualTo(TaskStatus.FAILED);
      assertThat(outcome.reason())
          .isEqualTo(
              "model call failed (timeout) after 1 attempt(s): model call timed out after 2 s"
                  + " (deadline for the whole call, 1 attempt)");
      assertThat(f.requests()).hasSize(1);
      assertThat(f.steps.records).isEmpty();
    }
  }

  @Test
  void aRefusedConnectionFailsTheTaskWithoutAStep() throws IOException {
    int port;
    try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = free.getLocalPort();
    }
    try (AgentFixture f = new AgentFixture()) {
      SemanticConfig nowhere =
          SemanticConfig.defaults().withApiKey("test").withBaseUrl("http://127.0.0.1:" + port);
      ModelAgent agent =
          ModelAgent.create(
              nowhere,
              PlannerConfig.defaults(),
              AgentFixture.settingsAllowed(),
              Confirmer.DENY,
              dev.apex.tools.ToolRegistry.defaultRegistry(),
              f.clock,
              f.sleeper);
      try (agent) {
        TaskOutcome outcome = f.runner(agent, agent.parts(f.observer())).run("Open Settings");

        assertThat(outcome.status()).isEqualTo(TaskStatus.FAILED);
        assertThat(outcome.reason())
            .startsWith(
                "model call failed (connection_failed) after 3 attempt(s): connection refused");
      }
    }
  }

  @Test
  void theWallTimeSpentByAFailingCallEndsTheTaskAsABudget() {
    try (AgentFixture f = new AgentFixture()) {
      // Each 529 is retried after a backoff that the sleeper adds to the fake clock.
      f.api.enqueue(times(3, FakeReply.error(529, "overloaded_error", "Overloaded")));

      TaskOutcome outcome =
          f.run(
              "Open Settings",
              PlannerConfig.defaults()
                  .withBudget(Budget.DEFAULT.withMaxWallTime(Duration.ofMillis(1000))),
              AgentFixture.settingsAllowed(),
              Confirmer.DENY);

      assertThat(outcome.status()).as(outcome.reason()).isEqualTo(TaskStatus.BUDGET_EXCEEDED);
      assertThat(outcome.reason())
          .startsWith(
              "budget exceeded (max wall time): too little time was left for the model call:"
                  + " model call failed (overloaded)");
    }
  }
}
