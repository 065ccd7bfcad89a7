package dev.apex.core;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;

/**
 * An output stream that passes each line through {@link Secrets#redact} and then {@link
 * TerminalText#escapeControls} before it reaches the stream below: the last guard on a process's
 * stdout and stderr, where log lines (slf4j-simple writes to {@code System.err}) and stack traces
 * end up whatever built them. A line is held until its newline, a {@link #flush()} or {@value
 * #MAX_LINE} bytes, so a prompt without a newline still shows. Thread-safe.
 *
 * <p>Bytes are decoded in the stream's charset (the platform's) and the result re-encoded in it, so
 * no control byte passes raw whatever the charset: a C1 control (UTF-8 {@code C2 9B}, or the single
 * byte {@code 9B} in ISO-8859-1) decodes to a character that is escaped; a byte the charset cannot
 * decode (a lone {@code 9B} in UTF-8 or ASCII) becomes U+FFFD, written as the charset writes it
 * (its bytes in UTF-8, {@code ?} in ASCII). A character whose bytes straddle a cut ({@value
 * #MAX_LINE} bytes, a flush) is decoded whole: the bytes of an unfinished sequence wait for the
 * rest.
 */
public final class RedactingStream extends OutputStream {

  /** The most bytes held before they are written without waiting for a newline. */
  public static final int MAX_LINE = 64 * 1024;

  /** The charset lines are decoded and re-encoded in: the platform's, as the system streams use. */
  private static final Charset CHARSET = Charset.defaultCharset();

  private final OutputStream out;
  private final Charset charset;
  private final CharsetDecoder decoder;
  private final ByteArrayOutputStream line = new ByteArrayOutputStream();

  private RedactingStream(OutputStream out, Charset charset) {
    this.out = out;
    this.charset = charset;
    this.decoder =
        charset
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPLACE)
            .onUnmappableCharacter(CodingErrorAction.REPLACE);
  }

  /**
   * A print stream over {@code out} that redacts each line, in the platform charset. Each line is
   * written and flushed at its newline; a partial line at {@link PrintStream#flush()}.
   */
  public static PrintStream wrap(PrintStream out) {
    return wrap(out, CHARSET);
  }

  /** As {@link #wrap(PrintStream)}, decoding and encoding in {@code charset}. */
  public static PrintStream wrap(PrintStream out, Charset charset) {
    if (out == null) {
      throw new IllegalArgumentException("out must not be null");
    }
    if (charset == null) {
      throw new IllegalArgumentException("charset must not be null");
    }
    return new Wrapped(out, charset);
  }

  /** Replaces {@code System.out} and {@code System.err} with redacting ones (once is enough). */
  public static synchronized void installOnSystemStreams() {
    if (!(System.out instanceof Wrapped)) {
      System.setOut(new Wrapped(System.out, CHARSET));
    }
    if (!(System.err instanceof Wrapped)) {
      System.setErr(new Wrapped(System.err, CHARSET));
    }
  }

  @Override
  public synchronized void write(int b) throws IOException {
    line.write(b);
    if (b == '\n' || line.size() >= MAX_LINE) {
      drain();
      out.flush();
    }
  }

  @Override
  public synchronized void write(byte[] b, int off, int len) throws IOException {
    for (int i = off; i < off + len; i++) {
      write(b[i]);
    }
  }

  @Override
  public synchronized void flush() throws IOException {
    drain();
    out.flush();
  }

  @Override
  public synchronized void close() throws IOException {
    drain();
    // The end: bytes of a sequence that will never be finished are written as replaced.
    emit(decode(true));
    out.close();
  }

  private void drain() throws IOException {
    if (line.size() > 0) {
      emit(decode(false));
    }
  }

  private void emit(String text) throws IOException {
    if (!text.isEmpty()) {
      out.write(TerminalText.escapeControls(Secrets.redact(text)).getBytes(charset));
    }
  }

  /**
   * The held bytes decoded, malformed ones replaced; unless {@code end}, the bytes of a sequence
   * not yet finished stay held for the next write.
   */
  private String decode(boolean end) {
    ByteBuffer in = ByteBuffer.wrap(line.toByteArray());
    CharBuffer chars = CharBuffer.allocate((int) (in.remaining() * decoder.maxCharsPerByte()) + 4);
    decoder.decode(in, chars, end);
    if (end) {
      decoder.flush(chars);
      decoder.reset();
    }
    line.reset();
    line.write(in.array(), in.position(), in.remaining());
    return chars.flip().toString();
  }

  /**
   * A redacting print stream. Not autoflush: an autoflush print stream flushes after every {@code
   * print}, which would cut a line (and a secret printed in two parts) before it is redacted.
   */
  private static final class Wrapped extends PrintStream {
    Wrapped(PrintStream out, Charset charset) {
      super(new RedactingStream(out, charset), false, charset);
    }
  }
}
