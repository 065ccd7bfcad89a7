package dev.apex.runtime.planner;

import dev.apex.testkit.llm.FakeReply;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/** Scripted model replies: one tool call each, with realistic usage. */
final class Replies {

  /** A first call writes the cached prefix; later calls read it. */
  static final FakeReply.Usage FIRST = new FakeReply.Usage(850, 70, 2300, 0);

  static final FakeReply.Usage LATER = new FakeReply.Usage(900, 60, 0, 2300);

  private static final AtomicInteger IDS = new AtomicInteger();

  private Replies() {}

  static FakeReply.Message call(String tool, Map<String, ?> input) {
    return FakeReply.toolUse("toolu_" + IDS.incrementAndGet(), tool, input).withUsage(LATER);
  }

  static FakeReply.Message launch(String app) {
    return call("launch_app", Map.of("app_id", app));
  }

  static FakeReply.Message tapText(String text) {
    return call("tap", Map.of("text", text));
  }

  static FakeReply.Message tapElement(String handle) {
    return call("tap", Map.of("element", handle));
  }

  static FakeReply.Message waitMs(int ms) {
    return call("wait", Map.of("ms", ms));
  }

  static FakeReply.Message done(String summary) {
    return call("done", Map.of("summary", summary));
  }

  static FakeReply.Message giveUp(String reason) {
    return call("give_up", Map.of("reason", reason));
  }

  /** A tool call after a thinking block, as adaptive-thinking models answer. */
  static FakeReply.Message thinkingThen(String tool, Map<String, ?> input) {
    Map<String, Object> thinking = new LinkedHashMap<>();
    thinking.put("type", "thinking");
    thinking.put("thinking", "The switch is off; tap it.");
    thinking.put("signature", "sig_fake");
    return FakeReply.message(
            "tool_use",
            List.of(
                thinking, FakeReply.toolUseBlock("toolu_" + IDS.incrementAndGet(), tool, input)))
        .withUsage(LATER);
  }
}
