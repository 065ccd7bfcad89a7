package dev.apex.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A table of a metric's figures, already formatted, for the report.
 *
 * @param caption one line above the table (may be empty)
 * @param headers column names
 * @param rows cells, each row as wide as {@code headers}
 */
public record Table(String caption, List<String> headers, List<List<String>> rows) {

  public Table {
    Objects.requireNonNull(caption, "caption");
    headers = List.copyOf(headers);
    List<List<String>> copied = new ArrayList<>(rows.size());
    for (List<String> row : rows) {
      if (row.size() != headers.size()) {
        throw new IllegalArgumentException(
            "row " + row + " has " + row.size() + " cells for " + headers.size() + " headers");
      }
      copied.add(List.copyOf(row));
    }
    rows = List.copyOf(copied);
  }

  /** Starts a table with these headers. */
  public static Builder builder(String caption, String... headers) {
    return new Builder(caption, List.of(headers));
  }

  /** Collects rows; not thread-safe. */
  public static final class Builder {
    private final String caption;
    private final List<String> headers;
    private final List<List<String>> rows = new ArrayList<>();

    private Builder(String caption, List<String> headers) {
      this.caption = Objects.requireNonNull(caption, "caption");
      this.headers = headers;
    }

    public Builder row(Object... cells) {
      List<String> row = new ArrayList<>(cells.length);
      for (Object cell : cells) {
        row.add(String.valueOf(cell));
      }
      rows.add(row);
      return this;
    }

    /**
     * A row of a timed operation on {@code bytes}: label, bytes, wall median and p95, CPU median,
     * rounds (the columns of the timeline append tables).
     */
    public Builder measured(String label, long bytes, Measurement m) {
      return row(
          label,
          Fmt.count(bytes),
          Fmt.nanos(m.wall().median()),
          Fmt.nanos(m.wall().p95()),
          Fmt.nanos(m.cpu().median()),
          m.wall().samples());
    }

    public Table build() {
      return new Table(caption, headers, rows);
    }
  }
}
