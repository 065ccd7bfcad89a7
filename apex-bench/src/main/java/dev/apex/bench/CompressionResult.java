package dev.apex.bench;

import java.util.List;

/**
 * M1's figures: per dump, the tokens of the raw dump, of our compact encoding, and of the texts the
 * encoding carries.
 *
 * @param rows one per dump, in the manifest's order
 */
public record CompressionResult(List<Row> rows) implements MetricResult {

  /** The whole ratio's goal: the median over dumps at most this. */
  public static final double MEDIAN_RATIO_GOAL = 1.0 / 25;

  /** The structural overhead's goal, on every dump. */
  public static final double OVERHEAD_GOAL = 1.0 / 12;

  /**
   * One dump.
   *
   * @param dump its file in the data folder
   * @param nodes its node count
   * @param rawTokens cl100k tokens of the raw dump's text
   * @param encodedTokens cl100k tokens of the compact encoding of its scene
   * @param textTokens the tokens of the scene's texts, each counted alone
   * @param texts elements with a text
   * @param textsWhole of those, how many appear whole in the encoding
   */
  public record Row(
      String dump,
      int nodes,
      int rawTokens,
      int encodedTokens,
      int textTokens,
      int texts,
      int textsWhole) {

    /** Encoded ÷ raw tokens. */
    public double ratio() {
      return (double) encodedTokens / rawTokens;
    }

    /** (encoded − texts) ÷ (raw − texts): what the structure costs around the same texts. */
    public double overhead() {
      return (double) (encodedTokens - textTokens) / (rawTokens - textTokens);
    }
  }

  public CompressionResult {
    rows = List.copyOf(rows);
    if (rows.isEmpty()) {
      throw new IllegalArgumentException("rows must not be empty: measure at least one dump");
    }
  }

  public double medianRatio() {
    double[] r = rows.stream().mapToDouble(Row::ratio).sorted().toArray();
    int n = r.length;
    return n % 2 == 1 ? r[n / 2] : (r[n / 2 - 1] + r[n / 2]) / 2;
  }

  public Row worstOverhead() {
    return rows.stream().max((a, b) -> Double.compare(a.overhead(), b.overhead())).orElseThrow();
  }

  public int texts() {
    return rows.stream().mapToInt(Row::texts).sum();
  }

  public int textsWhole() {
    return rows.stream().mapToInt(Row::textsWhole).sum();
  }

  @Override
  public String id() {
    return "M1";
  }

  @Override
  public String title() {
    return "Compression: tokens per observation";
  }

  @Override
  public String method() {
    return "Every dump in the data folder is parsed, built into a scene (no OCR: the dumps have no"
        + " screenshot) and written in the compact encoding the planner and the LLM read. Tokens"
        + " are cl100k_base (jtokkit). The baseline is the raw dump as a peer sends it (its text,"
        + " decoded by its byte-order mark). *Ratio* is encoded ÷ raw tokens. *Structural"
        + " overhead* is what the format costs around the same words: (encoded − texts) ÷ (raw −"
        + " texts), where *texts* are the tokens of the scene's texts, each counted alone. Texts are"
        + " never cut: *whole* counts the texts found unshortened in the encoding.";
  }

  @Override
  public List<Table> tables() {
    Table.Builder t =
        Table.builder(
            "Per dump (nodes as MANIFEST.json counts them)",
            "dump",
            "nodes",
            "raw tokens",
            "encoded tokens",
            "text tokens",
            "ratio",
            "structural overhead",
            "texts whole");
    long raw = 0;
    long enc = 0;
    long text = 0;
    for (Row r : rows) {
      t.row(
          "`" + r.dump() + "`",
          r.nodes(),
          Fmt.count(r.rawTokens()),
          Fmt.count(r.encodedTokens()),
          Fmt.count(r.textTokens()),
          Fmt.fraction(r.ratio()),
          Fmt.fraction(r.overhead()),
          r.textsWhole() + "/" + r.texts());
      raw += r.rawTokens();
      enc += r.encodedTokens();
      text += r.textTokens();
    }
    t.row(
        "**all " + rows.size() + " dumps**",
        Fmt.count(rows.stream().mapToInt(Row::nodes).sum()),
        Fmt.count(raw),
        Fmt.count(enc),
        Fmt.count(text),
        Fmt.fraction((double) enc / raw) + " (median " + Fmt.fraction(medianRatio()) + ")",
        Fmt.fraction((double) (enc - text) / (raw - text))
            + " (worst "
            + Fmt.fraction(worstOverhead().overhead())
            + ")",
        textsWhole() + "/" + texts());
    return List.of(t.build());
  }

  @Override
  public List<Goal> goals() {
    Row worst = worstOverhead();
    return List.of(
        Goal.goal(
            id(),
            "compression, median over dumps (encoded ÷ raw tokens)",
            "≤ 1/25",
            Fmt.fraction(medianRatio()),
            medianRatio() <= MEDIAN_RATIO_GOAL),
        Goal.goal(
            id(),
            "structural overhead on every dump",
            "≤ 1/12",
            Fmt.fraction(worst.overhead()) + " (worst: `" + worst.dump() + "`)",
            worst.overhead() <= OVERHEAD_GOAL),
        Goal.goal(
            id(),
            "texts carried whole",
            "100 %",
            Fmt.percent(texts() == 0 ? 1.0 : (double) textsWhole() / texts()),
            textsWhole() == texts()));
  }
}
