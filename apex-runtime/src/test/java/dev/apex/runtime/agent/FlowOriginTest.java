package dev.apex.runtime.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.StepResult;
import dev.apex.core.TaskStatus;
import dev.apex.perception.OcrEngine;
import dev.apex.runtime.flow.Flow;
import dev.apex.runtime.safety.SafetyPolicy;
import dev.apex.testkit.FakeDevice;
import dev.apex.testkit.RecordingSleeper;
import dev.apex.tools.ToolRegistry;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A flow's steps are authored, but the origins it opens are the user's to allow: its {@code
 * launch_app} of a URL follows the origin rule, and only {@code --allow-url} (the policy's allowed
 * origins) lets an origin open. A recording fake device shows the refused launch never reached it.
 */
class FlowOriginTest {

  private static final String LOOPBACK = "http://127.0.0.1:9/admin";

  private final FakeDevice device =
      new FakeDevice().install(LOOPBACK, "file:///etc/passwd", "com.notes");

  private AgentOutcome runFlow(SafetyPolicy policy, String appId) {
    Flow flow =
        Flow.parse(
            "name: open\nsteps:\n  - launch_app: \"" + appId + "\"\n",
            "test",
            ToolRegistry.defaultRegistry());
    try (Agent agent =
        Agent.builder()
            .device(device)
            .ocr(OcrEngine.NONE)
            .sleeper(new RecordingSleeper())
            .noTimeline()
            .safety(policy)
            .build()) {
      return agent.run(flow);
    }
  }

  private static StepResult onlyStep(AgentOutcome outcome) {
    assertThat(outcome.context().stepResults()).hasSize(1);
    return outcome.context().stepResults().get(0);
  }

  @Test
  void aFlowsLaunchOfAnOriginTheUserDidNotAllowIsRefusedNamingTheFlag() {
    AgentOutcome outcome =
        runFlow(SafetyPolicy.defaults().withAllowedOrigins(Set.of("*")), LOOPBACK);

    assertThat(outcome.status()).isEqualTo(TaskStatus.FAILED);
    assertThat(onlyStep(outcome).error())
        .startsWith("policy_denied: launch_app \"" + LOOPBACK + "\" (url_open")
        .contains("--allow-url http://127.0.0.1:9")
        .contains("planner.allowed_urls");
    assertThat(device.events()).noneMatch(e -> e instanceof FakeDevice.LaunchApp);
  }

  @Test
  void theOriginTheUserNamedOpens() {
    AgentOutcome outcome =
        runFlow(SafetyPolicy.defaults().withAllowedOrigins(Set.of("http://127.0.0.1:9")), LOOPBACK);

    assertThat(outcome.status()).isEqualTo(TaskStatus.SUCCEEDED);
    assertThat(device.events()).contains(new FakeDevice.LaunchApp(LOOPBACK));
  }

  @Test
  void aFileUrlIsRefusedEvenWithEveryOriginAllowed() {
    AgentOutcome outcome =
        runFlow(SafetyPolicy.defaults().withAllowedOrigins(Set.of("*")), "file:///etc/passwd");

    assertThat(onlyStep(outcome).error())
        .startsWith("policy_denied: launch_app \"file:///etc/passwd\"")
        .contains("is refused: it is a file: URL");
    assertThat(device.events()).noneMatch(e -> e instanceof FakeDevice.LaunchApp);
  }

  @Test
  void aFlowStillLaunchesAnAppOutsideTheAllowList() {
    AgentOutcome outcome = runFlow(SafetyPolicy.defaults(), "com.notes");

    assertThat(outcome.status()).isEqualTo(TaskStatus.SUCCEEDED);
    assertThat(device.events()).contains(new FakeDevice.LaunchApp("com.notes"));
  }

  private AgentOutcome runFlowOn(String selector, String appId) {
    Flow flow =
        Flow.parse(
            "name: open\nsteps:\n  - launch_app: \"" + appId + "\"\n",
            "test",
            ToolRegistry.defaultRegistry());
    try (Agent agent =
        Agent.builder()
            .device(selector)
            .deviceOpener((s, options) -> device)
            .ocr(OcrEngine.NONE)
            .sleeper(new RecordingSleeper())
            .noTimeline()
            .safety(SafetyPolicy.defaults())
            .build()) {
      return agent.run(flow);
    }
  }

  @Test
  void thePageOfTheDevicesOwnWebSelectorOpensAgainWithoutTheFlag() {
    AgentOutcome outcome = runFlowOn("web:http://127.0.0.1:9/start", LOOPBACK);

    assertThat(outcome.status()).isEqualTo(TaskStatus.SUCCEEDED);
    assertThat(device.events()).contains(new FakeDevice.LaunchApp(LOOPBACK));
  }

  @Test
  void anotherPortThanTheDevicesOwnPageStillAsks() {
    AgentOutcome outcome = runFlowOn("web:http://127.0.0.1:8/start", LOOPBACK);

    assertThat(outcome.status()).isEqualTo(TaskStatus.FAILED);
    assertThat(onlyStep(outcome).error()).contains("--allow-url http://127.0.0.1:9");
    assertThat(device.events()).noneMatch(e -> e instanceof FakeDevice.LaunchApp);
  }
}
