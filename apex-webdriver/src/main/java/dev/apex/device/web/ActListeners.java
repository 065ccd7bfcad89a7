package dev.apex.device.web;

import java.util.Locale;
import java.util.Map;
import org.openqa.selenium.WebDriverException;

/**
 * Lets {@code dom-snapshot.js} see the pointer listeners a page adds with {@code addEventListener},
 * which page script cannot read back: a script that Chromium runs at the start of every document
 * ({@code Page.addScriptToEvaluateOnNewDocument}, sent through chromedriver's CDP endpoint) wraps
 * {@code EventTarget.prototype.addEventListener} and records each element given a {@code click},
 * {@code mousedown}, {@code mouseup}, {@code pointerdown}, {@code pointerup}, {@code touchstart} or
 * {@code dblclick} listener in a {@code WeakSet} at {@code window.__apexActs} (non-enumerable, so a
 * page iterating {@code window} does not see it). The wrapper only records and then calls the
 * original, so the page behaves as before. Elements given a {@code mouseenter}, {@code mouseover},
 * {@code pointerenter} or {@code pointerover} listener go to a second set, {@code
 * window.__apexHovers}: what reacts only to the pointer passing over it (a hover menu).
 *
 * <p>Best effort: a driver without the endpoint (not Chromium, or a Grid that does not forward it)
 * is left as it is, and the snapshot still finds {@code onclick} handlers, widget roles, {@code
 * tabindex} and {@code cursor: pointer}. Only documents loaded after {@link #install} are covered.
 */
final class ActListeners {

  static final String SCRIPT =
      """
      (() => {
        if (window.__apexActs) return;
        const marks = new WeakSet();
        const kinds = new Set(['click', 'mousedown', 'mouseup', 'pointerdown', 'pointerup',
          'touchstart', 'dblclick']);
        const hovers = new WeakSet();
        const hoverKinds = new Set(['mouseenter', 'mouseover', 'pointerenter', 'pointerover']);
        Object.defineProperty(window, '__apexActs', {value: marks});
        Object.defineProperty(window, '__apexHovers', {value: hovers});
        const add = EventTarget.prototype.addEventListener;
        EventTarget.prototype.addEventListener = function (type, listener, options) {
          if (kinds.has(type) && this instanceof Element) marks.add(this);
          if (hoverKinds.has(type) && this instanceof Element) hovers.add(this);
          return add.call(this, type, listener, options);
        };
      })();
      """;

  private ActListeners() {}

  /** Installs the recorder for the documents {@code driver} loads next; false when it could not. */
  static boolean install(WebSession driver) {
    try {
      driver.cdp("Page.addScriptToEvaluateOnNewDocument", Map.of("source", SCRIPT));
      return true;
    } catch (WebDriverException e) {
      return false;
    }
  }

  /** Whether a remote session's browser is Chromium-based, the only kind with the endpoint. */
  static boolean chromiumBased(Object browserName) {
    String name = String.valueOf(browserName).toLowerCase(Locale.ROOT);
    return name.contains("chrom") || name.contains("edge");
  }
}
