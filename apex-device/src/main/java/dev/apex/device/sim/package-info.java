/**
 * The simulated phone ({@link dev.apex.device.sim.SimDevice}, id {@code sim}): the embedded default
 * device. Its apps are data, not code: JSON under {@code /sim/apps/} on the classpath, listed in
 * {@code /sim/apps.json}, read into {@link dev.apex.device.sim.SimApp} records and checked by
 * {@link dev.apex.device.sim.SimApps}.
 *
 * <p>An app has pages; a page has a toolbar title and widgets ({@code text}, {@code row}, {@code
 * switch}, {@code button}, {@code edit}, {@code list}, {@code icon}) laid out top to bottom, or at
 * fixed {@code bounds}. Widgets act through {@link dev.apex.device.sim.SimAction}s ({@code
 * navigate}, {@code back}, {@code home}, {@code open-app}, {@code toggle}, {@code focus}, {@code
 * set-text}, {@code append-to-list}, {@code clear-list}) on device-wide state (switches, lists,
 * text fields) that the apps declare with initial values.
 *
 * <p>Inside: {@code SimState} applies actions and keys, {@code SimLayout} and {@code SimWidgets}
 * lay the page out as a node tree, {@code UiAutomatorXml} writes that tree as a real uiautomator
 * dump and {@code SimPainter} draws it as a PNG.
 */
package dev.apex.device.sim;
