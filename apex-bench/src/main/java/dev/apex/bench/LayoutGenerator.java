package dev.apex.bench;

import dev.apex.core.Bounds;
import dev.apex.core.ElementFlag;
import dev.apex.perception.OcrBox;
import dev.apex.perception.tree.UiNode;
import dev.apex.perception.tree.UiTree;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Generates long, realistic list screens of any size, with the OCR boxes a screenshot would give,
 * for measuring how fusion scales. Deterministic for a seed.
 *
 * <p>The page is 1080 px wide and as tall as its rows. A frame holds a scrollable list of rows of
 * two kinds: settings rows (a clickable row with an icon, a label drawn without tree text — the
 * case OCR exists for — a summary text view and a switch; 6 nodes) and app-grid rows (4 clickable
 * tiles, each an icon and an unlabelled caption; 13 nodes). OCR reads what is drawn, with
 * Tesseract's habits: boxes jittered a few pixels off the text, some labels split into two word
 * boxes, some neighbouring grid captions merged into one box, and a few badges on icons that the
 * tree does not know. About one box per two nodes.
 */
public final class LayoutGenerator {

  static final int WIDTH = 1080;
  private static final int LIST_ROW = 168;
  private static final int GRID_ROW = 300;
  private static final int TILE = WIDTH / 4;
  private static final String PACKAGE = "dev.apex.bench.generated";

  private final SplittableRandom random;
  private final List<OcrBox> boxes = new ArrayList<>();
  private int nodes;
  private int texts;

  private LayoutGenerator(long seed) {
    this.random = new SplittableRandom(seed);
  }

  /**
   * A page of about {@code targetNodes} nodes (within one row's worth, at least one row).
   *
   * @param targetNodes nodes wanted, at least 10
   */
  public static GeneratedLayout generate(int targetNodes, long seed) {
    if (targetNodes < 10) {
      throw new IllegalArgumentException("targetNodes must be at least 10, got " + targetNodes);
    }
    return new LayoutGenerator(seed).page(targetNodes);
  }

  private GeneratedLayout page(int targetNodes) {
    List<UiNode> rows = new ArrayList<>();
    nodes = 2; // the frame and the list
    int y = 0;
    while (nodes < targetNodes) {
      String path = "0/0/" + rows.size();
      if (random.nextInt(10) < 7) {
        rows.add(listRow(path, y));
        y += LIST_ROW;
      } else {
        rows.add(gridRow(path, y));
        y += GRID_ROW;
      }
    }
    Bounds page = new Bounds(0, 0, WIDTH, y);
    UiNode list =
        node("0/0", "androidx.recyclerview.widget.RecyclerView", "", page, ElementFlag.SCROLLABLE)
            .withChildren(rows)
            .build();
    NodeBuilder frame =
        node("0", "android.widget.FrameLayout", "", page).withChildren(List.of(list));
    UiNode root =
        new UiNode("", "hierarchy", "", "", "", "", page, Set.of(), true, List.of(frame.build()));
    return new GeneratedLayout(new UiTree(WIDTH, y, 0, root), boxes, nodes);
  }

  /** A settings row: clickable row, icon, label drawn as pixels, summary text, switch. */
  private UiNode listRow(String path, int y) {
    Bounds rowBounds = new Bounds(0, y, WIDTH, y + LIST_ROW);
    Bounds label = new Bounds(180, y + 24, 860, y + 84);
    Bounds summary = new Bounds(180, y + 90, 700, y + 140);
    String labelText = words(1 + random.nextInt(3));
    String summaryText = words(2 + random.nextInt(3));
    UiNode textColumn =
        node(path + "/1", "android.widget.LinearLayout", "", new Bounds(180, y + 24, 860, y + 144))
            .withChildren(
                List.of(
                    node(path + "/1/0", "android.view.View", "", label).build(),
                    node(path + "/1/1", "android.widget.TextView", summaryText, summary).build()))
            .build();
    Bounds icon = new Bounds(48, y + 42, 132, y + 126);
    UiNode row =
        node(path, "android.widget.LinearLayout", "", rowBounds, ElementFlag.CLICKABLE)
            .withChildren(
                List.of(
                    node(path + "/0", "android.widget.ImageView", "", icon).build(),
                    textColumn,
                    node(
                            path + "/2",
                            "android.widget.Switch",
                            "",
                            new Bounds(900, y + 50, 1032, y + 118),
                            ElementFlag.CLICKABLE,
                            ElementFlag.CHECKABLE)
                        .build()))
            .build();
    read(labelText, textBox(label.left(), label.top() + 6, labelText, 44), true);
    read(summaryText, textBox(summary.left(), summary.top() + 6, summaryText, 36), false);
    badge(icon);
    nodes += 6;
    return row;
  }

