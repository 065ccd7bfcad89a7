/**
 * Streaming (SAX) reading of device XML trees, shared by the Android and iOS parsers:
 * byte-order-mark detection (the bytes win over the declaration), tolerance of junk after the root
 * element (the {@code /dev/tty} trailer), malformed input reported as {@link
 * dev.apex.core.ParseException} with its line and column, hand-written attribute value parsing, and
 * repair of double-encoded UTF-8 text. Package-internal machinery; callers use {@link
 * dev.apex.perception.TreeParsers}.
 */
package dev.apex.perception.xml;
