package dev.apex.anthropic;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Captures what slf4j-simple writes (to {@code System.err}, per {@code simplelogger.properties})
 * during one test, still echoing it. Register with {@code @RegisterExtension}.
 */
final class LogCapture implements BeforeEachCallback, AfterEachCallback {

  private final ByteArrayOutputStream captured = new ByteArrayOutputStream();
  private PrintStream original;

  @Override
  public void beforeEach(ExtensionContext context) {
    original = System.err;
    OutputStream tee =
        new OutputStream() {
          @Override
          public synchronized void write(int b) {
            captured.write(b);
            original.write(b);
          }

          @Override
          public synchronized void write(byte[] b, int off, int len) {
            captured.write(b, off, len);
            original.write(b, off, len);
          }
        };
    System.setErr(new PrintStream(tee, true, StandardCharsets.UTF_8));
  }

  @Override
  public void afterEach(ExtensionContext context) {
    System.setErr(original);
  }

  /** Every line logged so far in this test. */
  List<String> lines() {
    String text = captured.toString(StandardCharsets.UTF_8);
    return Arrays.stream(text.split("\\R")).filter(l -> !l.isBlank()).collect(Collectors.toList());
  }

  /** The lines containing {@code fragment}. */
  List<String> linesContaining(String fragment) {
    return lines().stream().filter(l -> l.contains(fragment)).collect(Collectors.toList());
  }
}
