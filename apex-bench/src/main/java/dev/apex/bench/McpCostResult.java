package dev.apex.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * M6's figures: what {@code apex mcp}'s results put before the client's model.
 *
 * @param screens one per dump, in the manifest's order
 * @param sim the sim's Settings screen: its tree, describe_screen and screenshot results
 * @param toolList the server's {@code tools/list} result
 */
public record McpCostResult(List<Screen> screens, Sim sim, ToolList toolList)
    implements MetricResult {

  /** Pixels per image token, by Anthropic's documented estimate: tokens = width × height / 750. */
  public static final int PIXELS_PER_IMAGE_TOKEN = 750;

  /** The longest edge Anthropic's API takes an image at; a longer one is scaled down first. */
  public static final int API_LONG_EDGE = 1568;

  /** About the most tokens Anthropic's API takes an image at; a bigger one is scaled down first. */
  public static final int API_IMAGE_TOKENS = 1600;

  /**
   * One dump.
   *
   * @param dump its file in the data folder
   * @param nodes its node count
   * @param rawTokens cl100k tokens of the raw dump's text (M1's baseline)
   * @param compactTokens cl100k tokens of the compact encoding of its scene (M1's)
   * @param resultTokens cl100k tokens of the describe_screen result's text around it
   */
  public record Screen(String dump, int nodes, int rawTokens, int compactTokens, int resultTokens) {

    /** describe_screen result ÷ raw tree tokens. */
    public double ratio() {
      return (double) resultTokens / rawTokens;
    }
  }

  /**
   * One screenshot result.
   *
   * @param label which size it is
   * @param width the image's width in pixels
   * @param height the image's height in pixels
   * @param scale image pixels per Scene pixel
   * @param pngBytes the PNG's bytes
   * @param resultBytes the UTF-8 bytes of the result's JSON, as it goes on the wire (base64 image)
   * @param textTokens cl100k tokens of the result's text part (its sizes and scale)
   */
  public record Shot(
      String label,
      int width,
      int height,
      double scale,
      int pngBytes,
      int resultBytes,
      int textTokens) {

    /** The image's size as the API takes it: scaled down, aspect kept, to within its limits. */
    public int[] takenSize() {
      double f = Math.min(1.0, (double) API_LONG_EDGE / Math.max(width, height));
      double pixels = (double) width * height;
      f = Math.min(f, Math.sqrt(API_IMAGE_TOKENS * (double) PIXELS_PER_IMAGE_TOKEN / pixels));
      if (f >= 1.0) {
        return new int[] {width, height};
      }
      return new int[] {(int) Math.round(width * f), (int) Math.round(height * f)};
    }

    /**
     * Image tokens by the documented estimate, on the size the API takes, rounded up as the guide's
     * examples are (200 × 200 px ≈ 54).
     */
    public int imageTokens() {
      int[] taken = takenSize();
      return (int) Math.ceil((double) taken[0] * taken[1] / PIXELS_PER_IMAGE_TOKEN);
    }

    /** What the result costs the model: its image and its text. */
    public int modelTokens() {
      return imageTokens() + textTokens;
    }
  }

  /**
   * The sim's screen the screenshots are of.
   *
   * @param app the app in front
   * @param treeTokens cl100k tokens of its raw tree (the sim's uiautomator XML)
   * @param describeTokens cl100k tokens of its describe_screen result
   * @param byDefault its screenshot at the default max width
   * @param full its screenshot at full size
   */
  public record Sim(String app, int treeTokens, int describeTokens, Shot byDefault, Shot full) {
    public Sim {
      Objects.requireNonNull(app, "app");
      Objects.requireNonNull(byDefault, "byDefault");
      Objects.requireNonNull(full, "full");
    }
  }

  /**
   * The {@code tools/list} result.
   *
   * @param tools how many tools it lists
   * @param bytes its JSON's UTF-8 bytes
   * @param tokens cl100k tokens of its JSON
   */
  public record ToolList(int tools, int bytes, int tokens) {
    public ToolList {
      if (tools < 1) {
        throw new IllegalArgumentException("tools must be at least 1, got " + tools);
      }
    }
  }

  public McpCostResult {
    screens = List.copyOf(screens);
    if (screens.isEmpty()) {
      throw new IllegalArgumentException("screens must not be empty: measure at least one dump");
    }
    Objects.requireNonNull(sim, "sim");
    Objects.requireNonNull(toolList, "toolList");
  }

  public double medianRatio() {
    double[] r = screens.stream().mapToDouble(Screen::ratio).sorted().toArray();
    int n = r.length;
    return n % 2 == 1 ? r[n / 2] : (r[n / 2 - 1] + r[n / 2]) / 2;
  }

  /** All describe_screen results' tokens ÷ all raw trees' tokens. */
  public double totalRatio() {
    long raw = screens.stream().mapToLong(Screen::rawTokens).sum();
    long result = screens.stream().mapToLong(Screen::resultTokens).sum();
    return (double) result / raw;
  }

  @Override
  public String id() {
    return "M6";
  }

  @Override
  public String title() {
    return "MCP: what apex mcp's results cost the client's model";
  }

  @Override
  public String method() {
    return "Built by the server's own code, not a copy: *describe_screen* is the text of the result"
        + " `apex mcp` returns by default (`ApexMcpServer.describeScreenResultText`: M1's compact"
        + " encoding of the scene inside its untrusted-data block, after an `ok in … ms` line), per"
        + " dump, against the raw tree as a peer hands it (M1's baseline). A block's nonce is"
        + " random, so every result is counted with one fixed draw of the server's generator."
        + " *screenshot* is the real tool run on the sim's Settings screen, at the default"
        + " `max_width` and at full size; *on the wire* is the UTF-8 bytes of the result's JSON"
        + " (`ApexMcpServer.screenshotResultJson`: the PNG in base64, and a line of sizes). The"
        + " model does not read the base64: its image tokens follow Anthropic's documented"
        + " estimate, *tokens = width px × height px / 750*, on the size the API takes (an image"
        + " whose long edge is over 1568 px, or over about 1,600 tokens, is scaled down first,"
        + " aspect kept) — Anthropic's vision guide, “Calculate image costs”"
        + " (https://docs.anthropic.com/en/docs/build-with-claude/vision); the text part's tokens"
        + " are added. *tools/list* is the JSON of the server's `tools/list` result"
        + " on the sim, the default device (`ApexMcpServer.toolListJson`: the tools the device"
        + " supports), what a client puts before its model on every request."
        + " Text tokens are cl100k_base (jtokkit), as in M1; Claude's own tokenizer differs"
        + " somewhat. Deterministic: no timing.";
  }

  @Override
  public List<Table> tables() {
    return List.of(screenTable(), shotTable(), sameScreenTable(), toolListTable());
  }

  private Table screenTable() {
    Table.Builder t =
        Table.builder(
            "describe_screen vs the raw tree, per dump (nodes as MANIFEST.json counts them)",
            "dump",
            "nodes",
            "raw tree tokens",
            "describe_screen tokens",
            "of which the compact scene",
            "describe_screen ÷ raw");
    long raw = 0;
    long compact = 0;
    long result = 0;
    for (Screen s : screens) {
      t.row(
          "`" + s.dump() + "`",
          s.nodes(),
          Fmt.count(s.rawTokens()),
          Fmt.count(s.resultTokens()),
          Fmt.count(s.compactTokens()),
          Fmt.fraction(s.ratio()));
      raw += s.rawTokens();
      compact += s.compactTokens();
      result += s.resultTokens();
    }
    t.row(
        "**all " + screens.size() + " dumps**",
        Fmt.count(screens.stream().mapToInt(Screen::nodes).sum()),
        Fmt.count(raw),
        Fmt.count(result),
        Fmt.count(compact),
        Fmt.fraction(totalRatio()) + " (median " + Fmt.fraction(medianRatio()) + ")");
    return t.build();
  }

  private Table shotTable() {
    Table.Builder t =
        Table.builder(
            "One screenshot result, the sim's Settings screen (" + sim.app() + ")",
            "max_width",
            "image",
            "scale",
            "PNG bytes",
            "result on the wire (JSON bytes)",
            "image tokens (w × h / 750)",
            "text tokens",
            "model tokens");
    for (Shot s : List.of(sim.byDefault(), sim.full())) {
      int[] taken = s.takenSize();
      boolean scaled = taken[0] != s.width() || taken[1] != s.height();
      t.row(
          s.label(),
          s.width() + " × " + s.height() + " px",
          Fmt.decimal(s.scale(), 4),
          Fmt.count(s.pngBytes()),
          Fmt.count(s.resultBytes()),
          Fmt.count(s.imageTokens())
              + (scaled ? " (the API takes it at " + taken[0] + " × " + taken[1] + ")" : ""),
          Fmt.count(s.textTokens()),
          Fmt.count(s.modelTokens()));
    }
    return t.build();
  }

  private Table sameScreenTable() {
    Table.Builder t =
        Table.builder(
            "The same Settings screen, by what one observation costs the model",
            "observation",
            "model tokens",
            "÷ describe_screen");
    List<Object[]> rows = new ArrayList<>();
    rows.add(new Object[] {"raw tree (the sim's uiautomator XML)", sim.treeTokens()});
    rows.add(new Object[] {"describe_screen", sim.describeTokens()});
    rows.add(
        new Object[] {"screenshot, " + sim.byDefault().label(), sim.byDefault().modelTokens()});
    rows.add(new Object[] {"screenshot, " + sim.full().label(), sim.full().modelTokens()});
    for (Object[] r : rows) {
      int tokens = (Integer) r[1];
      t.row(r[0], Fmt.count(tokens), Fmt.times((double) tokens / sim.describeTokens()));
    }
    return t.build();
  }

  private Table toolListTable() {
    return Table.builder(
            "The server's tools/list result",
            "tools",
            "JSON bytes",
            "tokens",
            "bytes per tool",
            "tokens per tool")
        .row(
            toolList.tools(),
            Fmt.count(toolList.bytes()),
            Fmt.count(toolList.tokens()),
            Fmt.count(Math.round((double) toolList.bytes() / toolList.tools())),
            Fmt.count(Math.round((double) toolList.tokens() / toolList.tools())))
        .build();
  }

  /** Reported only: no goal or aim (the issue asks for the figures, not a target). */
  @Override
  public List<Goal> goals() {
    return List.of();
  }
}
