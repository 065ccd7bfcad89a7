/**
 * The tools a planner's steps name: {@code describe_screen}, app and input tools, {@code wait} and
 * {@code assert_visible}, each a {@link dev.apex.tools.Tool} found by name in a {@link
 * dev.apex.tools.ToolRegistry}. A tool acts on the {@link dev.apex.tools.ToolContext}'s device and
 * reports failure by throwing an {@link dev.apex.core.ApexException}; retrying is the executor's
 * business, never a tool's. Nothing here imports {@code dev.apex.semantic}: only a future {@code
 * describe_screen_semantic} tool may.
 */
package dev.apex.tools;
