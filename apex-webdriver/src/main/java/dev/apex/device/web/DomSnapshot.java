package dev.apex.device.web;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.openqa.selenium.JavascriptExecutor;

/**
 * Runs {@code dom-snapshot.js}: one script call that walks the DOM and returns the page's
 * interactive and text elements with their boxes in CSS pixels, as the {@code WEB_JSON} tree. The
 * JSON is built in the page and crosses the wire as one string, which is much cheaper than letting
 * WebDriver serialise thousands of nested objects.
 *
 * @param json the {@code WEB_JSON} document
 * @param viewportWidth the viewport width in CSS pixels
 * @param viewportHeight the viewport height in CSS pixels
 * @param devicePixelRatio screenshot pixels per CSS pixel
 */
record DomSnapshot(
    String json, double viewportWidth, double viewportHeight, double devicePixelRatio) {

  static final String SCRIPT = load("dom-snapshot.js");

  static DomSnapshot take(JavascriptExecutor page) {
    Object result = page.executeScript(SCRIPT);
    if (!(result instanceof List<?> parts) || parts.size() != 4) {
      throw new IllegalStateException("the DOM snapshot script returned " + result);
    }
    return new DomSnapshot(
        (String) parts.get(0), number(parts.get(1)), number(parts.get(2)), number(parts.get(3)));
  }

  static double number(Object value) {
    return value instanceof Number n ? n.doubleValue() : 1.0;
  }

  static String load(String name) {
    try (InputStream in = DomSnapshot.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("resource " + name + " is missing from the jar");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read resource " + name, e);
    }
  }
}
