/**
 * The bottom of the dependency graph: immutable models ({@link dev.apex.core.Scene}, {@link
 * dev.apex.core.PlannedStep}, {@link dev.apex.core.StepResult}), task ids and statuses, and the
 * exception tree rooted at {@link dev.apex.core.ApexException}. Depends on nothing but the JDK and
 * Jackson.
 */
package dev.apex.core;
