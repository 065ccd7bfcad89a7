package dev.apex.runtime.planner;

import dev.apex.core.Json;
import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.core.Text;
import dev.apex.llm.SemanticScene;
import dev.apex.perception.CompactEncoder;
import dev.apex.perception.Handles;
import dev.apex.runtime.LlmTotals;
import dev.apex.world.WorldEvent;
import dev.apex.world.WorldState;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Writes the per-step user message: the nonce line, the goal, apex's runtime notes (trusted: they
 * carry no screen text), then the data blocks — task (world state and recent steps), screen
 * (perception's {@link CompactEncoder} form) and labels (the semantic scene, when present) — each
 * inside an {@link Untrusted} block with the message's nonce. Anything derived from a screen,
 * including step errors (which quote the screen) and the world's page (a model's label of a
 * screen), goes only into a block. Stateless.
 */
final class PromptWriter {

  private PromptWriter() {}

  /** What one message is made of. */
  record Input(
      String nonce,
      String goal,
      Scene scene,
      String signature,
      SemanticScene semantic,
      WorldState world,
      List<StepNote> notes,
      int recentSteps,
      List<String> extraNotes,
      String budgetLine,
      Handles handles) {

    /** An input whose screen is numbered as a fresh table numbers it. */
    Input(
        String nonce,
        String goal,
        Scene scene,
        String signature,
        SemanticScene semantic,
        WorldState world,
        List<StepNote> notes,
        int recentSteps,
        List<String> extraNotes,
        String budgetLine) {
      this(
          nonce,
          goal,
          scene,
          signature,
          semantic,
          world,
          notes,
          recentSteps,
          extraNotes,
          budgetLine,
          new Handles());
    }
  }

  static String write(Input in) {
    StringBuilder out = new StringBuilder(4096);
    out.append("Data blocks in this message are marked ")
        .append(Untrusted.TAG)
        .append('-')
        .append(in.nonce())
        .append(".\n\nGOAL:\n")
        .append(in.goal().strip())
        .append("\n\nRUNTIME NOTES:\n");
    StepNote last = in.notes().isEmpty() ? null : in.notes().get(in.notes().size() - 1);
    out.append("- ").append(lastStepNote(last)).append('\n');
    for (String note : in.extraNotes()) {
      out.append("- ").append(note).append('\n');
    }
    out.append("- ").append(in.budgetLine()).append("\n\n");
    out.append(Untrusted.block(in.nonce(), "task", task(in))).append("\n\n");
    out.append(
        Untrusted.block(in.nonce(), "screen", CompactEncoder.encode(in.scene(), in.handles())));
    if (in.semantic() != null) {
      out.append("\n\n").append(Untrusted.block(in.nonce(), "labels", labels(in)));
    }
    out.append("\n\nCall one tool for the next action.");
    return out.toString();
  }

  static String lastStepNote(StepNote last) {
    if (last == null) {
      return "This is the first step of the task: nothing has been done yet.";
    }
    String step = "Step " + last.index() + " (" + last.step().action() + ")";
    if (last.policyDenied()) {
      return step
          + " was REFUSED by the safety policy (policy_denied): it needs the user's confirmation"
          + " and did not get it, so nothing was done. Do not try to reach the same effect"
          + " another way; go on without it, or call give_up if the goal needs it.";
    }
    String effect =
        switch (last.effect()) {
          case CHANGED -> "the screen changed after it.";
          case NO_VISIBLE_EFFECT ->
              "it had NO visible effect: the screen is exactly as it was before it. Do not"
                  + " repeat it unchanged.";
          case UNKNOWN -> "it did not act on the screen.";
        };
    return last.success()
        ? step + " ran; " + effect
        : step + " FAILED (the error is in the task block); " + effect;
  }

