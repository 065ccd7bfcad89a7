/**
 * A fake adb server on loopback that speaks the real "smart socket" protocol ({@code host:version},
 * {@code host:devices}, {@code host:transport:SERIAL}, {@code host:transport-any}, {@code shell:},
 * {@code exec:}) so the real Android driver runs unchanged in tests. Each {@link
 * dev.apex.testkit.adb.FakePhone} replays the dumps and PNG a test gives it, keeps a little state
 * (the foreground app, typed text), records every command, and fails on cue ({@link
 * dev.apex.testkit.adb.AdbFault}).
 */
package dev.apex.testkit.adb;
