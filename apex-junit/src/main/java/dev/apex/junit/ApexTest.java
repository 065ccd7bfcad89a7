package dev.apex.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Runs each test of the class (or the one method) against a device with apex: {@link ApexExtension}
 * opens the device before the test, passes an {@link ApexSession} to any test parameter of that
 * type, records the test as a task in the timeline named after it, and closes the device after.
 * Tests on the same device selector run one at a time ({@link DeviceLock}).
 *
 * <pre>{@code
 * @ApexTest
 * class SettingsTest {
 *   @Test
 *   void wifiTurnsOn(ApexSession apex) {
 *     apex.runFlow("flows/settings-wifi-on.yaml");
 *   }
 * }
 * }</pre>
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(ApexExtension.class)
@ResourceLock(providers = DeviceLock.class)
public @interface ApexTest {}
