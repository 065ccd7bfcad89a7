package dev.apex.console;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Captures everything written to {@code System.err} and {@code System.out} during one test (where
 * slf4j-simple logs, per {@code simplelogger.properties}), still echoing it. Register with
 * {@code @RegisterExtension}.
 */
final class LogCapture implements BeforeEachCallback, AfterEachCallback {

  private final ByteArrayOutputStream captured = new ByteArrayOutputStream();
  private PrintStream originalErr;
  private PrintStream originalOut;

  @Override
  public void beforeEach(ExtensionContext context) {
    originalErr = System.err;
    originalOut = System.out;
    System.setErr(tee(originalErr));
    System.setOut(tee(originalOut));
  }

  private PrintStream tee(PrintStream original) {
    OutputStream tee =
        new OutputStream() {
          @Override
          public void write(int b) {
            synchronized (captured) {
              captured.write(b);
            }
            original.write(b);
          }

          @Override
          public void write(byte[] b, int off, int len) {
            synchronized (captured) {
              captured.write(b, off, len);
            }
            original.write(b, off, len);
          }
        };
    return new PrintStream(tee, true, StandardCharsets.UTF_8);
  }

  @Override
  public void afterEach(ExtensionContext context) {
    System.setErr(originalErr);
    System.setOut(originalOut);
  }

  /** Everything logged so far in this test. */
  String text() {
    synchronized (captured) {
      return captured.toString(StandardCharsets.UTF_8);
    }
  }
}