  private static String task(Input in) {
    StringBuilder out = new StringBuilder();
    WorldState w = in.world();
    out.append("screen signature now: ").append(in.signature());
    if (w != null && w.screenSignature() != null) {
      out.append(
          w.screenSignature().equals(in.signature())
              ? " (the same screen as before the last step)"
              : " (before the last step: " + w.screenSignature() + ")");
    }
    out.append('\n');
    if (w != null) {
      out.append("app last launched: ").append(orUnknown(w.currentApp())).append('\n');
      out.append("page: ").append(orUnknown(w.currentPage())).append('\n');
      if (!w.variables().isEmpty()) {
        out.append("variables: ").append(Json.write(w.variables())).append('\n');
      }
      if (!w.history().isEmpty()) {
        out.append("world history (oldest first): ")
            .append(w.history().stream().map(PromptWriter::event).collect(Collectors.joining("; ")))
            .append('\n');
      }
    }
    List<StepNote> notes = in.notes();
    if (notes.isEmpty()) {
      out.append("recent steps: none yet\n");
    } else {
      out.append("recent steps (oldest first):\n");
      for (StepNote note :
          notes.subList(Math.max(0, notes.size() - in.recentSteps()), notes.size())) {
        out.append(note.index()).append(". ").append(note.described()).append(" -> ");
        if (note.success()) {
          out.append("ok");
        } else {
          out.append(note.policyDenied() ? "refused: " : "failed: ").append(note.error());
        }
        if (note.effect() == StepNote.Effect.NO_VISIBLE_EFFECT) {
          out.append("; no visible effect");
        } else if (note.effect() == StepNote.Effect.CHANGED) {
          out.append("; ").append(note.change() == null ? "the screen changed" : note.change());
        }
        out.append('\n');
      }
    }
    return out.toString();
  }

  private static String event(WorldEvent e) {
    return e.index()
        + " "
        + (e.action().isEmpty() ? "-" : e.action())
        + (e.success() ? " ok" : " failed")
        + (e.pageOrSignature() == null ? "" : " at " + e.pageOrSignature());
  }

  private static String labels(Input in) {
    SemanticScene s = in.semantic();
    StringBuilder out = new StringBuilder();
    out.append("page: ").append(s.page()).append('\n');
    if (!s.intents().isEmpty()) {
      out.append("intents: ").append(String.join("; ", s.intents())).append('\n');
    }
    List<SceneElement> elements = in.scene().elements();
    List<String> handles = in.handles().name(in.scene());
    for (SemanticScene.Widget widget : s.widgets()) {
      for (int i = 0; i < elements.size(); i++) {
        if (elements.get(i).id().equals(widget.elementId())) {
          out.append(handles.get(i)).append(": ").append(widget.purpose()).append('\n');
          break;
        }
      }
    }
    return out.toString();
  }

  /** One line for a step: its action and arguments, and the text of the element it names. */
  static String describe(PlannedStep step, Scene scene) {
    StringBuilder out = new StringBuilder(step.action());
    if (!step.args().isEmpty()) {
      out.append(' ').append(Json.write(step.args()));
    }
    String ref = step.stringArg("tap".equals(step.action()) ? "element" : "id");
    if (ref != null) {
      scene
          .element(ref)
          .filter(e -> !e.text().isBlank())
          .ifPresent(e -> out.append(" on \"").append(oneLine(e.text(), 60)).append('"'));
    }
    return out.toString();
  }

  static String budgetLine(int stepNumber, Budget budget, LlmTotals totals, Duration elapsed) {
    return String.format(
        Locale.ROOT,
        "Budget: this is step %d of at most %d; model calls %d of %d; tokens %,d of %,d;"
            + " %s; time %ds of %ds.",
        stepNumber,
        budget.maxSteps(),
        totals.calls(),
        budget.maxLlmCalls(),
        totals.totalTokens(),
        budget.maxTokens(),
        totals.costKnown()
            ? String.format(
                Locale.ROOT, "estimated cost $%.4f of $%.2f", totals.costUsd(), budget.maxCostUsd())
            : "cost unknown",
        elapsed.toSeconds(),
        budget.maxWallTime().toSeconds());
  }

  private static String orUnknown(String value) {
    return value == null ? "unknown" : value;
  }

  private static String oneLine(String text, int max) {
    return Text.oneLine(text, max);
  }
}
