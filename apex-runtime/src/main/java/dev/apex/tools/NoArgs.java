package dev.apex.tools;

/** The parsed arguments of a tool that takes none, such as {@code describe_screen}. */
public enum NoArgs {
  NONE
}
