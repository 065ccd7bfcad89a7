package dev.apex.device.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.DeviceText;
import dev.apex.core.InvalidInputException;
import dev.apex.core.Json;
import dev.apex.core.Secrets;
import java.util.Optional;
import org.openqa.selenium.Alert;
import org.openqa.selenium.ElementNotInteractableException;
import org.openqa.selenium.NoAlertPresentException;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.logging.LogEntry;

/**
 * The JavaScript dialog open in a browser session, and answering it. The session must leave dialogs
 * open ({@code unhandledPromptBehavior: ignore}); then every command the page would run fails with
 * {@link org.openqa.selenium.UnhandledAlertException} until the dialog is answered through
 * WebDriver's alert commands, which this class sends.
 *
 * <p>WebDriver tells a dialog's text but not its kind. Chromium announces each dialog ({@code
 * Page.javascriptDialogOpening}: kind, message, a prompt's default, the page's URL) and its end
 * ({@code Page.javascriptDialogClosed}) in chromedriver's performance log, which {@link
 * LocalChromium} turns on for the Page domain only; this class reads those events when it needs the
 * dialog, and on each navigation so the log stays short. A session without that log (a remote
 * browser) still works, with dialogs of {@link JsDialog.Kind#UNKNOWN} kind (OK and Cancel).
 *
 * <p>Not thread-safe: one device drives one session.
 */
final class PageDialogs {

  static final String LOG = "performance";
  private static final String OPENING = "Page.javascriptDialogOpening";
  private static final String CLOSED = "Page.javascriptDialogClosed";

  private final WebSession driver;
  private final String deviceId;
  private boolean logReadable = true;
  private JsDialog announced;
  private String typed;

  PageDialogs(WebSession driver, String deviceId) {
    this.driver = driver;
    this.deviceId = deviceId;
  }

  /** The dialog open now, if any: one alert command, and a log read when one is open. */
  Optional<JsDialog> current() {
    String text;
    try {
      text = driver.switchTo().alert().getText();
    } catch (NoAlertPresentException e) {
      forget();
      return Optional.empty();
    }
    readLog();
    String shown = text == null ? "" : text;
    if (announced != null && announced.message().equals(shown)) {
      return Optional.of(announced);
    }
    return Optional.of(new JsDialog(JsDialog.Kind.UNKNOWN, shown, "", ""));
  }

  /** What a prompt's field holds: what was typed into it, else its default. */
  String fieldText(JsDialog dialog) {
    return typed != null ? typed : dialog.defaultText();
  }

  /** Accepts (OK, Leave) or dismisses (Cancel, Stay) the open dialog; none open is a no-op. */
  void answer(boolean accept) {
    try {
      Alert alert = driver.switchTo().alert();
      if (accept) {
        alert.accept();
      } else {
        alert.dismiss();
      }
    } catch (NoAlertPresentException e) {
      // Answered already (the page or the endpoint closed it): nothing is left to answer.
    }
    forget();
  }

  /**
   * Types into the open prompt's field. The first typing replaces the default answer (the browser
   * selects it), later typing adds to what was typed.
   *
   * @throws InvalidInputException when the open dialog has no text field
   */
  void type(JsDialog dialog, String text) {
    if (dialog.kind() != JsDialog.Kind.PROMPT && dialog.kind() != JsDialog.Kind.UNKNOWN) {
      throw noField(dialog);
    }
    String value = (typed == null ? "" : typed) + text;
    try {
      driver.switchTo().alert().sendKeys(value);
    } catch (ElementNotInteractableException e) {
      throw noField(dialog);
    }
    typed = value;
  }

  /** Reads the dialog events logged since the last read, so the log does not grow unread. */
  void readLog() {
    if (!logReadable) {
      return;
    }
    try {
      for (LogEntry entry : driver.manage().logs().get(LOG)) {
        apply(entry.getMessage());
      }
    } catch (WebDriverException e) {
      // No performance log on this session: dialogs are shown without their kind.
      logReadable = false;
    }
  }

  /** The one line that says a dialog is in the way of an action, naming its text and buttons. */
  InvalidInputException blocking(JsDialog dialog, String action) {
    return new InvalidInputException(
        deviceId
            + ": cannot "
            + action
            + " while a JavaScript "
            + dialog.kind().word()
            + " is open ("
            + quote(dialog)
            + "): answer it first: tap "
            + buttonNames(dialog)
            + " or press BACK");
  }

  private InvalidInputException noField(JsDialog dialog) {
    return new InvalidInputException(
        deviceId
            + ": the open JavaScript "
            + dialog.kind().word()
            + " ("
            + quote(dialog)
            + ") has no text field: tap "
            + buttonNames(dialog)
            + " or press BACK");
  }

  private static String quote(JsDialog dialog) {
    return "\"" + DeviceText.excerpt(Secrets.redact(dialog.shownText()), 80) + "\"";
  }

  private static String buttonNames(JsDialog dialog) {
    return String.join(" or ", dialog.kind().buttons.stream().map(b -> b.label).toList());
  }

  private void apply(String message) {
    JsonNode event;
    try {
      event = Json.mapper().readTree(message).path("message");
    } catch (JsonProcessingException e) {
      return;
    }
    String method = event.path("method").asText("");
    JsonNode p = event.path("params");
    if (method.equals(OPENING)) {
      announced =
          new JsDialog(
              JsDialog.Kind.ofType(p.path("type").asText("")),
              p.path("message").asText(""),
              p.path("defaultPrompt").asText(""),
              p.path("url").asText(""));
      typed = null;
    } else if (method.equals(CLOSED)) {
      forget();
    }
  }

  private void forget() {
    announced = null;
    typed = null;
  }
}
