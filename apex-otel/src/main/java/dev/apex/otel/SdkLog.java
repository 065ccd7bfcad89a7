package dev.apex.otel;

import dev.apex.core.Text;
import java.util.function.Consumer;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;

/**
 * The OpenTelemetry SDK's own log, as apex tells it: the SDK writes through {@code
 * java.util.logging}, which by default prints a timestamp line and a whole stack trace on stderr
 * for each failed export (a collector that is down). Here each warning or error becomes one line to
 * the shell's notices, {@code traces: <the SDK's words>: <the cause's>}, redacted; the SDK already
 * throttles how often it says so. Lower levels are dropped.
 */
final class SdkLog extends Handler {

  /** The logger every SDK class logs under. */
  static final String ROOT = "io.opentelemetry";

  /** Held so the settings on it are not lost with a collected logger. */
  private static final Logger SDK = Logger.getLogger(ROOT);

  private static final int MAX_LINE = 300;

  private final Consumer<String> notices;
  private final SimpleFormatter formatter = new SimpleFormatter();

  private SdkLog(Consumer<String> notices) {
    this.notices = notices;
    setLevel(Level.WARNING);
  }

  /** Sends the SDK's warnings to {@code notices} from now on, in place of stderr. */
  static synchronized void install(Consumer<String> notices) {
    for (Handler h : SDK.getHandlers()) {
      // By name: one another class loader installed (a plugin's, a test's) goes too.
      if (h.getClass().getName().equals(SdkLog.class.getName())) {
        SDK.removeHandler(h);
      }
    }
    SDK.setUseParentHandlers(false);
    SDK.addHandler(new SdkLog(notices));
  }

  @Override
  public void publish(LogRecord record) {
    if (record == null || !isLoggable(record)) {
      return;
    }
    try {
      notices.accept(line(record));
    } catch (RuntimeException | LinkageError e) {
      // A notice that cannot be told never stops an export thread, nor the handlers after this.
    }
  }

  private String line(LogRecord record) {
    StringBuilder line = new StringBuilder("traces: ");
    // The gRPC exporter ends with "Full error message:null" when the collector gave no words.
    String message =
        String.valueOf(formatter.formatMessage(record))
            .replace(" Full error message:null", "")
            .strip();
    line.append(message.endsWith(".") ? message.substring(0, message.length() - 1) : message);
    Throwable root = record.getThrown();
    while (root != null && root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    if (root != null) {
      line.append(": ")
          .append(root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage());
    }
    return Text.oneLine(line.toString(), MAX_LINE);
  }

  @Override
  public void flush() {}

  @Override
  public void close() {}
}
