package dev.apex.cli;

import picocli.CommandLine.Option;

/** {@code --verbose}: print stack traces with errors. Mixed into every command. */
final class VerboseOption {

  @Option(
      names = {"-v", "--verbose"},
      description = "Print the stack trace with an error.")
  boolean verbose;
}
