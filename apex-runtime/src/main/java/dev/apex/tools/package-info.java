/**
 * The tools a planner's steps name: {@code describe_screen}, app and input tools, {@code wait} and
 * {@code assert_visible}, each a {@link dev.apex.tools.Tool} found by name in a {@link
 * dev.apex.tools.ToolRegistry}. A step's argument map is read once, by its tool's {@code parse},
 * into the tool's typed value ({@link dev.apex.tools.TapTool.Tap}, {@link
 * dev.apex.tools.SwipeTool.Swipe}, …); a {@link dev.apex.tools.ParsedStep} holds the step with that
 * value, and is what the executor runs and a flow is checked with. Each tool's {@link
 * dev.apex.tools.ArgSpec} list is the one definition of its arguments that every schema comes from.
 * A tool acts on the {@link dev.apex.tools.ToolContext}'s device and reports failure by throwing an
 * {@link dev.apex.core.ApexException}; retrying is the executor's business, never a tool's. Only
 * {@code describe_screen_semantic} imports {@code dev.apex.semantic}.
 */
package dev.apex.tools;
