package dev.apex.runtime.planner;

import static dev.apex.runtime.planner.SimScenes.resourceId;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;
import dev.apex.core.ElementFlag;
import dev.apex.core.Scene;
import dev.apex.core.TaskStatus;
import dev.apex.device.sim.SimDevice;
import dev.apex.llm.LlmUsage;
import dev.apex.runtime.LlmTotals;
import dev.apex.runtime.TaskOutcome;
import dev.apex.testkit.FakeClock;
import dev.apex.timeline.StepRecord;
import dev.apex.timeline.StepUsage;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The Wi-Fi goal on the simulated phone, driven to {@code done} by scripted tool calls through the
 * real SDK against the fake Messages API; then the requests are checked as the API would see them.
 */
class WifiGoalTest {

  static final String GOAL = "Turn Wi-Fi on";

  /** The handle of the Wi-Fi switch on the sim's Wi-Fi page (what a model would read). */
  static String switchHandle() {
    try (SimDevice sim = SimDevice.create(new FakeClock())) {
      Scene home = SimScenes.capture(sim);
      sim.launchApp(AgentFixture.SETTINGS);
      Scene main = SimScenes.capture(sim);
      var row = SimScenes.element(main, resourceId("wifi_row"));
      sim.tap(row.bounds().centerX(), row.bounds().centerY());
      return SimScenes.taskHandle(resourceId("wifi_switch"), home, main, SimScenes.capture(sim));
    }
  }

  static void scriptWifi(AgentFixture f) {
    f.api.enqueue(
        Replies.launch(AgentFixture.SETTINGS).withUsage(Replies.FIRST),
        Replies.tapText("Wi-Fi"),
        Replies.thinkingThen("tap", Map.of("element", switchHandle())),
        Replies.done("Wi-Fi is on: the switch on the Wi-Fi page reads On."));
  }

  @Test
  void scriptedToolCallsTurnWifiOnAndTheTaskSucceeds() {
    try (AgentFixture f = new AgentFixture()) {
      scriptWifi(f);

      TaskOutcome outcome = f.run(GOAL);

      assertThat(outcome.status()).as(outcome.reason()).isEqualTo(TaskStatus.SUCCEEDED);
      assertThat(f.steps.records)
          .extracting(r -> r.step().action())
          .containsExactly("launch_app", "tap", "tap");
      assertThat(f.steps.records).allMatch(r -> r.result().success());
      Scene after = SimScenes.capture(f.device);
      assertThat(SimScenes.element(after, resourceId("wifi_switch")).has(ElementFlag.CHECKED))
          .isTrue();
      assertThat(f.agent.summary()).contains("Wi-Fi is on: the switch on the Wi-Fi page reads On.");
      assertThat(f.asked).as("nothing sensitive was asked").isEmpty();
    }
  }

  @Test
  void aHandleBecomesTheElementIdInTheRecordedStep() {
    try (AgentFixture f = new AgentFixture()) {
      scriptWifi(f);

      f.run(GOAL);

      StepRecord toggle = f.steps.records.get(2);
      String switchId = SimScenes.element(toggle.scene(), resourceId("wifi_switch")).id();
      assertThat(toggle.step().args()).containsEntry("element", switchId);
    }
  }

  @Test
  void requestsCarryStrictToolsTheCachedStaticBlockAndOneCallPerTurn() {
    try (AgentFixture f = new AgentFixture()) {
      scriptWifi(f);

      f.run(GOAL);

      List<JsonNode> requests = f.requests().stream().map(r -> r.json()).toList();
      assertThat(requests).hasSize(4);
      JsonNode first = requests.get(0);
      assertThat(first.path("model").asText()).isEqualTo("claude-sonnet-5-5");
      assertThat(first.path("tool_choice").path("type").asText()).isEqualTo("auto");
      assertThat(first.path("tool_choice").path("disable_parallel_tool_use").asBoolean()).isTrue();
      assertThat(first.path("output_config").path("effort").asText()).isEqualTo("low");
      assertThat(first.has("thinking")).as("no thinking settings: the model's default").isFalse();

      JsonNode system = first.path("system");
      assertThat(system).hasSize(1);
      assertThat(system.get(0).path("text").asText()).isEqualTo(PlannerPrompt.SYSTEM);
      assertThat(system.get(0).path("cache_control").path("type").asText()).isEqualTo("ephemeral");

      List<String> names = new ArrayList<>();
      for (JsonNode tool : first.path("tools")) {
        names.add(tool.path("name").asText());
        assertThat(tool.path("strict").asBoolean()).as(tool.path("name").asText()).isTrue();
        JsonNode schema = tool.path("input_schema");
        assertThat(schema.path("type").asText()).isEqualTo("object");
        assertThat(schema.path("additionalProperties").asBoolean(true)).isFalse();
      }
      assertThat(names)
          .contains(
              "launch_app", "tap", "type_text", "swipe", "press_key", "wait", "done", "give_up")
          .doesNotContain("describe_screen");
      JsonNode tap = tool(first, "tap").path("input_schema").path("properties");
      assertThat(tap.has("element")).isTrue();
      assertThat(tap.has("checked")).as("flag filters are not offered").isFalse();
      assertThat(tap.path("element").path("description").asText()).contains("handle");

      for (JsonNode later : requests.subList(1, requests.size())) {
        assertThat(later.path("system"))
            .as("cached prefix: system")
            .isEqualTo(first.path("system"));
        assertThat(later.path("tools")).as("cached prefix: tools").isEqualTo(first.path("tools"));
      }
    }
  }

