package dev.apex.device.sim;

import dev.apex.core.InvalidInputException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Checks that sim app data is self-consistent; each message names the app, page and widget. */
final class SimAppsValidator {

  private static final Pattern PLACEHOLDER = Pattern.compile("\\{([A-Za-z0-9_.-]+)}");

  private SimAppsValidator() {}

  /** Merges every app's declared state, refusing a key two apps declare. */
  static SimAppState mergeStates(List<SimApp> apps) {
    Map<String, Boolean> switches = new HashMap<>();
    Map<String, List<SimListItem>> lists = new HashMap<>();
    Map<String, String> fields = new HashMap<>();
    Set<String> seen = new HashSet<>();
    for (SimApp app : apps) {
      SimAppState s = app.state();
      List<String> keys = new ArrayList<>(s.switches().keySet());
      keys.addAll(s.lists().keySet());
      keys.addAll(s.fields().keySet());
      for (String key : keys) {
        if (!seen.add(key)) {
          throw new InvalidInputException(
              "sim app " + app.id() + ": state key '" + key + "' is already declared elsewhere");
        }
      }
      switches.putAll(s.switches());
      lists.putAll(s.lists());
      fields.putAll(s.fields());
    }
    return new SimAppState(switches, lists, fields);
  }

  static void check(SimApps apps) {
    SimAppState state = apps.initialState();
    for (SimApp app : apps.all()) {
      if (app.page(app.root()).isEmpty()) {
        fail(app, null, null, "root page '" + app.root() + "' does not exist");
      }
      Set<String> pageIds = new HashSet<>();
      for (SimPage page : app.pages()) {
        if (!pageIds.add(page.id())) {
          fail(app, page, null, "page id is used twice");
        }
        for (SimWidget widget : page.widgets()) {
          checkWidget(apps, state, app, page, widget);
        }
      }
    }
  }

  private static void checkWidget(
      SimApps apps, SimAppState state, SimApp app, SimPage page, SimWidget w) {
    switch (w.type()) {
      case SWITCH -> requireKey(state.switches(), w.key(), app, page, w, "switch");
      case EDIT -> requireKey(state.fields(), w.key(), app, page, w, "field");
      case LIST -> requireKey(state.lists(), w.key(), app, page, w, "list");
      case ICON -> {
        if (w.bounds() == null) {
          fail(app, page, w, "an icon needs bounds");
        }
      }
      default -> {}
    }
    boolean leaf =
        w.type() != SimWidget.Type.ROW
            && w.type() != SimWidget.Type.SWITCH
            && w.type() != SimWidget.Type.LIST;
    if (w.bounds() != null && !leaf) {
      fail(app, page, w, "only icons, texts, buttons and edits take fixed bounds");
    }
    boolean labelled = !blank(w.text()) || !blank(w.description());
    boolean needsLabel = w.type() != SimWidget.Type.LIST && w.type() != SimWidget.Type.EDIT;
    if (needsLabel && !labelled) {
      // Every tappable node carries text or a description, so no node ever needs uiautomator's NAF.
      fail(app, page, w, "needs a text or a description");
    }
    for (String text : new String[] {w.text(), w.summary()}) {
      if (text != null) {
        Matcher m = PLACEHOLDER.matcher(text);
        while (m.find()) {
          requireKey(state.switches(), m.group(1), app, page, w, "switch placeholder");
        }
      }
    }
    for (List<SimAction> actions : List.of(w.onTap(), w.onEnter(), w.onLongPress())) {
      for (SimAction action : actions) {
        checkAction(apps, state, app, page, w, action);
      }
    }
  }

  private static void checkAction(
      SimApps apps, SimAppState state, SimApp app, SimPage page, SimWidget w, SimAction action) {
    if (action instanceof SimAction.Navigate n && app.page(n.page()).isEmpty()) {
      fail(app, page, w, "navigates to missing page '" + n.page() + "'");
    } else if (action instanceof SimAction.OpenApp o && apps.app(o.app()).isEmpty()) {
      fail(app, page, w, "opens unknown app '" + o.app() + "'");
    } else if (action instanceof SimAction.Toggle t) {
      requireKey(state.switches(), t.key(), app, page, w, "switch");
    } else if (action instanceof SimAction.Focus f) {
      requireKey(state.fields(), f.field(), app, page, w, "field");
    } else if (action instanceof SimAction.SetText s) {
      requireKey(state.fields(), s.field(), app, page, w, "field");
    } else if (action instanceof SimAction.AppendToList a) {
      requireKey(state.lists(), a.list(), app, page, w, "list");
      requireKey(state.fields(), a.from(), app, page, w, "field");
    } else if (action instanceof SimAction.ClearList c) {
      requireKey(state.lists(), c.list(), app, page, w, "list");
    }
  }

  private static void requireKey(
      Map<String, ?> declared, String key, SimApp app, SimPage page, SimWidget w, String what) {
    if (key == null || !declared.containsKey(key)) {
      fail(app, page, w, "refers to undeclared " + what + " '" + key + "'");
    }
  }

  private static void fail(SimApp app, SimPage page, SimWidget w, String problem) {
    String where =
        "sim app "
            + app.id()
            + (page == null ? "" : ", page '" + page.id() + "'")
            + (w == null
                ? ""
                : ", " + w.type().name().toLowerCase(java.util.Locale.ROOT) + " '" + w.id() + "'");
    throw new InvalidInputException(where + ": " + problem + "; fix the app's JSON");
  }

  private static boolean blank(String s) {
    return s == null || s.isBlank();
  }
}
