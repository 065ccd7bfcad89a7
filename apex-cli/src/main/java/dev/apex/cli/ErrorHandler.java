package dev.apex.cli;

import dev.apex.core.ApexException;
import dev.apex.core.InvalidInputException;
import dev.apex.core.Secrets;
import dev.apex.core.Text;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * Turns every failure into one line on stderr ({@code apex: …}) and an exit code: 2 for bad input
 * (an {@link InvalidInputException}: an unknown device or serial, no device attached, a missing or
 * malformed flow or dump, an unknown tool; an unknown option or a bad option value), 1 for anything
 * else (a device that failed or cannot be reached). A task that ran and did not succeed is exit 1
 * too, from its command. The README's "Exit codes" table lists them all; {@code ExitCodesTest}
 * walks it. The stack trace follows only with {@code --verbose}.
 */
final class ErrorHandler implements IExecutionExceptionHandler, IParameterExceptionHandler {

  static final int BAD_INPUT = 2;
  static final int FAILED = 1;

  @Override
  public int handleExecutionException(Exception ex, CommandLine cli, ParseResult parseResult) {
    PrintWriter err = cli.getErr();
    err.println("apex: " + oneLine(ex));
    if (verbose(parseResult)) {
      ex.printStackTrace(err);
    }
    err.flush();
    return ex instanceof InvalidInputException || ex instanceof IllegalArgumentException
        ? BAD_INPUT
        : FAILED;
  }

  @Override
  public int handleParseException(ParameterException ex, String[] args) {
    PrintWriter err = ex.getCommandLine().getErr();
    String command = commandName(ex);
    err.println(
        "apex: "
            + oneLine(ex)
            + " (see 'apex "
            + (command.isEmpty() ? "" : command + " ")
            + "--help')");
    err.flush();
    return BAD_INPUT;
  }

  private static String commandName(ParameterException ex) {
    String qualified = ex.getCommandLine().getCommandSpec().qualifiedName(" ");
    return qualified.startsWith("apex ") ? qualified.substring(5) : "";
  }

  /**
   * The most characters of an error message's line shown: longer than {@link Text#IN_LINE_MAX}, as
   * a bad-input line may list what is allowed, but bounded, as a message may quote a model's text.
   */
  static final int MAX_MESSAGE = 1000;

  /**
   * The message's first line, redacted before it is cut (a key may span the cut), at most {@link
   * #MAX_MESSAGE} characters ({@link Text#inLine}).
   */
  static String oneLine(Throwable ex) {
    String message = Secrets.redact(ex.getMessage());
    if (message == null || message.isBlank()) {
      message = ex.getClass().getSimpleName();
    }
    if (!(ex instanceof ApexException) && ex.getCause() instanceof ApexException cause) {
      message = Secrets.redact(cause.getMessage());
    }
    int newline = message.indexOf('\n');
    return Text.inLine(newline < 0 ? message : message.substring(0, newline), MAX_MESSAGE);
  }

  private static boolean verbose(ParseResult parseResult) {
    for (ParseResult r = parseResult; r != null; r = r.subcommand()) {
      if (r.hasMatchedOption("--verbose")) {
        return true;
      }
    }
    return false;
  }
}
