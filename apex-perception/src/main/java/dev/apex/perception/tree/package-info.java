/**
 * The UI tree every parser yields: {@link dev.apex.perception.tree.UiTree} of {@link
 * dev.apex.perception.tree.UiNode}s with their {@link dev.apex.perception.tree.NodePath}s, the
 * {@link dev.apex.perception.tree.TreeParser} port the format parsers implement, and the depth
 * guard every parser shares ({@link dev.apex.perception.tree.TreeDepth}).
 *
 * <p>The bottom of perception: it uses only core, so the parsers (android, ios, web, generic, and
 * their shared xml reading) sit above it, and perception's entry point ({@link
 * dev.apex.perception.Perceiver}, {@link dev.apex.perception.TreeParsers}) above them, without a
 * cycle.
 */
package dev.apex.perception.tree;