  /** A row of four app tiles: clickable tile, icon, caption drawn as pixels. */
  private UiNode gridRow(String path, int y) {
    List<UiNode> tiles = new ArrayList<>(4);
    Bounds previousCaption = null;
    String previousText = null;
    for (int t = 0; t < 4; t++) {
      int x = t * TILE;
      String tilePath = path + "/" + t;
      Bounds icon = new Bounds(x + 75, y + 30, x + 195, y + 150);
      String text = words(1 + random.nextInt(2));
      int width = Math.min(TILE - 20, text.length() * 22);
      Bounds caption = new Bounds(x + 10, y + 170, x + TILE - 10, y + 230);
      tiles.add(
          node(tilePath, "android.widget.FrameLayout", "", new Bounds(x, y, x + TILE, y + GRID_ROW))
              .flag(ElementFlag.CLICKABLE, ElementFlag.LONG_CLICKABLE)
              .withChildren(
                  List.of(
                      node(tilePath + "/0", "android.widget.ImageView", "", icon).build(),
                      node(tilePath + "/1", "android.view.View", "", caption).build()))
              .build());
      int left = x + (TILE - width) / 2;
      Bounds box = jitter(new Bounds(left, y + 178, left + width, y + 222));
      if (previousCaption != null && random.nextInt(100) < 4) {
        // Tesseract reads two close captions as one line: one box over both.
        boxes.remove(boxes.size() - 1);
        boxes.add(
            new OcrBox(
                previousText + " " + text,
                new Bounds(previousCaption.left(), box.top(), box.right(), box.bottom()),
                confidence()));
        previousCaption = null;
      } else {
        boxes.add(new OcrBox(text, box, confidence()));
        previousCaption = box;
        previousText = text;
      }
      badge(icon);
    }
    nodes += 13;
    return node(path, "android.widget.LinearLayout", "", new Bounds(0, y, WIDTH, y + GRID_ROW))
        .withChildren(tiles)
        .build();
  }

  /** A box tight around {@code text} drawn at (left, top) with glyphs {@code height} px tall. */
  private Bounds textBox(int left, int top, String text, int height) {
    int width = text.length() * height / 2;
    return jitter(new Bounds(left, top, left + width, top + height));
  }

  /** Adds the OCR box(es) of a text; a label is sometimes split into two word boxes. */
  private void read(String text, Bounds box, boolean mayBreak) {
    int space = text.indexOf(' ');
    if (mayBreak && space > 0 && random.nextInt(100) < 5) {
      int split = box.left() + box.width() * space / text.length();
      boxes.add(
          new OcrBox(
              text.substring(0, space),
              new Bounds(box.left(), box.top(), split - 6, box.bottom()),
              confidence()));
      boxes.add(
          new OcrBox(
              text.substring(space + 1),
              new Bounds(split + 6, box.top(), box.right(), box.bottom()),
              confidence()));
    } else {
      boxes.add(new OcrBox(text, box, confidence()));
    }
  }

  /** Now and then a badge count drawn on an icon, which the tree does not have. */
  private void badge(Bounds icon) {
    if (random.nextInt(100) < 3) {
      boxes.add(
          new OcrBox(
              Integer.toString(1 + random.nextInt(99)),
              new Bounds(icon.right() - 36, icon.top(), icon.right(), icon.top() + 30),
              confidence()));
    }
  }

  private Bounds jitter(Bounds b) {
    return new Bounds(
        b.left() + random.nextInt(-3, 4),
        b.top() + random.nextInt(-3, 4),
        b.right() + random.nextInt(-3, 4),
        b.bottom() + random.nextInt(-3, 4));
  }

  private double confidence() {
    return 0.6 + random.nextDouble() * 0.4;
  }

  private String words(int count) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < count; i++) {
      if (i > 0) {
        out.append(' ');
      }
      out.append(WORDS[random.nextInt(WORDS.length)]);
    }
    out.append(' ').append(++texts);
    return out.toString();
  }

  private static final String[] WORDS = {
    "Wi-Fi", "Network", "Battery", "Display", "Sound", "Storage", "Privacy", "Location", "Apps",
    "Security", "Accounts", "Backup", "System", "Updates", "Camera", "Photos", "Maps", "Mail",
    "Calendar", "Notes", "Music", "Clock", "Weather", "Files", "Contacts", "Messages", "Settings",
    "Bluetooth", "Hotspot", "Data", "saver", "mode", "on", "off", "Connected", "Paired"
  };

  private static NodeBuilder node(
      String path, String className, String text, Bounds bounds, ElementFlag... flags) {
    return new NodeBuilder(path, className, text, bounds).flag(flags);
  }

  /** Mutable until built: a node's fields, then its children. */
  private static final class NodeBuilder {
    private final String path;
    private final String className;
    private final String text;
    private final Bounds bounds;
    private final EnumSet<ElementFlag> flags = EnumSet.noneOf(ElementFlag.class);
    private List<UiNode> children = List.of();

    NodeBuilder(String path, String className, String text, Bounds bounds) {
      this.path = path;
      this.className = className;
      this.text = text;
      this.bounds = bounds;
    }

    NodeBuilder flag(ElementFlag... more) {
      flags.addAll(List.of(more));
      return this;
    }

    NodeBuilder withChildren(List<UiNode> kids) {
      this.children = kids;
      return this;
    }

    UiNode build() {
      return new UiNode(path, className, text, "", "", PACKAGE, bounds, flags, true, children);
    }
  }
}
