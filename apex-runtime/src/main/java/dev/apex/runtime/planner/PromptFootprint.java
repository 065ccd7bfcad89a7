package dev.apex.runtime.planner;

import dev.apex.core.Json;
import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.llm.ToolDefinition;
import dev.apex.runtime.LlmTotals;
import dev.apex.tools.ToolRegistry;
import dev.apex.world.ScreenSignature;
import dev.apex.world.WorldEvent;
import dev.apex.world.WorldState;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What the planner sends for one step, as text, to measure it against a model's context window (the
 * bench's small-context fit, for local models with 8,192 tokens): the system prompt, the tool
 * catalogue (as the JSON a provider sends) and the user message of the last step of a task of
 * {@code steps} steps on {@code scene}, written by the planner's own {@link PromptWriter} with a
 * history built to be long: every earlier step a tap on one of the screen's longest-labelled
 * elements, every other one failed with an error line, the world's history full, the budget line at
 * its widest. Nothing here calls a model.
 */
public final class PromptFootprint {

  private PromptFootprint() {}

  /**
   * One request's parts.
   *
   * @param system the static system prompt
   * @param toolsJson the tool catalogue as JSON (name, description, input schema of each tool)
   * @param user the step's user message
   * @param maxTokens the reply's output limit the request carries
   */
  public record Request(String system, String toolsJson, String user, long maxTokens) {}

  /**
   * The request for step {@code steps} of a task of {@code steps} steps on {@code scene}.
   *
   * @param worldHistory how many steps the world remembers (the config's {@code
   *     world.history_size}, default 10)
   */
  public static Request lastStep(
      Scene scene, String goal, int steps, int worldHistory, PlannerConfig config) {
    Objects.requireNonNull(scene, "scene");
    Objects.requireNonNull(config, "config");
    if (steps < 1) {
      throw new IllegalArgumentException("steps must be >= 1, got " + steps);
    }
    ToolCatalog catalog = ToolCatalog.of(ToolRegistry.defaultRegistry(), config.hiddenTools());
    List<SceneElement> longest =
        scene.elements().stream()
            .sorted(Comparator.comparingInt((SceneElement e) -> e.text().length()).reversed())
            .limit(Math.max(1, steps))
            .toList();
    String signature = ScreenSignature.of(scene);
    List<StepNote> notes = new ArrayList<>();
    List<WorldEvent> history = new ArrayList<>();
    for (int i = 1; i < steps; i++) {
      SceneElement target = longest.isEmpty() ? null : longest.get((i - 1) % longest.size());
      String handle = String.valueOf(target == null ? 1 : scene.elements().indexOf(target) + 1);
      PlannedStep step = PlannedStep.of("tap", Map.of("element", handle));
      boolean failed = i % 2 == 0;
      notes.add(
          new StepNote(
              i,
              step,
              PromptWriter.describe(
                  target == null ? step : PlannedStep.of("tap", Map.of("element", target.id())),
                  scene),
              !failed,
              failed
                  ? "element "
                      + handle
                      + " did not respond: the screen was the same 2000 ms after the tap"
                  : null,
              false,
              failed ? StepNote.Effect.NO_VISIBLE_EFFECT : StepNote.Effect.CHANGED));
      history.add(new WorldEvent(i, "tap", !failed, null, signature, null, null));
    }
    WorldState world =
        new WorldState(
            "com.android.settings",
            null,
            signature,
            Map.of(),
            history.subList(Math.max(0, history.size() - worldHistory), history.size()));
    LlmTotals spend =
        new LlmTotals(config.model(), steps - 1, 9_999_999, 999_999, 0, 9_999_999, 99.9999);
    String user =
        PromptWriter.write(
            new PromptWriter.Input(
                "0123456789abcdef",
                goal,
                scene,
                signature,
                null,
                world,
                notes,
                config.recentSteps(),
                List.of(),
                PromptWriter.budgetLine(
                    steps, config.budget(), spend, config.budget().maxWallTime())));
    List<Map<String, Object>> tools = new ArrayList<>();
    for (ToolDefinition tool : catalog.definitions()) {
      tools.add(
          Map.of(
              "type",
              "function",
              "function",
              Map.of(
                  "name",
                  tool.name(),
                  "description",
                  tool.description(),
                  "parameters",
                  tool.inputSchema(),
                  "strict",
                  true)));
    }
    return new Request(PlannerPrompt.SYSTEM, Json.write(tools), user, config.maxOutputTokens());
  }
}
