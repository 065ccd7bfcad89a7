/**
 * OpenTelemetry traces of what apex does: a span per suite run, per task, per step, per model call
 * (the GenAI conventions) and per device command, exported through the OpenTelemetry SDK's
 * autoconfiguration when the standard {@code OTEL_*} variables ask for it, and nothing at all
 * otherwise. {@link dev.apex.otel.RunTracer} is the entry point and names no OpenTelemetry type, so
 * a shell holds one without loading the SDK; {@link dev.apex.otel.OtelTracer} and the span makers
 * behind it are loaded only when traces are configured. Spans carry identifiers, sizes and counts,
 * never screen text or typed text; a goal, a step's arguments and failure reasons only with the
 * explicit {@code traces.payloads} setting, redacted.
 */
package dev.apex.otel;