  @Test
  void screenTextReachesTheModelOnlyInsideNonceMarkedBlocks() {
    try (AgentFixture f = new AgentFixture()) {
      scriptWifi(f);

      f.run(GOAL);

      Set<String> nonces = new HashSet<>();
      for (int i = 0; i < f.requests().size(); i++) {
        String user = f.user(i);
        nonces.add(AgentFixture.nonce(user));
        assertThat(AgentFixture.block(user, "screen")).startsWith("\n720x1600\n");
        String trusted = AgentFixture.outsideBlocks(user);
        assertThat(trusted).contains("GOAL:\n" + GOAL);
        for (String screenText :
            List.of("Settings", "Bluetooth", "Apex Sim Phone", "Networks nearby", "Messages")) {
          assertThat(trusted).as("request %d outside the blocks", i).doesNotContain(screenText);
        }
      }
      assertThat(nonces).as("a new nonce per request").hasSize(f.requests().size());
      assertThat(AgentFixture.block(f.user(1), "screen")).contains("Apex Sim Phone", "Bluetooth");
      assertThat(AgentFixture.block(f.user(2), "screen")).contains("switch off", "Networks nearby");
    }
  }

  @Test
  void theWorldStateAndTheEffectOfEachStepAreInTheRequest() {
    try (AgentFixture f = new AgentFixture()) {
      scriptWifi(f);

      f.run(GOAL);

      String first = f.user(0);
      assertThat(first).contains("This is the first step of the task");
      assertThat(AgentFixture.block(first, "task")).contains("screen signature now: ");

      String second = f.user(1);
      String task = AgentFixture.block(second, "task");
      assertThat(task)
          .contains("app last launched: com.android.settings")
          .contains("world history (oldest first): 1 launch_app ok")
          .contains(
              "1. launch_app {\"app_id\":\"com.android.settings\"} -> ok; new screen; 3 gone;"
                  + " 5 new (6 \"Wi-Fi | Off\", 7 \"Bluetooth | Off\", 8 \"Display | Dark theme Off\","
                  + " +2 more)");
      assertThat(AgentFixture.outsideBlocks(second))
          .contains("Step 1 (launch_app) ran; the screen changed");

      String last = f.user(3);
      assertThat(AgentFixture.block(last, "task"))
          .contains("3. tap {\"element\":")
          .contains("on \"Off\" -> ok; 12 \"Wi-Fi | Off\" → \"Wi-Fi | On\"; 13 switch off → on");
      assertThat(AgentFixture.outsideBlocks(last))
          .contains("Budget: this is step 4 of at most 20; model calls 3 of 40");
    }
  }

  @Test
  void eachStepRecordsItsUsageAndTheTaskHasTotals() {
    try (AgentFixture f = new AgentFixture()) {
      scriptWifi(f);

      f.run(GOAL);

      ModelPricing sonnet = Pricing.of("claude-sonnet-5-5").orElseThrow();
      LlmUsage first = new LlmUsage(850, 70, 2300, 0);
      LlmUsage later = new LlmUsage(900, 60, 0, 2300);
      StepUsage step1 = f.steps.records.get(0).extras().llmUsage().get(0);
      assertThat(step1.calls()).isEqualTo(1);
      assertThat(step1.model()).isEqualTo("claude-sonnet-5-5");
      assertThat(step1.tokens().cacheCreationTokens()).isEqualTo(2300);
      assertThat(step1.costUsd())
          .isCloseTo(sonnet.costUsd(first), org.assertj.core.data.Offset.offset(1e-12));
      StepUsage step2 = f.steps.records.get(1).extras().llmUsage().get(0);
      assertThat(step2.tokens()).isEqualTo(later);
      assertThat(step2.costUsd()).isNotNull();

      LlmTotals totals = f.agent.totals();
      assertThat(totals.calls()).isEqualTo(4);
      assertThat(totals.costUsd())
          .isCloseTo(
              sonnet.costUsd(first) + 3 * sonnet.costUsd(later),
              org.assertj.core.data.Offset.offset(1e-12));
      assertThat(totals.summary()).startsWith("4 calls to claude-sonnet-5-5: ");
    }
  }

  @Test
  void measuresTheStaticPrefixAndAStepsMessage() {
    try (AgentFixture f = new AgentFixture()) {
      scriptWifi(f);

      f.run(GOAL);

      Encoding cl100k = Encodings.newLazyEncodingRegistry().getEncoding(EncodingType.CL100K_BASE);
      JsonNode first = f.requests().get(0).json();
      int system = cl100k.countTokens(first.path("system").get(0).path("text").asText());
      int tools = cl100k.countTokens(first.path("tools").toString());
      List<Integer> users = new ArrayList<>();
      for (int i = 0; i < f.requests().size(); i++) {
        users.add(cl100k.countTokens(f.user(i)));
      }
      System.out.printf(
          "planner prompt (cl100k estimate): system %d + tools %d = %d cached tokens;"
              + " user messages per step %s tokens%n",
          system, tools, system + tools, users);
      int minCacheable = Pricing.of("claude-sonnet-5-5").orElseThrow().minCacheableTokens();
      assertThat(system + tools)
          .as("the static prefix must reach claude-sonnet-5-5's minimum cacheable prefix")
          .isGreaterThanOrEqualTo(minCacheable);
      assertThat(f.agent.planner().estimatedPrefixTokens()).isGreaterThanOrEqualTo(minCacheable);
    }
  }

  private static JsonNode tool(JsonNode request, String name) {
    for (JsonNode tool : request.path("tools")) {
      if (tool.path("name").asText().equals(name)) {
        return tool;
      }
    }
    throw new AssertionError("no tool " + name);
  }
}
