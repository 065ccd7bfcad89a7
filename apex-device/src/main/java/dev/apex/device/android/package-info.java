/**
 * The Android driver: talks to the adb server ("smart socket" protocol on 127.0.0.1:5037, or {@code
 * ADB_SERVER_SOCKET}) without the {@code adb} binary. It observes through {@code uiautomator dump}
 * and {@code screencap -p}, acts through {@code input}, {@code monkey}, {@code am}, and lists
 * devices with their states ({@link dev.apex.device.android.AdbDevices}).
 *
 * <p>Coordinates are physical pixels, the unit of the dump and the screenshot. Failures of the
 * transport (a closed connection, a timeout, a busy uiautomator) are {@link
 * dev.apex.core.DeviceException}s, which the runtime retries; bad input (an unknown package, text
 * {@code input text} cannot type) is an {@link dev.apex.core.InvalidInputException}.
 */
package dev.apex.device.android;
