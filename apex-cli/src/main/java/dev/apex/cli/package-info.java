/**
 * The {@code apex} command (picocli): wires devices, perception, the runtime, the timeline and the
 * console. Every error reaches the user as one line naming what was wrong and what to do, with a
 * non-zero exit; {@code --verbose} adds the stack trace.
 */
package dev.apex.cli;
