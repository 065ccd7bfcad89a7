package dev.apex.device.sim;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.Objects;

/**
 * What a tap (or ENTER in a field) does in a sim app. In JSON an action is an object whose {@code
 * do} names the kind, e.g. {@code {"do": "navigate", "page": "wifi"}}; a widget runs its actions in
 * order. Keys ({@code key}, {@code field}, {@code list}) name device-wide state declared in some
 * app's {@code state}; {@link SimApps} checks every reference when it loads.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "do")
@JsonSubTypes({
  @JsonSubTypes.Type(value = SimAction.Navigate.class, name = "navigate"),
  @JsonSubTypes.Type(value = SimAction.Back.class, name = "back"),
  @JsonSubTypes.Type(value = SimAction.Home.class, name = "home"),
  @JsonSubTypes.Type(value = SimAction.OpenApp.class, name = "open-app"),
  @JsonSubTypes.Type(value = SimAction.Toggle.class, name = "toggle"),
  @JsonSubTypes.Type(value = SimAction.Focus.class, name = "focus"),
  @JsonSubTypes.Type(value = SimAction.SetText.class, name = "set-text"),
  @JsonSubTypes.Type(value = SimAction.AppendToList.class, name = "append-to-list"),
  @JsonSubTypes.Type(value = SimAction.ClearList.class, name = "clear-list"),
})
public sealed interface SimAction {

  /** Pushes a page of the current app onto its back stack. */
  record Navigate(String page) implements SimAction {
    public Navigate {
      Objects.requireNonNull(page, "navigate.page");
    }
  }

  /** Same as the BACK key: pops a page, or leaves the app from its root page. */
  record Back() implements SimAction {}

  /** Same as the HOME key: shows the launcher, keeping each app's back stack. */
  record Home() implements SimAction {}

  /** Brings an app to the foreground, as {@code launchApp} does. */
  record OpenApp(String app) implements SimAction {
    public OpenApp {
      Objects.requireNonNull(app, "open-app.app");
    }
  }

  /** Flips a switch between on and off. */
  record Toggle(String key) implements SimAction {
    public Toggle {
      Objects.requireNonNull(key, "toggle.key");
    }
  }

  /** Gives a text field the input focus, so typed text goes there. */
  record Focus(String field) implements SimAction {
    public Focus {
      Objects.requireNonNull(field, "focus.field");
    }
  }

  /** Replaces a text field's content ({@code ""} clears it). */
  record SetText(String field, String value) implements SimAction {
    public SetText {
      Objects.requireNonNull(field, "set-text.field");
      Objects.requireNonNull(value, "set-text.value");
    }
  }

  /** Adds a field's content to a list as a new item; a blank field adds nothing. */
  record AppendToList(String list, String from) implements SimAction {
    public AppendToList {
      Objects.requireNonNull(list, "append-to-list.list");
      Objects.requireNonNull(from, "append-to-list.from");
    }
  }

  /** Empties a list. */
  record ClearList(String list) implements SimAction {
    public ClearList {
      Objects.requireNonNull(list, "clear-list.list");
    }
  }
}
