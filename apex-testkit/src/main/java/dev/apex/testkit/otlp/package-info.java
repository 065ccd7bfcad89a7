/**
 * A loopback OpenTelemetry collector for tests ({@link dev.apex.testkit.otlp.OtlpReceiver}): it
 * decodes OTLP trace exports with the protocol's own classes and keeps the spans, so a test runs
 * the real SDK exporter and asserts what a collector would receive.
 */
package dev.apex.testkit.otlp;
