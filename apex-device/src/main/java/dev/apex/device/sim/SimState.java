package dev.apex.device.sim;

import dev.apex.device.Key;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything that changes on a sim device: the foreground app, each app's back stack (with the
 * scroll offset of every page on it), switches, lists, text fields and the input focus. Starts at
 * the launcher. Actions are applied here; what they look like is {@link SimLayout}'s business.
 *
 * <p>Navigation follows Android: each app keeps its own back stack; HOME shows the launcher and
 * keeps the stacks; BACK on an app's root page closes that app's stack and shows the launcher; a
 * launch resumes an app where it was left. Not thread-safe.
 */
final class SimState {

  private final SimApps apps;
  private final Map<String, Deque<PageEntry>> stacks = new HashMap<>();
  private final Map<String, Boolean> switches;
  private final Map<String, List<SimListItem>> lists = new HashMap<>();
  private final Map<String, String> fields;
  private String currentApp;
  private String focusedField;

  SimState(SimApps apps) {
    this.apps = apps;
    SimAppState initial = apps.initialState();
    this.switches = new HashMap<>(initial.switches());
    initial.lists().forEach((key, items) -> lists.put(key, new ArrayList<>(items)));
    this.fields = new HashMap<>(initial.fields());
    launch(apps.home());
  }

  String currentApp() {
    return currentApp;
  }

  SimApp app() {
    return apps.require(currentApp);
  }

  SimPage page() {
    return app().requirePage(stack().peekLast().page);
  }

  /** How many pages deep the current app is; 1 on its root page. */
  int depth() {
    return stack().size();
  }

  int scroll() {
    return stack().peekLast().scroll;
  }

  void scrollTo(int offset) {
    stack().peekLast().scroll = Math.max(0, offset);
  }

  boolean switchOn(String key) {
    return switches.getOrDefault(key, false);
  }

  List<SimListItem> list(String key) {
    return List.copyOf(lists.getOrDefault(key, List.of()));
  }

  String field(String key) {
    return fields.getOrDefault(key, "");
  }

  /** The key of the text field that has the input focus, or null. */
  String focusedField() {
    return focusedField;
  }

  void launch(String appId) {
    SimApp app = apps.require(appId);
    currentApp = app.id();
    stacks.computeIfAbsent(app.id(), id -> newStack(app));
    focusFirstField();
  }

  void terminate(String appId) {
    SimApp app = apps.require(appId);
    stacks.remove(app.id());
    if (app.id().equals(apps.home())) {
      stacks.put(app.id(), newStack(app)); // the launcher restarts at once, as on a phone
    }
    if (app.id().equals(currentApp)) {
      launch(apps.home());
    }
  }

  void pressKey(Key key) {
    switch (key) {
      case BACK -> back();
      case HOME -> launch(apps.home());
      case ENTER -> enter();
    }
  }

  /** Types into the focused field; with no field focused the text goes nowhere, as on a phone. */
  void type(String text) {
    if (focusedField != null) {
      fields.put(focusedField, field(focusedField) + text);
    }
  }

  void run(List<SimAction> actions) {
    for (SimAction action : actions) {
      run(action);
    }
  }

  private void run(SimAction action) {
    if (action instanceof SimAction.Navigate n) {
      stack().addLast(new PageEntry(n.page()));
      focusFirstField();
    } else if (action instanceof SimAction.Back) {
      back();
    } else if (action instanceof SimAction.Home) {
      launch(apps.home());
    } else if (action instanceof SimAction.OpenApp o) {
      launch(o.app());
    } else if (action instanceof SimAction.Toggle t) {
      switches.put(t.key(), !switchOn(t.key()));
    } else if (action instanceof SimAction.Focus f) {
      focusedField = f.field();
    } else if (action instanceof SimAction.SetText s) {
      fields.put(s.field(), s.value());
    } else if (action instanceof SimAction.AppendToList a) {
      String text = field(a.from()).strip();
      if (!text.isEmpty()) {
        lists.computeIfAbsent(a.list(), k -> new ArrayList<>()).add(new SimListItem(text, null));
      }
    } else if (action instanceof SimAction.ClearList c) {
      lists.computeIfAbsent(c.list(), k -> new ArrayList<>()).clear();
    }
  }

  private void back() {
    Deque<PageEntry> stack = stack();
    if (stack.size() > 1) {
      stack.removeLast();
      focusFirstField();
    } else if (!currentApp.equals(apps.home())) {
      stacks.remove(currentApp);
      launch(apps.home());
    }
  }

  private void enter() {
    for (SimWidget w : page().widgets()) {
      if (w.type() == SimWidget.Type.EDIT && w.key().equals(focusedField)) {
        run(w.onEnter());
        return;
      }
    }
  }

  /** Pages open with their first text field focused, as editors do. */
  private void focusFirstField() {
    focusedField =
        page().widgets().stream()
            .filter(w -> w.type() == SimWidget.Type.EDIT)
            .map(SimWidget::key)
            .findFirst()
            .orElse(null);
  }

  private Deque<PageEntry> stack() {
    return stacks.get(currentApp);
  }

  private static Deque<PageEntry> newStack(SimApp app) {
    Deque<PageEntry> stack = new ArrayDeque<>();
    stack.add(new PageEntry(app.root()));
    return stack;
  }

  /** A page on a back stack, with how far its content is scrolled (pixels, 0 = top). */
  private static final class PageEntry {
    final String page;
    int scroll;

    PageEntry(String page) {
      this.page = page;
    }
  }
}
