package dev.apex.device.web;

import org.openqa.selenium.JavascriptExecutor;

/**
 * HTML5 drag and drop made by script. Chromium fires no {@code dragstart} from synthetic W3C
 * pointer actions, so a page built on {@code draggable=true} and drag events cannot be reached with
 * the mouse; this dispatches the events a real drag would (on the element pressed, then on the
 * element under the drop point) sharing one {@code DataTransfer}. As in a real drag, {@code drop}
 * fires only when the target cancelled {@code dragover}, which is how a page accepts a drop.
 */
final class Html5Drag {

  /**
   * Returns false (and does nothing) unless the element at the start point is or sits inside an
   * element with {@code draggable="true"}: links and images, draggable by default, are left to the
   * mouse, like every pointer- or mouse-event drag (a slider, jQuery UI).
   */
  private static final String SCRIPT =
      """
      var fx = arguments[0], fy = arguments[1], tx = arguments[2], ty = arguments[3];
      var hit = document.elementFromPoint(fx, fy);
      var source = hit && hit.closest('[draggable="true"]');
      if (!source) return false;
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
   * Dispatches the drag from one viewport point (CSS pixels) to another when the first is on a
   * {@code draggable="true"} element.
   *
   * @return whether it did; false means the caller should drag with the mouse
   */
  static boolean dispatchIfDraggable(
      JavascriptExecutor driver, int fromX, int fromY, int toX, int toY) {
    return Boolean.TRUE.equals(driver.executeScript(SCRIPT, fromX, fromY, toX, toY));
  }
}
