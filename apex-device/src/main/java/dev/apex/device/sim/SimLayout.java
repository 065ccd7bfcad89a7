package dev.apex.device.sim;

import static dev.apex.device.sim.SimStyle.HEIGHT;
import static dev.apex.device.sim.SimStyle.MARGIN;
import static dev.apex.device.sim.SimStyle.STATUS_BAR;
import static dev.apex.device.sim.SimStyle.TOOLBAR;
import static dev.apex.device.sim.SimStyle.WIDTH;

import dev.apex.core.Bounds;
import dev.apex.device.sim.SimNode.Kind;
import dev.apex.device.sim.SimStyle.Text;
import java.util.ArrayList;
import java.util.List;

/**
 * Lays out the current page of a {@link SimState} as a {@link SimScreen}: a status bar with the
 * clock, the app's toolbar (with "Navigate up" below the root page), the page's flowing widgets in
 * a scroll container, and its fixed-position widgets. Pure: the same state and clock text give an
 * equal screen.
 */
final class SimLayout {

  private static final String SYSTEM_UI = "com.android.systemui";
  private static final Bounds SCREEN = new Bounds(0, 0, WIDTH, HEIGHT);
  private static final int GAP = 16;

  private final SimState state;
  private final String pkg;
  private final SimWidgets widgets;

  private SimLayout(SimState state) {
    this.state = state;
    this.pkg = state.currentApp();
    this.widgets = new SimWidgets(state, pkg);
  }

  /** The screen for the state, with {@code clock} (e.g. {@code 09:41}) in the status bar. */
  static SimScreen layout(SimState state, String clock) {
    return new SimLayout(state).screen(clock);
  }

  private SimScreen screen(String clock) {
    SimPage page = state.page();
    List<SimNode> content = new ArrayList<>();
    int contentTop = STATUS_BAR;
    if (page.hasToolbar()) {
      content.add(toolbar(page));
      contentTop += TOOLBAR;
    }
    Bounds viewport = new Bounds(0, contentTop, WIDTH, HEIGHT);
    List<SimWidget> flowing = page.widgets().stream().filter(w -> w.bounds() == null).toList();
    int scrollMax = 0;
    if (!flowing.isEmpty()) {
      List<SimNode> placed = flow(flowing, contentTop);
      int bottom = placed.stream().mapToInt(n -> n.frame().bottom()).max().orElse(contentTop);
      scrollMax = Math.max(0, bottom + GAP - HEIGHT);
      int scroll = Math.min(state.scroll(), scrollMax);
      if (scroll > 0) {
        placed = flow(flowing, contentTop - scroll);
      }
      content.add(
          widgets.node(
              Kind.CONTAINER,
              "android.widget.ScrollView",
              SimWidgets.resourceId(pkg, "scroll"),
              null,
              null,
              viewport,
              scrollMax > 0,
              placed));
    }
    for (SimWidget w : page.widgets()) {
      if (w.bounds() != null) {
        content.add(widgets.fixed(w));
      }
    }
    SimNode app = plain(Kind.CONTAINER, "android.widget.FrameLayout", pkg, "android:id/content");
    app = withFrame(app, new Bounds(0, STATUS_BAR, WIDTH, HEIGHT), content);
    SimNode root =
        withFrame(
            plain(Kind.ROOT, "android.widget.FrameLayout", pkg, ""),
            SCREEN,
            List.of(statusBar(clock), app));
    return new SimScreen(clip(root, SCREEN), scrollMax > 0 ? viewport : Bounds.EMPTY, scrollMax);
  }

  /**
   * Places the widgets top to bottom from {@code top} (already shifted by the scroll): list rows
   * stack flush, as in a settings list; every other widget keeps a gap around it.
   */
  private List<SimNode> flow(List<SimWidget> flowing, int top) {
    List<SimNode> placed = new ArrayList<>();
    int y = top;
    boolean previousRow = false;
    for (SimWidget w : flowing) {
      boolean row = w.type() == SimWidget.Type.ROW || w.type() == SimWidget.Type.SWITCH;
      if (!(row && previousRow)) {
        y += GAP;
      }
      SimNode node = widgets.flowing(w, y);
      if (node != null) {
        placed.add(node);
        y = node.frame().bottom();
        previousRow = row;
      }
    }
    return placed;
  }

