package dev.apex.device.web;

import dev.apex.core.ApexException;
import dev.apex.core.CaptureTooLargeException;
import dev.apex.core.DeviceException;
import dev.apex.core.DeviceText;
import dev.apex.core.InvalidInputException;
import dev.apex.device.DeviceLimits;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.net.http.HttpTimeoutException;
import java.util.concurrent.TimeoutException;
import org.openqa.selenium.InvalidArgumentException;
import org.openqa.selenium.UnsupportedCommandException;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.interactions.MoveTargetOutOfBoundsException;

/**
 * Turns Selenium's exceptions into the project's tree: bad input (a point off the screen, an
 * argument the endpoint rejects, a command it does not support) is not retriable; everything else
 * (a lost session, a timeout, an alert in the way, an endpoint that stopped answering) is a
 * retriable {@link DeviceException}. A command past its deadline is a retriable {@link
 * DeviceException} naming it, an answer past the capture cap a {@link CaptureTooLargeException}.
 * Messages keep Selenium's first line only (the rest is build and host information), escaped and
 * cut, since it often quotes the page or the endpoint.
 */
final class Failures {

  private Failures() {}

  static ApexException translate(String deviceId, String action, WebDriverException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof BoundedHttpClient.AnswerTooLarge large) {
        return new CaptureTooLargeException(
            deviceId, action + " (" + large.command + ")", large.limit);
      }
      if (t instanceof BoundedHttpClient.CommandDeadlineExceeded late) {
        return new DeviceException(
            deviceId,
            action
                + " failed: "
                + late.command
                + " did not finish within its deadline of "
                + DeviceLimits.describe(late.deadline)
                + ": the endpoint or the page is hung or too slow; raise "
                + DeviceLimits.TIMEOUT_SETTING
                + " if it is only slow",
            e);
      }
    }
    String reason = DeviceText.excerpt(firstLine(e), 300);
    if (e instanceof MoveTargetOutOfBoundsException) {
      return new InvalidInputException(
          deviceId + ": " + action + " is outside the screen: " + reason, e);
    }
    if (e instanceof InvalidArgumentException || e instanceof UnsupportedCommandException) {
      return new InvalidInputException(
          deviceId + ": " + action + " was refused by the endpoint: " + reason, e);
    }
    return new DeviceException(deviceId, action + " failed: " + reason, e);
  }

  /** Whether the failure means nothing answered at the address (as opposed to an error reply). */
  static boolean unreachable(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof ConnectException
          || t instanceof UnknownHostException
          || t instanceof HttpTimeoutException
          || t instanceof TimeoutException
          || t instanceof java.net.SocketTimeoutException) {
        return true;
      }
    }
    return false;
  }

  static String firstLine(Throwable e) {
    String message =
        e instanceof WebDriverException w && w.getRawMessage() != null
            ? w.getRawMessage()
            : e.getMessage();
    if (message == null || message.isBlank()) {
      return e.getClass().getSimpleName();
    }
    int newline = message.indexOf('\n');
    return (newline < 0 ? message : message.substring(0, newline)).strip();
  }

  /** At most {@code max} characters of {@code s}, control characters shown as {@code ?}. */
  static String printable(String s, int max) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < s.length() && out.length() < max; i++) {
      char c = s.charAt(i);
      out.append(Character.isISOControl(c) ? '?' : c);
    }
    return out.toString();
  }
}
