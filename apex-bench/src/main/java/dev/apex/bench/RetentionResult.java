package dev.apex.bench;

import java.util.List;

/**
 * M2's figures: per dump, the interactive nodes and how many the scene kept.
 *
 * @param rows one per dump, in the manifest's order
 */
public record RetentionResult(List<Row> rows) implements MetricResult {

  /**
   * One dump.
   *
   * @param dump its file in the data folder
   * @param interactive visible interactive nodes with an area
   * @param retained of those, each one element that contains its centre
   * @param ambiguous of those, how many have a centre inside elements with different labels
   * @param missing the first few nodes not retained, as {@code path class: why}
   */
  public record Row(
      String dump, int interactive, int retained, int ambiguous, List<String> missing) {

    public Row {
      missing = List.copyOf(missing);
    }
  }

  public RetentionResult {
    rows = List.copyOf(rows);
  }

  public int interactive() {
    return rows.stream().mapToInt(Row::interactive).sum();
  }

  public int retained() {
    return rows.stream().mapToInt(Row::retained).sum();
  }

  public int ambiguous() {
    return rows.stream().mapToInt(Row::ambiguous).sum();
  }

  /** Retained ÷ interactive over all dumps; 1 when there is nothing to retain. */
  public double retention() {
    return interactive() == 0 ? 1.0 : (double) retained() / interactive();
  }

  @Override
  public String id() {
    return "M2";
  }

  @Override
  public String title() {
    return "Retention: every element a user can act on";
  }

  @Override
  public String method() {
    return "For every dump, each visible interactive node with an area (clickable, long-clickable,"
        + " checkable, editable or scrollable) must be exactly one scene element — the element"
        + " carrying the id the scene builder derives from the node — and that element must"
        + " contain the node's centre. A centre is *ambiguous* when it lies inside kept elements"
        + " with two or more different labels (ignoring case; unlabelled ones do not count):"
        + " counted and reported, not a goal.";
  }

  @Override
  public List<Table> tables() {
    Table.Builder t =
        Table.builder("Per dump", "dump", "interactive nodes", "retained", "ambiguous", "missing");
    for (Row r : rows) {
      t.row(
          "`" + r.dump() + "`",
          r.interactive(),
          r.retained(),
          r.ambiguous(),
          r.missing().isEmpty() ? "–" : String.join("; ", r.missing()));
    }
    t.row(
        "**all " + rows.size() + " dumps**",
        interactive(),
        retained() + " (" + Fmt.percent(retention()) + ")",
        ambiguous(),
        interactive() == retained() ? "–" : (interactive() - retained()) + " nodes");
    return List.of(t.build());
  }

  @Override
  public List<Goal> goals() {
    return List.of(
        Goal.goal(
            id(),
            "interactive nodes retained as one element holding their centre",
            "100 %",
            Fmt.percent(retention()) + " (" + retained() + "/" + interactive() + ")",
            retained() == interactive()));
  }
}
