package dev.apex.device.web;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * A JavaScript dialog open over a page: {@code alert}, {@code confirm}, {@code prompt} or the
 * browser's "leave site?" question ({@code beforeunload}), as Chromium announced it. While one is
 * open the page runs no script, so the dialog is the screen. (chromedriver answers a leave-site
 * question itself, Leave, whenever the tab navigates, so local Chromium seldom leaves one open.)
 *
 * @param kind what called it; {@link Kind#UNKNOWN} when the session does not report dialogs (a
 *     remote browser without Chromium's performance log)
 * @param message the text it shows, as the page passed it (never null)
 * @param defaultText a prompt's initial answer (empty for the other kinds)
 * @param url the page that opened it, or empty when unknown
 */
record JsDialog(Kind kind, String message, String defaultText, String url) {

  /** A dialog's kind and the buttons it offers, in the order they are laid out. */
  enum Kind {
    ALERT(List.of(Button.OK)),
    CONFIRM(List.of(Button.OK, Button.CANCEL)),
    PROMPT(List.of(Button.OK, Button.CANCEL)),
    BEFOREUNLOAD(List.of(Button.LEAVE, Button.STAY)),
    /** A dialog whose kind was not reported: OK accepts it, Cancel dismisses it either way. */
    UNKNOWN(List.of(Button.OK, Button.CANCEL));

    final List<Button> buttons;

    Kind(List<Button> buttons) {
      this.buttons = buttons;
    }

    /** The kind of Chromium's {@code Page.javascriptDialogOpening} {@code type}. */
    static Kind ofType(String type) {
      return switch (String.valueOf(type).toLowerCase(Locale.ROOT)) {
        case "alert" -> ALERT;
        case "confirm" -> CONFIRM;
        case "prompt" -> PROMPT;
        case "beforeunload" -> BEFOREUNLOAD;
        default -> UNKNOWN;
      };
    }

    /** Lower case, as pages call it: {@code alert}, {@code confirm}, … */
    String word() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** A dialog button: its label and whether pressing it accepts the dialog (else dismisses it). */
  enum Button {
    OK("OK", true),
    CANCEL("Cancel", false),
    LEAVE("Leave", true),
    STAY("Stay", false);

    final String label;
    final boolean accepts;

    Button(String label, boolean accepts) {
      this.label = label;
      this.accepts = accepts;
    }
  }

  /** What Chromium shows for a {@code beforeunload} dialog, whose page gives no text. */
  static final String LEAVE_QUESTION = "Leave site? Changes that you made may not be saved.";

  JsDialog {
    Objects.requireNonNull(kind, "kind");
    message = message == null ? "" : message;
    defaultText = defaultText == null ? "" : defaultText;
    url = url == null ? "" : url;
  }

  /** Whether it has a text field, which {@code typeText} fills. */
  boolean hasField() {
    return kind == Kind.PROMPT;
  }

  /** The text the dialog shows: its message, or the browser's question for a leave prompt. */
  String shownText() {
    return kind == Kind.BEFOREUNLOAD && message.isBlank() ? LEAVE_QUESTION : message;
  }
}