  private SimNode toolbar(SimPage page) {
    List<SimNode> children = new ArrayList<>();
    int titleLeft = MARGIN;
    if (state.depth() > 1) {
      Bounds up = new Bounds(0, STATUS_BAR, TOOLBAR, STATUS_BAR + TOOLBAR);
      children.add(
          new SimNode(
              Kind.UP,
              "android.widget.ImageButton",
              pkg,
              "",
              "",
              "Navigate up",
              up,
              up,
              SimWidgets.CLICKABLE,
              List.of(),
              List.of(new SimAction.Back()),
              List.of()));
      titleLeft = TOOLBAR;
    }
    String title = widgets.fill(page.title());
    Bounds titleFrame =
        new Bounds(
            titleLeft,
            STATUS_BAR,
            Math.min(WIDTH - MARGIN, titleLeft + Text.HEADING.width(title)),
            STATUS_BAR + TOOLBAR);
    children.add(widgets.textNode(Kind.HEADING, "", title, titleFrame, List.of(title)));
    return withFrame(
        plain(Kind.TOOLBAR, "android.view.ViewGroup", pkg, SimWidgets.resourceId(pkg, "toolbar")),
        new Bounds(0, STATUS_BAR, WIDTH, STATUS_BAR + TOOLBAR),
        children);
  }

  private static SimNode statusBar(String clock) {
    Bounds clockFrame = new Bounds(MARGIN, 0, MARGIN + Text.CLOCK.width(clock), STATUS_BAR);
    SimNode clockNode =
        new SimNode(
            Kind.CLOCK,
            "android.widget.TextView",
            SYSTEM_UI,
            SYSTEM_UI + ":id/clock",
            clock,
            "",
            clockFrame,
            clockFrame,
            SimWidgets.NONE,
            List.of(clock),
            List.of(),
            List.of());
    return withFrame(
        plain(
            Kind.STATUS_BAR, "android.widget.FrameLayout", SYSTEM_UI, SYSTEM_UI + ":id/status_bar"),
        new Bounds(0, 0, WIDTH, STATUS_BAR),
        List.of(clockNode));
  }

  private static SimNode plain(Kind kind, String className, String pkg, String resourceId) {
    return new SimNode(
        kind,
        className,
        pkg,
        resourceId,
        "",
        "",
        Bounds.EMPTY,
        Bounds.EMPTY,
        SimWidgets.NONE,
        List.of(),
        List.of(),
        List.of());
  }

  private static SimNode withFrame(SimNode node, Bounds frame, List<SimNode> children) {
    return new SimNode(
        node.kind(),
        node.className(),
        node.pkg(),
        node.resourceId(),
        node.text(),
        node.description(),
        frame,
        frame,
        node.flags(),
        node.lines(),
        node.onTap(),
        children);
  }

  /**
   * Clips every node to its parent's visible part and drops what has no area left, as uiautomator
   * reports only views visible to the user, with visible bounds.
   */
  private static SimNode clip(SimNode node, Bounds within) {
    Bounds visible = intersect(node.frame(), within);
    if (!visible.hasArea()) {
      return null;
    }
    List<SimNode> kept = new ArrayList<>();
    for (SimNode child : node.children()) {
      SimNode clipped = clip(child, visible);
      if (clipped != null) {
        kept.add(clipped);
      }
    }
    return node.withBounds(visible, kept);
  }

  static Bounds intersect(Bounds a, Bounds b) {
    Bounds r =
        new Bounds(
            Math.max(a.left(), b.left()),
            Math.max(a.top(), b.top()),
            Math.min(a.right(), b.right()),
            Math.min(a.bottom(), b.bottom()));
    return r.hasArea() ? r : Bounds.EMPTY;
  }
}
