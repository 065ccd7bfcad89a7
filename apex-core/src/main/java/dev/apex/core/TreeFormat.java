package dev.apex.core;

/** The format of a capture's raw tree; perception picks its parser by it. */
public enum TreeFormat {
  /** {@code uiautomator dump} XML ({@code <hierarchy><node …>}); bounds in pixels. */
  UIAUTOMATOR_XML,
  /** Appium UiAutomator2 page source: tags are class names; bounds in pixels. */
  APPIUM_UIA2_XML,
  /** WebDriverAgent / XCUITest source ({@code XCUIElementType*}); x, y, width, height in points. */
  WDA_XML,
  /** A web page's elements as JSON (see the webdriver module); boxes in CSS pixels. */
  WEB_JSON,
  /**
   * Any other platform's XML page source (an Appium session on Windows, Mac2, Tizen, a test
   * driver): elements with a box as {@code bounds}, {@code x/y/width/height} or {@code
   * left/top/width/height}, in the session's unit.
   */
  GENERIC_XML
}
