package dev.apex.cli;

import dev.apex.runtime.safety.Confirmer;
import dev.apex.runtime.safety.SensitiveAction;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;

/**
 * Asks on the terminal whether a sensitive action may run ({@code y} allows it); without a terminal
 * to ask on, answers no, so an unattended run never does what it was not allowed to.
 */
final class TerminalConfirmer implements Confirmer {

  private final BufferedReader in;
  private final PrintWriter out;

  /**
   * @param in the terminal's input, or null when there is none (never confirms)
   */
  TerminalConfirmer(BufferedReader in, PrintWriter out) {
    this.in = in;
    this.out = out;
  }

  static TerminalConfirmer forConsole(PrintWriter out) {
    java.io.Console console = System.console();
    return new TerminalConfirmer(
        console == null ? null : new BufferedReader(console.reader()), out);
  }

  @Override
  public synchronized boolean confirm(SensitiveAction action) {
    if (in == null) {
      out.println("apex: refused without a terminal to ask: " + StepLines.field(action.describe()));
      out.flush();
      return false;
    }
    out.print(
        "apex: the next step would " + StepLines.field(action.describe()) + ". Allow it? [y/N] ");
    out.flush();
    try {
      String answer = in.readLine();
      return answer != null && answer.strip().equalsIgnoreCase("y");
    } catch (IOException e) {
      return false;
    }
  }
}
