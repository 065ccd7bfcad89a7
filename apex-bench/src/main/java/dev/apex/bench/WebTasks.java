package dev.apex.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/**
 * The project's own web-task suite: local pages, one per kind of interaction, each solved by a
 * flow, plus a long-press menu on the sim. Every page shows {@code solved} in its {@code #result}
 * element once its task is done, so each flow ends with an {@code assert_visible} of it. The pages
 * and flows are resources under {@value #RESOURCES}; {@link WebTaskSuite} serves and runs them (the
 * CI test {@code WebTaskSuiteTest} and {@code apex bench}'s M8 both do).
 *
 * <p>The flows are written as a user would write them with the tools apex offers; coordinates in a
 * flow are in the suite's 1280x800 viewport at device pixel ratio 1 ({@link
 * WebTaskSuite#VIEWPORT_WIDTH}).
 */
public final class WebTasks {

  /** The folder of the pages and flows on the classpath. */
  public static final String RESOURCES = "/dev/apex/bench/webtasks/";

  /**
   * The folder of the pages {@code apex mcp}'s task set serves too ({@link dev.apex.mcp.McpTasks}):
   * click-checkboxes and click-tab are kept there once, and read from there when this suite's
   * folder has no page by that name.
   */
  public static final String SHARED_PAGES = "/dev/apex/mcp/tasks/";

  private static final List<WebTask> ALL =
      List.of(
          web("click-button", "click-button", "click a button by its text"),
          web("enter-text", "enter-text", "focus a field, type, submit"),
          web("click-checkboxes", "click-checkboxes", "tick checkboxes by their labels"),
          web("choose-list", "choose-list", "pick an option of a native `<select>`"),
          web("click-tab", "click-tab", "switch tabs (jQuery UI markup)"),
          web("click-dialog", "click-dialog", "close a modal dialog"),
          web("use-autocomplete", "use-autocomplete", "type a prefix, pick a suggestion"),
          web("click-moving-button", "click-button (moving)", "tap a button that slides in"),
          web("scroll-text", "scroll-text", "scroll inside a div, not the page"),
          web("click-menu", "click-menu", "hover to open a menu, click an item"),
          web("drag-box", "drag-box", "drag (mouse events) into a target"),
          web("drag-items", "drag-items", "drag (HTML5 drag and drop) to reorder"),
          web("use-slider", "use-slider", "drag a range slider's thumb"),
          web("click-shape", "click-shape", "click an SVG shape"),
          web("click-color", "click-color", "click a div with a script handler"),
          ocr(web("read-canvas", "identify-shape", "click a word drawn on a canvas (OCR)")),
          web("multi-select", "click-option (multiple, ctrl)", "ctrl-click a multi-select"),
          web("drag-path", "drag (path-following)", "drag through the points on the way"),
          web(
              "sortable-drop",
              "drag-sort (sortable list)",
              "drop beside an item of a sortable list"),
          web("scroll-listbox", "click-scroll-list", "pick an option below a list box's fold"),
          web("hover-icon-menu", "hover-menu (icon)", "hover an icon with no text to open a menu"),
          new WebTask(
              "notes-long-press",
              "long-press menu (mobile)",
              "long press opens a menu (sim Notes)",
              WebTask.SIM,
              null,
              "notes-long-press.yaml",
              false,
              null));

  private WebTasks() {}

  /** Every task, in the order of the suite's table. */
  public static List<WebTask> all() {
    return ALL;
  }

  /**
   * The tasks a quick {@code apex bench} runs: one web page and the sim task, so the metric and its
   * table are exercised in seconds (the CI test {@code WebTaskSuiteTest} runs them all).
   */
  public static List<WebTask> quick() {
    return List.of(named("click-button").orElseThrow(), named("notes-long-press").orElseThrow());
  }

  /** The task named {@code name}. */
  public static Optional<WebTask> named(String name) {
    return ALL.stream().filter(t -> t.name().equals(name)).findFirst();
  }

  /**
   * A resource of the suite, as text.
   *
   * @throws IllegalArgumentException when there is none by that name
   */
  public static String read(String resource) {
    String text = read(RESOURCES, resource);
    if (text == null && resource.endsWith(".html")) {
      text = read(SHARED_PAGES, resource);
    }
    if (text == null) {
      throw new IllegalArgumentException("no web-task resource " + RESOURCES + resource);
    }
    return text;
  }

  private static String read(String folder, String resource) {
    try (InputStream in = WebTasks.class.getResourceAsStream(folder + resource)) {
      return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + folder + resource, e);
    }
  }

  private static WebTask web(String name, String mirrors, String kind) {
    return new WebTask(
        name, mirrors, kind, WebTask.WEB, name + ".html", name + ".yaml", false, null);
  }

  private static WebTask ocr(WebTask t) {
    return new WebTask(
        t.name(), t.mirrors(), t.kind(), t.device(), t.page(), t.flow(), true, t.pending());
  }
}
