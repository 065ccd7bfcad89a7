package dev.apex.device.web;

/** What a WebDriver session drives, read from the capabilities the endpoint returned. */
public enum WebPlatform {
  /** A web page: observed through a DOM walk ({@code WEB_JSON}), acted on in CSS pixels. */
  BROWSER,
  /** An Appium UiAutomator2 session: page source {@code APPIUM_UIA2_XML}, pixels. */
  ANDROID,
  /** An Appium XCUITest session: page source {@code WDA_XML}, points. */
  IOS,
  /**
   * An Appium session on any other platform (Windows, Mac2, Tizen, a test driver): page source
   * {@code GENERIC_XML}, in the session's unit (the screenshot's width over the window's).
   */
  OTHER
}
