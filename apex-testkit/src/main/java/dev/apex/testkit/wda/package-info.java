/**
 * A fake WebDriverAgent on loopback ({@link dev.apex.testkit.wda.FakeWda}): the real HTTP routes
 * and response envelope, replaying the page sources a test gives it, with a screen in points and a
 * scale, a little app state, and a record of every request so tests can check what a driver sent.
 */
package dev.apex.testkit.wda;
