package dev.apex.core;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;

/**
 * A writer that passes each line through {@link Secrets#redact} and then {@link
 * TerminalText#escapeControls} before the writer below sees it: {@link RedactingStream}'s
 * counterpart for character output (the CLI's {@code PrintWriter}s). A line is held until its
 * newline, a {@link #flush()} or {@value RedactingStream#MAX_LINE} characters. Thread-safe.
 */
public final class RedactingWriter extends Writer {

  private final Writer out;
  private final StringBuilder line = new StringBuilder();

  private RedactingWriter(Writer out) {
    this.out = out;
  }

  /** A print writer over {@code out} that redacts each line and flushes it at its newline. */
  public static PrintWriter wrap(Writer out) {
    if (out == null) {
      throw new IllegalArgumentException("out must not be null");
    }
    return new PrintWriter(new RedactingWriter(out), false);
  }

  @Override
  public synchronized void write(char[] chars, int off, int len) throws IOException {
    for (int i = off; i < off + len; i++) {
      char c = chars[i];
      line.append(c);
      if (c == '\n' || line.length() >= RedactingStream.MAX_LINE) {
        drain();
        out.flush();
      }
    }
  }

  @Override
  public synchronized void flush() throws IOException {
    drain();
    out.flush();
  }

  @Override
  public synchronized void close() throws IOException {
    flush();
    out.close();
  }

  private void drain() throws IOException {
    if (line.length() > 0) {
      String text = line.toString();
      line.setLength(0);
      out.write(TerminalText.escapeControls(Secrets.redact(text)));
    }
  }
}
