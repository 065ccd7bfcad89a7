/**
 * The device port: the small interface every driver (sim, Android, iOS, WebDriver) implements, and
 * the raw capture it returns. Optional abilities are separate role interfaces a driver may also
 * implement.
 */
package dev.apex.device;
