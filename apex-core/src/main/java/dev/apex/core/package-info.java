/**
 * The bottom of the dependency graph: immutable models ({@link dev.apex.core.Scene}, {@link
 * dev.apex.core.PlannedStep}, {@link dev.apex.core.StepResult}), task ids and statuses, and the
 * exception tree rooted at {@link dev.apex.core.ApexException}; {@link dev.apex.core.Secrets}, the
 * one redaction every outgoing string passes through, and {@link dev.apex.core.Text}, which
 * shortens strings only after redacting them. The one retry loop is in {@code dev.apex.core.retry}.
 * Depends on nothing but the JDK, Jackson and slf4j-api.
 */
package dev.apex.core;
