package dev.apex.device.web;

import org.openqa.selenium.JavascriptExecutor;

/**
 * HTML5 drag and drop made by script where the mouse did not start one. Chromium 156 with its
 * chromedriver starts a native drag from W3C pointer actions, but older Chromium drivers, other
 * browsers' drivers and some Grid nodes fire no {@code dragstart} from synthetic input, which
 * leaves a page built on {@code draggable=true} and drag events out of reach. So before a mouse
 * drag from such an element {@link #arm} starts listening for {@code dragstart}, and after it
 * {@link #completeIfMissed} dispatches the events a real drag would (on the element pressed, then
 * on the element under the drop point, sharing one {@code DataTransfer}) only if none started. As
 * in a real drag, {@code drop} fires only when the target cancelled {@code dragover}, which is how
 * a page accepts a drop. Script-made events are untrusted: a page that checks {@code isTrusted}
 * ignores them.
 */
final class Html5Drag {

  private static final String SOURCE =
      """
      var hit = document.elementFromPoint(arguments[0], arguments[1]);
      var source = hit && hit.closest('[draggable="true"]');
      """;

  private static final String ARM =
      SOURCE
          + """
          if (!source) return false;
          var watch = window.__apexDragWatch = {started: false};
          watch.listener = function () { watch.started = true; };
          document.addEventListener('dragstart', watch.listener, true);
          return true;
          """;

  private static final String COMPLETE =
      """
      var watch = window.__apexDragWatch;
      delete window.__apexDragWatch;
      if (!watch) return false;
      document.removeEventListener('dragstart', watch.listener, true);
      if (watch.started) return false;
      """
          + SOURCE
          + """
          if (!source) return false;
          var fx = arguments[0], fy = arguments[1], tx = arguments[2], ty = arguments[3];
          var target = document.elementFromPoint(tx, ty) || document.body;
          var data = new DataTransfer();
          function fire(el, type, x, y) {
            var e = new DragEvent(type, {bubbles: true, cancelable: true, composed: true,
                clientX: x, clientY: y, dataTransfer: data});
            el.dispatchEvent(e);
            return e;
          }
          fire(source, 'dragstart', fx, fy);
          fire(source, 'drag', fx, fy);
          fire(target, 'dragenter', tx, ty);
          if (fire(target, 'dragover', tx, ty).defaultPrevented) fire(target, 'drop', tx, ty);
          fire(source, 'dragend', tx, ty);
          return true;
          """;

  private Html5Drag() {}

  /**
   * Starts watching for the native drag when the viewport point (CSS pixels) is on or inside an
   * element with {@code draggable="true"}; links and images, draggable by default, are left to the
   * mouse like every pointer- or mouse-event drag (a slider, jQuery UI).
   *
   * @return whether the point is on such an element
   */
  static boolean arm(JavascriptExecutor driver, int x, int y) {
    return Boolean.TRUE.equals(driver.executeScript(ARM, x, y));
  }

  /**
   * After the mouse drag of an {@link #arm armed} point: when no {@code dragstart} fired,
   * dispatches the drag from one point to the other.
   *
   * @return whether it dispatched
   */
  static boolean completeIfMissed(
      JavascriptExecutor driver, int fromX, int fromY, int toX, int toY) {
    return Boolean.TRUE.equals(driver.executeScript(COMPLETE, fromX, fromY, toX, toY));
  }
}
