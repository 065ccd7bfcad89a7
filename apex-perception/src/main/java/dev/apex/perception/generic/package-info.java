/**
 * Trees of platforms without a parser of their own — an Appium session on Windows, macOS (Mac2),
 * Tizen or a test driver — read by {@link dev.apex.perception.generic.GenericTreeParser} from
 * whatever box and text attributes the source carries.
 */
package dev.apex.perception.generic;
