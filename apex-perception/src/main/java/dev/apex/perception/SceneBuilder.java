package dev.apex.perception;

import dev.apex.core.Bounds;
import dev.apex.core.ElementFlag;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.core.Source;
import dev.apex.perception.tree.UiNode;
import dev.apex.perception.tree.UiTree;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Builds the {@link Scene} the planner reads from a {@link UiTree} and the OCR boxes of the same
 * screenshot. This Javadoc is the one place the fusion rule and its constants are stated.
 *
 * <p><b>Fusion.</b> Each OCR box is matched to at most one tree node, and each node to at most one
 * box. A box is a candidate for a node when their IoU is at least {@link #IOU_THRESHOLD} (0.5), or
 * when the box lies inside the node grown by {@link #CONTAINMENT_SLACK_PX} and the node may hold a
 * label: it is visible with area, is a leaf, interactive or already labelled, and covers at most
 * {@link #MAX_LABEL_AREA_FRACTION} of the screen (bigger leaves are surfaces — a game, a web view —
 * whose text stays OCR). A candidate pair scores its IoU, which for a box inside a node is box area
 * ÷ node area, so the smallest enclosing node wins. Pairs are taken greedily in descending score
 * ({@link OcrMatcher}). A node hidden behind another takes no box: a node is a candidate only when
 * no later node in tree order (the order platforms draw in) other than its own descendants covers
 * the box's centre, counting as covering only visible nodes with area that are leaves, interactive
 * or labelled (a bare layout container hides nothing: its children do). A box over a hidden node
 * goes to the node on top when that one is a candidate, else nowhere (it stays an OCR element of
 * its own). Then:
 *
 * <ul>
 *   <li>a matched node without text or description takes the box's text and becomes {@link
 *       Source#FUSED} with the box's confidence;
 *   <li>a matched node with text stays {@link Source#TREE}; the box is absorbed;
 *   <li>an unmatched box whose text is already carried by a node containing its centre (another
 *       line of a multi-line text view) is absorbed too;
 *   <li>when the tree carries text somewhere (a page with a canvas, not a game the tree cannot see
 *       into), an unmatched box that is a lone letter ({@code e}: a marker's glyph) is dropped: a
 *       canvas drawing markers adds nothing;
 *   <li>any other unmatched box becomes its own {@link Source#OCR} element.
 * </ul>
 *
 * <p><b>Which OCR boxes count.</b> Before fusion, a box is dropped when it echoes the tree: the
 * tree carries text, and the box's words (runs of letters and digits, ignoring case) all appear in
 * the label of a visible node within {@link #ECHO_NEAR_PX} of its centre ({@code Time left? 14 /}
 * read from a canvas beside the page's {@code Time left: 14 / 15sec}); or when its confidence is
 * below {@link #MIN_OCR_CONFIDENCE} (Tesseract's mean word confidence ÷ 100), when it holds no
 * letter or digit, or when it is a fragment of at most {@link #MAX_FRAGMENT_LENGTH} characters that
 * are not all letters or digits ({@code "|"}, {@code "a)"}, {@code "©"}: the glyphs OCR reads from
 * icons and borders). {@code "OK"} and {@code "3"} stay.
 *
 * <p><b>Where the tree already carries the text.</b> OCR reads only the screen's <em>blind
 * regions</em> ({@link BlindRegions}; {@link Perceiver} runs the engine): the on-screen part of
 * each visible leaf node that has neither text nor description — an image, a canvas, a game or
 * video surface, a web view or custom-drawn control the tree does not enter — at least {@link
 * #MIN_BLIND_SIDE_PX} pixels on its shorter side and covering at least {@link
 * #MIN_BLIND_AREA_FRACTION} of the screen. Everywhere else a node either carries its text (text or
 * description) or is a container whose words are its descendants'. A smaller unlabelled leaf is an
 * icon, where OCR reads glyphs as junk; a tree with no visible node with area (an app the tree
 * cannot see into) is blind over the whole screen. Blind regions closer than {@link
 * #BLIND_MERGE_PX} are merged into their bounding box. No blind region: the tree carries the
 * screen's text and OCR is not called at all. Regions covering at least {@link
 * #WHOLE_SCREEN_FRACTION} of the screen: the whole screenshot is read; fewer: only the regions,
 * stacked into one small image (one OCR call either way). The rule reads the parsed tree alone (no
 * pixel), one pass over the nodes, so it is the same for Android, iOS, web and the sim trees.
 *
 * <p><b>What is kept.</b> Nodes that are not visible, have no area or lie wholly off the screen are
 * dropped. Interactive nodes (clickable, long-clickable, checkable, editable, scrollable) with area
 * are always kept. Other nodes are kept when they carry a label (text, else description, else fused
 * OCR text); pure layout containers and unlabelled images are dropped. Labels are then merged, so
 * that each text appears once, on the element one acts on:
 *
 * <ul>
 *   <li>a non-interactive node whose label a kept descendant repeats (ignoring case) is carried by
 *       that descendant and dropped (iOS wraps a label in several same-labelled containers);
 *   <li>a kept clickable (or long-clickable) node covering at most {@link #MAX_LABEL_AREA_FRACTION}
 *       of the screen takes the labels of its non-interactive labelled descendants whose centre
 *       lies inside it — not looking into interactive descendants, which stay elements of their own
 *       — joined by {@value #LABEL_SEPARATOR}, skipping a label already contained in the text so
 *       far; those descendants are dropped. A bigger clickable node is a screen, not a row, and
 *       takes nothing.
 * </ul>
 *
 * <p>Elements come in tree order, then OCR elements top to bottom, left to right. Ids come from
 * {@link ElementIds}; types from the platform class. A field (an editable node) keeps its
 * description (placeholder or accessible name) as its {@link SceneElement#hint() hint}, whether or
 * not its text is a value. Stateless and thread-safe.
 */
public final class SceneBuilder {

  /** Minimum IoU for a box to match a node it does not lie inside. Must stay ≥ 0.5. */
  public static final double IOU_THRESHOLD = 0.5;

  /** Pixels a box may stick out of a node and still count as lying inside it. */
  public static final int CONTAINMENT_SLACK_PX = 2;

  /**
   * Largest share of the screen a node may cover and still take a box lying inside it, or, when
   * clickable, its descendants' labels.
   */
  public static final double MAX_LABEL_AREA_FRACTION = 0.25;

  /** OCR boxes whose confidence (in [0, 1]) is lower are dropped before fusion. */
  public static final double MIN_OCR_CONFIDENCE = 0.6;

  /** OCR boxes this short that are not all letters or digits are dropped as fragments. */
  public static final int MAX_FRAGMENT_LENGTH = 2;

  /** The shorter side, in pixels, an unlabelled leaf needs to be a blind region. */
  public static final int MIN_BLIND_SIDE_PX = 12;

  /** The share of the screen an unlabelled leaf needs to be a blind region (else an icon). */
  public static final double MIN_BLIND_AREA_FRACTION = 0.01;

  /** Blind regions closer than this, in pixels, are read as one. */
  public static final int BLIND_MERGE_PX = 8;

  /** Blind regions covering this share of the screen or more: the whole screenshot is read. */
  public static final double WHOLE_SCREEN_FRACTION = 0.5;

  /**
   * How near, in pixels, a labelled node must be to an OCR box's centre for the box to be taken as
   * an echo of its text.
   */
  public static final int ECHO_NEAR_PX = 120;

  /** Between the labels a clickable container takes from its descendants. */
  public static final String LABEL_SEPARATOR = " | ";

  private SceneBuilder() {}

  /**
   * The scene of one capture.
   *
   * @param tree the parsed tree, bounds in screenshot pixels
   * @param ocr boxes found on the same screenshot, in pixels; empty when there was no OCR
   */
  public static Scene build(UiTree tree, List<OcrBox> ocr) {
    Objects.requireNonNull(tree, "tree");
    Objects.requireNonNull(ocr, "ocr");
    FlatTree flat = FlatTree.of(tree);
    int n = flat.size();
    String[] label = new String[n];
    double[] confidence = new double[n];
    Source[] source = new Source[n];
    boolean[] usable = new boolean[n];
    for (int i = 0; i < n; i++) {
      UiNode node = flat.node(i);
      label[i] = !node.text().isEmpty() ? node.text() : node.description();
      confidence[i] = 1.0;
      source[i] = Source.TREE;
      usable[i] = node.visible() && onScreen(node.bounds(), tree.width(), tree.height());
    }
    List<OcrBox> ocrOnly = fuse(tree, flat, ocr, usable, label, confidence, source);

    boolean[] keep = new boolean[n];
    for (int i = 0; i < n; i++) {
      keep[i] = usable[i] && (flat.interactive(i) || !label[i].isEmpty());
    }
    dropRepeatedLabels(flat, keep, label);
    double maxLabelArea = MAX_LABEL_AREA_FRACTION * tree.width() * (double) tree.height();
    mergeLabels(flat, usable, keep, label, confidence, source, maxLabelArea);

    List<SceneElement> elements = new ArrayList<>(n / 2 + ocr.size());
    for (int i = 0; i < n; i++) {
      if (keep[i]) {
        UiNode node = flat.node(i);
        elements.add(
            new SceneElement(
                ElementIds.of(node),
                ElementTypes.of(node.className(), node.flags()),
                node.bounds(),
                label[i],
                confidence[i],
                source[i],
                node.resourceId(),
                node.flags(),
                hint(node)));
      }
    }
    ocrOnly.sort(
        Comparator.comparingInt((OcrBox b) -> b.bounds().top())
            .thenComparingInt(b -> b.bounds().left()));
    for (OcrBox box : ocrOnly) {
      elements.add(
          new SceneElement(
              ElementIds.ofOcr(box),
              "text",
              box.bounds(),
              box.text(),
              box.confidence(),
              Source.OCR));
    }
    return new Scene(tree.width(), tree.height(), elements);
  }

  /**
   * A field's placeholder or accessible name (its node's description), kept beside the value it
   * shows so that a filled field can still be named by it; empty for anything but a field.
   */
  private static String hint(UiNode node) {
    return node.flags().contains(ElementFlag.EDITABLE) ? node.description() : "";
  }

  /** Applies the fusion rule; returns the boxes that become OCR elements. */
  private static List<OcrBox> fuse(
      UiTree tree,
      FlatTree flat,
      List<OcrBox> ocr,
      boolean[] usable,
      String[] label,
      double[] confidence,
      Source[] source) {
    ocr =
        dropEchoes(ocr.stream().filter(SceneBuilder::counts).toList(), flat, usable, label, false);
    if (ocr.isEmpty()) {
      return new ArrayList<>();
    }
    int n = flat.size();
    List<Bounds> nodeBounds = new ArrayList<>(n);
    boolean[] mayContain = new boolean[n];
    boolean[] occludes = new boolean[n];
    int[] subtreeEnd = new int[n];
    double maxLabelArea = MAX_LABEL_AREA_FRACTION * tree.width() * (double) tree.height();
    for (int i = 0; i < n; i++) {
      UiNode node = flat.node(i);
      nodeBounds.add(usable[i] ? node.bounds() : null);
      mayContain[i] =
          usable[i]
              && (node.children().isEmpty() || flat.interactive(i) || !label[i].isEmpty())
              && (maxLabelArea <= 0 || node.bounds().area() <= maxLabelArea);
      occludes[i] =
          usable[i] && (node.children().isEmpty() || flat.interactive(i) || !label[i].isEmpty());
      subtreeEnd[i] = flat.end(i);
    }
    List<Bounds> boxBounds = ocr.stream().map(OcrBox::bounds).toList();
    CentreSweep index = OcrMatcher.index(nodeBounds);
    int[] match = OcrMatcher.assign(index, nodeBounds, mayContain, boxBounds, subtreeEnd, occludes);
    List<OcrBox> unmatched = new ArrayList<>();
    for (int b = 0; b < match.length; b++) {
      OcrBox box = ocr.get(b);
      int node = match[b];
      if (node >= 0) {
        if (label[node].isEmpty()) {
          label[node] = box.text();
          confidence[node] = box.confidence();
          source[node] = Source.FUSED;
        }
      } else if (!box.text().isBlank()) {
        unmatched.add(box);
      }
    }
    if (unmatched.isEmpty()) {
      return unmatched;
    }
    List<OcrBox> ocrOnly = new ArrayList<>();
    String[] lower = new String[n];
    unmatched.sort(Comparator.comparingInt(b -> CentreSweep.doubledCentreY(b.bounds())));
    index.restart();
    for (OcrBox box : unmatched) {
      String wanted = box.text().strip().toLowerCase(Locale.ROOT);
      boolean[] carried = {false};
      index.containing(
          CentreSweep.centreX(box.bounds()),
          CentreSweep.centreY(box.bounds()),
          i -> {
            // Every container of the point is visited; stop comparing once one carries the text.
            if (!carried[0] && label[i].length() >= wanted.length()) {
              if (lower[i] == null) {
                lower[i] = label[i].toLowerCase(Locale.ROOT);
              }
              carried[0] = lower[i].contains(wanted);
            }
          });
      if (!carried[0]) {
        ocrOnly.add(box);
      }
    }
    return dropEchoes(ocrOnly, flat, usable, label, true);
  }

  /**
   * The boxes less what a canvas drawn beside the page's text adds, when the tree carries text (see
   * the class Javadoc): before fusion ({@code unmatched} false), a box whose words all appear in
   * the label of a node within {@link #ECHO_NEAR_PX} of it; of the boxes no node took ({@code
   * unmatched} true), a lone letter. {@code label} holds the tree's own labels before fusion.
   */
  private static List<OcrBox> dropEchoes(
      List<OcrBox> boxes, FlatTree flat, boolean[] usable, String[] label, boolean unmatched) {
    if (boxes.isEmpty()) {
      return boxes;
    }
    int n = flat.size();
    boolean[] labelled = new boolean[n];
    boolean any = false;
    for (int i = 0; i < n; i++) {
      labelled[i] = usable[i] && !label[i].isBlank();
      any |= labelled[i];
    }
    if (!any) {
      return boxes;
    }
    boolean[] drop = new boolean[boxes.size()];
    if (unmatched) {
      for (int b = 0; b < boxes.size(); b++) {
        List<String> words = words(boxes.get(b).text());
        drop[b] =
            words.size() == 1
                && words.get(0).codePointCount(0, words.get(0).length()) == 1
                && Character.isLetter(words.get(0).codePointAt(0));
      }
    } else {
      // The labelled nodes grown by the echo distance, swept top to bottom by the boxes' centres:
      // each box looks only at the nodes near it, so the check stays linear in the screen's size.
      List<Bounds> bounds = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        bounds.add(labelled[i] ? flat.node(i).bounds() : null);
      }
      CentreSweep near = new CentreSweep(bounds, labelled, ECHO_NEAR_PX);
      Integer[] order = new Integer[boxes.size()];
      for (int b = 0; b < order.length; b++) {
        order[b] = b;
      }
      java.util.Arrays.sort(
          order,
          java.util.Comparator.comparingDouble(b -> CentreSweep.centreY(boxes.get(b).bounds())));
      java.util.Map<Integer, List<String>> nodeWords = new java.util.HashMap<>();
      for (int b : order) {
        Bounds box = boxes.get(b).bounds();
        List<String> words = words(boxes.get(b).text());
        if (words.isEmpty()) {
          continue;
        }
        boolean[] found = {false};
        near.containing(
            CentreSweep.centreX(box),
            CentreSweep.centreY(box),
            i -> {
              if (!found[0]
                  && nodeWords.computeIfAbsent(i, k -> words(label[k])).containsAll(words)) {
                found[0] = true;
              }
            });
        drop[b] = found[0];
      }
    }
    List<OcrBox> kept = new ArrayList<>(boxes.size());
    for (int b = 0; b < boxes.size(); b++) {
      if (!drop[b]) {
        kept.add(boxes.get(b));
      }
    }
    return kept;
  }

  /** The runs of letters and digits in {@code text}, lower case. */
  private static List<String> words(String text) {
    List<String> out = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    for (int i = 0; i <= text.length(); ) {
      int c = i < text.length() ? text.codePointAt(i) : ' ';
      if (Character.isLetterOrDigit(c)) {
        word.appendCodePoint(Character.toLowerCase(c));
      } else if (word.length() > 0) {
        out.add(word.toString());
        word.setLength(0);
      }
      i += i < text.length() ? Character.charCount(c) : 1;
    }
    return out;
  }

  /** A non-interactive node whose label a kept descendant repeats leaves it to the descendant. */
  private static void dropRepeatedLabels(FlatTree flat, boolean[] keep, String[] label) {
    for (int i = 0; i < flat.size(); i++) {
      if (!keep[i] || flat.interactive(i)) {
        continue;
      }
      for (int j = i + 1; j < flat.end(i); j++) {
        if (keep[j] && label[j].equalsIgnoreCase(label[i])) {
          keep[i] = false;
          break;
        }
      }
    }
  }

  /** A clickable container takes the labels of its non-interactive descendants. */
  private static void mergeLabels(
      FlatTree flat,
      boolean[] usable,
      boolean[] keep,
      String[] label,
      double[] confidence,
      Source[] source,
      double maxLabelArea) {
    for (int i = 0; i < flat.size(); i++) {
      UiNode container = flat.node(i);
      if (!keep[i]
          || !flat.clickable(i)
          || (maxLabelArea > 0 && container.bounds().area() > maxLabelArea)) {
        continue;
      }
      Bounds area = container.bounds();
      StringBuilder merged = null;
      int j = i + 1;
      while (j < flat.end(i)) {
        UiNode d = flat.node(j);
        if (usable[j] && flat.interactive(j)) {
          j = flat.end(j);
          continue;
        }
        if (keep[j] && area.contains(d.bounds().centerX(), d.bounds().centerY())) {
          keep[j] = false;
          if (merged == null) {
            merged = new StringBuilder(label[i]);
          }
          if (!containsIgnoreCase(merged, label[j])) {
            if (merged.length() > 0) {
              merged.append(LABEL_SEPARATOR);
            }
            merged.append(label[j]);
            confidence[i] = Math.min(confidence[i], confidence[j]);
            if (source[j] == Source.FUSED && source[i] == Source.TREE && label[i].isEmpty()) {
              source[i] = Source.FUSED;
            }
          }
        }
        j++;
      }
      if (merged != null) {
        label[i] = merged.toString();
      }
    }
  }

  /**
   * Whether a box has area and at least part of it on the screen: a box wholly left of or above the
   * screen, or wholly right of or below it, cannot be seen or tapped. A side of 0 (size unknown)
   * bounds nothing.
   */
  public static boolean onScreen(Bounds b, int width, int height) {
    return b.hasArea()
        && b.right() > 0
        && b.bottom() > 0
        && (width <= 0 || b.left() < width)
        && (height <= 0 || b.top() < height);
  }

  /**
   * Whether an OCR box is worth fusing: confident enough, and not a fragment (see the class
   * Javadoc).
   */
  public static boolean counts(OcrBox box) {
    if (box.confidence() < MIN_OCR_CONFIDENCE) {
      return false;
    }
    String text = box.text().strip();
    int letters = 0;
    for (int i = 0; i < text.length(); ) {
      int c = text.codePointAt(i);
      if (Character.isLetterOrDigit(c)) {
        letters++;
      }
      i += Character.charCount(c);
    }
    int length = text.codePointCount(0, text.length());
    return letters > 0 && (length > MAX_FRAGMENT_LENGTH || letters == length);
  }

  private static boolean containsIgnoreCase(CharSequence haystack, String needle) {
    int n = needle.length();
    if (n == 0) {
      return true;
    }
    String h = haystack.toString();
    for (int start = 0; start + n <= h.length(); start++) {
      if (h.regionMatches(true, start, needle, 0, n)) {
        return true;
      }
    }
    return false;
  }
}
