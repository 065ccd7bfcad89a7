/**
 * iOS trees: WebDriverAgent / XCUITest page source, read by {@link
 * dev.apex.perception.ios.WdaTreeParser}. Coordinates arrive in points and leave in screenshot
 * pixels.
 */
package dev.apex.perception.ios;
