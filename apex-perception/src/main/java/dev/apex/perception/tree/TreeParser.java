package dev.apex.perception.tree;

import dev.apex.core.RawCapture;

/**
 * Turns a raw capture's tree into a {@link UiTree}, with bounds in screenshot pixels (the parser
 * applies {@code capture.screen().scale()} where the tree speaks points or CSS pixels).
 *
 * <p>Throws {@link dev.apex.core.ParseException} naming the line and column when the tree is
 * malformed. Implementations are stateless and thread-safe.
 */
@FunctionalInterface
public interface TreeParser {

  UiTree parse(RawCapture capture);
}
