package dev.apex.runtime.agent;

import dev.apex.timeline.ReplayMark;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What replaying a flow found: the steps healed, the model plans that healed them, the steps whose
 * screen changed while their target still resolved, and the healed flow to write back.
 *
 * @param heal whether healing was on for the run (asked for, and a healer was there)
 * @param healedSteps recorded steps the healer replaced or got past
 * @param healCalls plans asked of the healer (each at least one model call)
 * @param screenDrifts recorded steps that ran on a screen whose signature changed since recording
 * @param healPlans per flow step the healer was asked about (1-based), how many plans it took
 * @param marks every healed or drifted step, in order
 * @param healedFlow the flow with its healed steps in place, as YAML: present when the run
 *     SUCCEEDED with at least one step healed
 * @param noHealedFlow why there is no healed flow, or empty when there is one
 */
public record ReplayReport(
    boolean heal,
    int healedSteps,
    int healCalls,
    int screenDrifts,
    Map<Integer, Integer> healPlans,
    List<ReplayMark> marks,
    Optional<String> healedFlow,
    Optional<String> noHealedFlow) {

  public ReplayReport {
    marks = List.copyOf(Objects.requireNonNull(marks, "marks"));
    healPlans = Collections.unmodifiableMap(new TreeMap<>(healPlans));
    healedFlow = healedFlow == null ? Optional.empty() : healedFlow;
    noHealedFlow = noHealedFlow == null ? Optional.empty() : noHealedFlow;
  }

  /** One line for a person: {@code replay: 1 step healed with 1 model call, 1 screen drifted}. */
  public String summary() {
    StringBuilder out = new StringBuilder("replay: ");
    if (heal) {
      out.append(healedSteps)
          .append(healedSteps == 1 ? " step healed with " : " steps healed with ")
          .append(healCalls)
          .append(healCalls == 1 ? " model plan" : " model plans");
    } else {
      out.append("no healing");
    }
    out.append(", ")
        .append(screenDrifts)
        .append(screenDrifts == 1 ? " screen drifted" : " screens drifted")
        .append(" (target still found)");
    return out.toString();
  }
}
