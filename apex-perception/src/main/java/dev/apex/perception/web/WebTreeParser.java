package dev.apex.perception.web;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.Bounds;
import dev.apex.core.ElementFlag;
import dev.apex.core.Json;
import dev.apex.core.ParseException;
import dev.apex.core.RawCapture;
import dev.apex.core.TreeFormat;
import dev.apex.perception.tree.NodePath;
import dev.apex.perception.tree.TreeDepth;
import dev.apex.perception.tree.TreeParser;
import dev.apex.perception.tree.UiNode;
import dev.apex.perception.tree.UiTree;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Parses the {@link TreeFormat#WEB_JSON} tree a web device captures into a {@link UiTree} whose
 * bounds are screenshot pixels: CSS pixels times {@code capture.screen().scale()} (the device pixel
 * ratio), each edge rounded.
 *
 * <p>The format, one JSON object: {@code url}, {@code title}, {@code viewport [w,h]} and {@code
 * page [w,h]} in CSS pixels, {@code scroll [x,y]}, {@code dpr}, and {@code nodes}: the page's
 * interactive and text elements in document order, nested where one contains another. A node has
 * {@code tag}, {@code box [x,y,w,h]} relative to the viewport, and when present {@code role}
 * (explicit, else implied by the tag), {@code text} (whitespace collapsed; a control's value),
 * {@code label} (aria-label, aria-labelledby, a {@code <label>}, alt or title), {@code
 * placeholder}, {@code id}, {@code name}, {@code type}, {@code children}, and the true-only flags
 * {@code click}, {@code edit}, {@code check}, {@code checked}, {@code disabled}, {@code focused},
 * {@code scroll}, {@code selected}, {@code password}, {@code hover} (reacts to the pointer passing
 * over it), {@code clip} (its centre scrolled out of a scrolling ancestor's visible part), {@code
 * multiline} (a textarea) and {@code off} (entirely outside the viewport); a drop-down list ({@code
 * <select>}) also has {@code options}, the visible texts of its first options in order, and {@code
 * more}, how many it has beyond them. Unknown fields are ignored, so the walk may add some.
 *
 * <p>Mapping: {@code className} is {@code textarea} for a multi-line text field, else the role,
 * else the tag; {@code text} is the text, and for a drop-down list the selected option's text
 * followed by {@code " | options: "} and the options joined by {@code ", "} (with {@code ", … (N
 * more)"} past the listed ones), so the compact encoding shows what it offers while a locator still
 * finds it by the selected text (one part of a {@code " | "}-joined text); {@code description} the
 * label, else the placeholder; {@code resourceId} the DOM id, else the form name; {@code
 * packageName} the page's origin; an {@code off} node is kept, with its true position, but not
 * {@code visible}. The root is a synthetic {@code page} node covering the viewport, with the title
 * as text, scrollable when the page is larger than the viewport. Paths are child indexes from it
 * ({@code 0/2/1}); the root's is empty. When the page scrolls, the root's bounds are the whole
 * document placed relative to the viewport ({@code -scrollX, -scrollY} to the page's far corner),
 * so they say how much of the page lies beyond the viewport on each side.
 *
 * <p>Stateless and thread-safe. Malformed JSON throws {@link ParseException} with its line and
 * column.
 */
public final class WebTreeParser implements TreeParser {

  private static final String WHAT = "web page tree";
  private static final Map<String, ElementFlag> FLAGS =
      Map.ofEntries(
          Map.entry("click", ElementFlag.CLICKABLE),
          Map.entry("edit", ElementFlag.EDITABLE),
          Map.entry("check", ElementFlag.CHECKABLE),
          Map.entry("checked", ElementFlag.CHECKED),
          Map.entry("disabled", ElementFlag.DISABLED),
          Map.entry("focused", ElementFlag.FOCUSED),
          Map.entry("scroll", ElementFlag.SCROLLABLE),
          Map.entry("selected", ElementFlag.SELECTED),
          Map.entry("password", ElementFlag.PASSWORD),
          Map.entry("hover", ElementFlag.HOVERABLE),
          Map.entry("clip", ElementFlag.OFF_VIEW));

  public WebTreeParser() {}

  @Override
  public UiTree parse(RawCapture capture) {
    if (capture.format() != TreeFormat.WEB_JSON) {
      throw new IllegalArgumentException(
          "WebTreeParser reads WEB_JSON captures, got " + capture.format());
    }
    JsonNode doc = read(capture.tree());
    if (!doc.isObject()) {
      throw new ParseException(WHAT, 1, 1, "expected a JSON object, found " + doc.getNodeType());
    }
    double scale = capture.screen().scale();
    int width = capture.screen().width();
    int height = capture.screen().height();
    if (width == 0 || height == 0) {
      width = (int) Math.round(doc.path("viewport").path(0).asDouble() * scale);
      height = (int) Math.round(doc.path("viewport").path(1).asDouble() * scale);
    }
    String origin = origin(doc.path("url").asText(""));
    int maxDepth = TreeDepth.limit();
    List<UiNode> children = children(doc.path("nodes"), NodePath.ROOT, scale, origin, 1, maxDepth);
    boolean scrolls =
        doc.path("page").path(0).asDouble() > doc.path("viewport").path(0).asDouble() + 1
            || doc.path("page").path(1).asDouble() > doc.path("viewport").path(1).asDouble() + 1;
    UiNode root =
        new UiNode(
            "",
            "page",
            doc.path("title").asText(""),
            "",
            "",
            origin,
            scrolls ? documentBounds(doc, scale, width, height) : new Bounds(0, 0, width, height),
            scrolls ? EnumSet.of(ElementFlag.SCROLLABLE) : Set.of(),
            true,
            children);
    return new UiTree(width, height, 0, root);
  }

  /**
   * The document relative to the viewport, in pixels: it starts {@code scroll} before the
   * viewport's corner and is {@code page} big, never smaller than the viewport.
   */
  private static Bounds documentBounds(JsonNode doc, double scale, int width, int height) {
    double sx = doc.path("scroll").path(0).asDouble();
    double sy = doc.path("scroll").path(1).asDouble();
    int left = (int) -Math.round(sx * scale);
    int top = (int) -Math.round(sy * scale);
    int right = left + (int) Math.round(doc.path("page").path(0).asDouble() * scale);
    int bottom = top + (int) Math.round(doc.path("page").path(1).asDouble() * scale);
    return new Bounds(
        Math.min(left, 0), Math.min(top, 0), Math.max(right, width), Math.max(bottom, height));
  }

  private static List<UiNode> children(
      JsonNode nodes, NodePath parent, double scale, String pkg, int depth, int maxDepth) {
    if (!nodes.isArray() || nodes.isEmpty()) {
      return List.of();
    }
    TreeDepth.check(depth, maxDepth, WHAT, "");
    List<UiNode> out = new ArrayList<>(nodes.size());
    for (int i = 0; i < nodes.size(); i++) {
      out.add(node(nodes.get(i), parent.child(i), scale, pkg, depth, maxDepth));
    }
    return out;
  }

  private static UiNode node(
      JsonNode n, NodePath path, double scale, String pkg, int depth, int maxDepth) {
    String tag = n.path("tag").asText("");
    String role = n.path("role").asText("");
    String label = n.path("label").asText("");
    String id = n.path("id").asText("");
    EnumSet<ElementFlag> flags = EnumSet.noneOf(ElementFlag.class);
    FLAGS.forEach(
        (key, flag) -> {
          if (n.path(key).asBoolean(false)) {
            flags.add(flag);
          }
        });
    String className =
        n.path("multiline").asBoolean(false) ? "textarea" : role.isEmpty() ? tag : role;
    return new UiNode(
        path,
        className,
        textOf(n),
        label.isEmpty() ? n.path("placeholder").asText("") : label,
        id.isEmpty() ? n.path("name").asText("") : id,
        pkg,
        bounds(n.path("box"), scale),
        flags,
        !n.path("off").asBoolean(false),
        children(n.path("children"), path, scale, pkg, depth + 1, maxDepth));
  }

  /** The node's text; for a drop-down list, with its options after the selected one's. */
  private static String textOf(JsonNode n) {
    String text = n.path("text").asText("");
    JsonNode options = n.path("options");
    if (!options.isArray() || options.isEmpty()) {
      return text;
    }
    StringBuilder out = new StringBuilder(text);
    out.append(text.isEmpty() ? "options: " : " | options: ");
    for (int i = 0; i < options.size(); i++) {
      out.append(i == 0 ? "" : ", ").append(options.get(i).asText(""));
    }
    int more = n.path("more").asInt(0);
    if (more > 0) {
      out.append(", … (").append(more).append(" more)");
    }
    return out.toString();
  }

  private static Bounds bounds(JsonNode box, double scale) {
    if (!box.isArray() || box.size() < 4) {
      return Bounds.EMPTY;
    }
    double x = box.get(0).asDouble();
    double y = box.get(1).asDouble();
    return new Bounds(
        (int) Math.round(x * scale),
        (int) Math.round(y * scale),
        (int) Math.round((x + box.get(2).asDouble()) * scale),
        (int) Math.round((y + box.get(3).asDouble()) * scale));
  }

  private static JsonNode read(byte[] tree) {
    try {
      JsonNode doc = Json.mapper().readTree(tree);
      if (doc == null || doc.isMissingNode()) {
        throw new ParseException(WHAT, 1, 1, "the tree is empty");
      }
      return doc;
    } catch (StreamConstraintsException e) {
      // The JSON reader's own nesting bound (two levels per node) is hit before ours.
      throw TreeDepth.refusal(WHAT, TreeDepth.limit(), " (" + e.getOriginalMessage() + ")");
    } catch (JsonProcessingException e) {
      JsonLocation at = e.getLocation();
      throw new ParseException(
          WHAT,
          at == null ? 1 : Math.max(1, at.getLineNr()),
          at == null ? 1 : Math.max(1, at.getColumnNr()),
          e.getOriginalMessage(),
          e);
    } catch (IOException e) {
      throw new ParseException(WHAT, 1, 1, e.getMessage(), e);
    }
  }

  /** {@code scheme://host[:port]}, the web's notion of an app; empty when the URL has no host. */
  static String origin(String url) {
    try {
      URI uri = new URI(url);
      if (uri.getScheme() == null || uri.getHost() == null) {
        return "";
      }
      return uri.getScheme().toLowerCase(Locale.ROOT)
          + "://"
          + uri.getHost()
          + (uri.getPort() < 0 ? "" : ":" + uri.getPort());
    } catch (URISyntaxException e) {
      return "";
    }
  }
}
