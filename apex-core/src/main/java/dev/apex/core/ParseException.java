package dev.apex.core;

/** A capture (a UI dump, a flow file) that cannot be parsed. Names the line and column, 1-based. */
public class ParseException extends NonRetriableException {

  private final int line;
  private final int column;

  public ParseException(String what, int line, int column, String reason) {
    super(what + " is malformed at line " + line + ", column " + column + ": " + reason);
    this.line = line;
    this.column = column;
  }

  public ParseException(String what, int line, int column, String reason, Throwable cause) {
    super(what + " is malformed at line " + line + ", column " + column + ": " + reason, cause);
    this.line = line;
    this.column = column;
  }

  public int line() {
    return line;
  }

  public int column() {
    return column;
  }
}
