/**
 * The iOS driver: WebDriverAgent over HTTP ({@code --device ios[:WDA_URL]}, default {@code
 * http://127.0.0.1:8100}) with the JDK's {@link java.net.http.HttpClient}.
 *
 * <p>Units: WDA speaks points; the driver's callers speak screenshot pixels. A capture keeps the
 * tree in points and states the scale in its {@link dev.apex.core.ScreenSize} (perception
 * multiplies); every action divides pixels by the scale before it is sent.
 */
package dev.apex.device.ios;
