package dev.apex.device.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.apex.core.Json;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * Where a {@link JsDialog} is drawn in a viewport, in CSS pixels, and the {@code WEB_JSON} tree
 * that shows it. The browser draws its dialogs outside the page and tells nobody where, so the
 * layout is apex's own: a box up to 448 px wide centred in the viewport, the message, a prompt's
 * text field, and the buttons right-aligned on the last row, each 80 x 32. Taps are hit-tested
 * against the same boxes, so what a capture shows is what a tap answers.
 *
 * <p>The tree is one {@code dialog} node (role {@code dialog}, the message as its text) holding a
 * prompt's {@code textbox} and the {@code button}s. Their DOM ids are fixed per kind and button
 * ({@code apex-js-confirm-ok}), so element ids are the same on every capture of a dialog of that
 * kind and never come from a counter. Immutable.
 */
final class DialogLayout {

  static final double MAX_WIDTH = 448;
  static final double PADDING = 20;
  static final double LINE_HEIGHT = 20;
  static final double CHAR_WIDTH = 8;
  static final int MAX_LINES = 12;
  static final double BUTTON_WIDTH = 80;
  static final double BUTTON_HEIGHT = 32;
  static final double GAP = 8;
  static final double FIELD_HEIGHT = 32;

  /** A box in CSS pixels: left, top, width, height. */
  record Box(double x, double y, double width, double height) {
    boolean contains(double px, double py) {
      return px >= x && px < x + width && py >= y && py < y + height;
    }
  }

  private final JsDialog dialog;
  private final String fieldText;
  private final Viewport viewport;
  private final Box box;
  private final Box field;
  private final List<Box> buttons;

  /**
   * @param fieldText what a prompt's field holds (ignored for the other kinds)
   */
  DialogLayout(JsDialog dialog, String fieldText, Viewport viewport) {
    this.dialog = Objects.requireNonNull(dialog, "dialog");
    this.fieldText = fieldText == null ? "" : fieldText;
    this.viewport = Objects.requireNonNull(viewport, "viewport");
    double width = Math.max(BUTTON_WIDTH * 2 + GAP + PADDING * 2, viewport.width() - 32);
    width = Math.min(MAX_WIDTH, width);
    double messageHeight = lines(dialog.shownText(), width - 2 * PADDING) * LINE_HEIGHT;
    double fieldHeight = dialog.hasField() ? FIELD_HEIGHT + GAP : 0;
    double height = PADDING + messageHeight + GAP * 2 + fieldHeight + BUTTON_HEIGHT + PADDING;
    double left = Math.max(0, (viewport.width() - width) / 2);
    double top = Math.max(0, (viewport.height() - height) / 2);
    this.box = new Box(left, top, width, height);
    double fieldTop = top + PADDING + messageHeight + GAP * 2;
    this.field =
        dialog.hasField()
            ? new Box(left + PADDING, fieldTop, width - 2 * PADDING, FIELD_HEIGHT)
            : null;
    this.buttons = buttonBoxes(dialog.kind().buttons.size(), box);
  }

  JsDialog dialog() {
    return dialog;
  }

  Viewport viewport() {
    return viewport;
  }

  Box box() {
    return box;
  }

  /** The prompt's text field, if the dialog has one. */
  Optional<Box> field() {
    return Optional.ofNullable(field);
  }

  /** The buttons' boxes, in the order of {@code dialog().kind().buttons}. */
  List<Box> buttons() {
    return buttons;
  }

  /** The button under a point in CSS pixels, if any. */
  Optional<JsDialog.Button> buttonAt(double x, double y) {
    for (int i = 0; i < buttons.size(); i++) {
      if (buttons.get(i).contains(x, y)) {
        return Optional.of(dialog.kind().buttons.get(i));
      }
    }
    return Optional.empty();
  }

  /** The screen as the {@code WEB_JSON} tree, in the format {@code dom-snapshot.js} writes. */
  String json() {
    ObjectNode doc = Json.mapper().createObjectNode();
    doc.put("url", dialog.url()).put("title", "");
    doc.putArray("viewport").add(viewport.width()).add(viewport.height());
    doc.putArray("scroll").add(0).add(0);
    doc.putArray("page").add(viewport.width()).add(viewport.height());
    doc.put("dpr", viewport.dpr());
    dialogNode(doc.putArray("nodes").addObject());
    try {
      return Json.mapper().writeValueAsString(doc);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException("cannot write the dialog's tree", e);
    }
  }

  private void dialogNode(ObjectNode node) {
    node.put("tag", "dialog").put("role", "dialog").put("id", idPrefix());
    node.put("label", "JavaScript " + dialog.kind().word()).put("text", dialog.shownText());
    box(node, box);
    ArrayNode children = node.putArray("children");
    if (field != null) {
      fieldNode(children.addObject());
    }
    List<JsDialog.Button> kinds = dialog.kind().buttons;
    for (int i = 0; i < kinds.size(); i++) {
      buttonNode(children.addObject(), kinds.get(i).label, buttons.get(i));
    }
  }

  private void fieldNode(ObjectNode input) {
    input.put("tag", "input").put("role", "textbox").put("type", "text");
    input.put("id", idPrefix() + "-text").put("label", dialog.shownText());
    input.put("text", fieldText).put("edit", true).put("focused", true);
    box(input, field);
  }

  private void buttonNode(ObjectNode button, String name, Box at) {
    button.put("tag", "button").put("role", "button");
    button.put("id", idPrefix() + "-" + name.toLowerCase(Locale.ROOT));
    button.put("text", name).put("click", true);
    box(button, at);
  }

  /** {@code apex-js-alert}: the DOM id of the dialog node, which its children's ids extend. */
  private String idPrefix() {
    return "apex-js-" + dialog.kind().word();
  }

  private static void box(ObjectNode node, Box b) {
    node.putArray("box").add(round(b.x())).add(round(b.y())).add(b.width()).add(b.height());
  }

  private static double round(double v) {
    return Math.round(v * 100) / 100.0;
  }

  /** The lines a text takes in a column, each of its own lines wrapped; at least 1, at most 12. */
  static int lines(String text, double columnWidth) {
    int perLine = Math.max(1, (int) (columnWidth / CHAR_WIDTH));
    int lines = 0;
    for (String line : text.split("\n", -1)) {
      lines += Math.max(1, (line.length() + perLine - 1) / perLine);
    }
    return Math.max(1, Math.min(MAX_LINES, lines));
  }

  private static List<Box> buttonBoxes(int count, Box dialog) {
    List<Box> out = new ArrayList<>(count);
    double top = dialog.y() + dialog.height() - PADDING - BUTTON_HEIGHT;
    double right = dialog.x() + dialog.width() - PADDING;
    double left = right - count * BUTTON_WIDTH - (count - 1) * GAP;
    for (int i = 0; i < count; i++) {
      out.add(new Box(left + i * (BUTTON_WIDTH + GAP), top, BUTTON_WIDTH, BUTTON_HEIGHT));
    }
    return List.copyOf(out);
  }
}
