/**
 * A {@link dev.apex.device.Device} over W3C WebDriver: a web page in headless Chromium driven
 * through chromedriver ({@code web[:URL]}), or any remote WebDriver endpoint — a Selenium Grid, an
 * Appium server — ({@code webdriver:ENDPOINT}). Start at {@link dev.apex.device.web.WebDevices}.
 *
 * <p>Units: every coordinate this package takes or gives is in screenshot pixels. A web page's CSS
 * pixels and iOS points are converted with the capture's scale (the device pixel ratio, the
 * screen's points-to-pixels factor).
 *
 * <p>Nothing is downloaded at run time: the browser and chromedriver are the installed binaries,
 * and Selenium Manager is never consulted (see {@link dev.apex.device.web.LocalChromium}).
 */
package dev.apex.device.web;
