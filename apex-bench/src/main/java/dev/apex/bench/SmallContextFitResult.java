package dev.apex.bench;

import java.util.List;

/**
 * SmallContextFit's figures (M10).
 *
 * @param dump the dump measured: the largest shared one by its screen block
 * @param cl100k the request's tokens by cl100k_base (GPT-4 class)
 * @param o200k the request's tokens by o200k_base (GPT-4o class)
 * @param toolTokens of those (o200k), the tool catalogue's
 * @param maxTokens the reply's {@code max_tokens}
 */
public record SmallContextFitResult(
    String dump, int cl100k, int o200k, int toolTokens, long maxTokens) implements MetricResult {

  /** The larger count with the margin, plus the reply: what the window must hold. */
  public long needed() {
    return SmallContextFit.needed(Math.max(cl100k, o200k), maxTokens);
  }

  public boolean fits() {
    return needed() <= SmallContextFit.WINDOW;
  }

  @Override
  public String id() {
    return "M10";
  }

  @Override
  public String title() {
    return "Small-context fit: the planner's request in an 8,192-token window";
  }

  @Override
  public String method() {
    return "The largest shared dump (by the tokens of its screen block) is perceived without OCR,"
        + " and the planner's request for the last step of a "
        + SmallContextFit.STEPS
        + "-step task on it is written by the planner's own prompt code: the system prompt, the"
        + " tool catalogue as a provider sends it, and the user message with a history built"
        + " long (taps on the longest-labelled elements, every other one failed with an error"
        + " line, the world's history full). It is counted with cl100k and o200k; the larger"
        + " count, plus "
        + Math.round(SmallContextFit.MARGIN * 100)
        + " % for other tokenizers, plus the reply's max_tokens, must fit "
        + Fmt.count(SmallContextFit.WINDOW)
        + " tokens, the context many local models run with.";
  }

  @Override
  public List<Table> tables() {
    return List.of(
        Table.builder(
                "The request of step " + SmallContextFit.STEPS + " on " + dump,
                "cl100k",
                "o200k",
                "of which tools (o200k)",
                "max_tokens",
                "needed with margin",
                "window")
            .row(
                Fmt.count(cl100k),
                Fmt.count(o200k),
                Fmt.count(toolTokens),
                Fmt.count(maxTokens),
                Fmt.count(needed()),
                Fmt.count(SmallContextFit.WINDOW))
            .build());
  }

  @Override
  public List<Goal> goals() {
    return List.of(
        Goal.goal(
            id(),
            "planner request fits a small context",
            "≤ " + Fmt.count(SmallContextFit.WINDOW) + " tokens with a 15 % margin",
            Fmt.count(needed())
                + " (cl100k "
                + Fmt.count(cl100k)
                + ", o200k "
                + Fmt.count(o200k)
                + ")",
            fits()));
  }
}
