/**
 * Android trees: {@code uiautomator dump} XML and Appium UiAutomator2 page source, both read by
 * {@link dev.apex.perception.android.AndroidTreeParser}. Bounds are already in screen pixels and
 * already rotated.
 */
package dev.apex.perception.android;
