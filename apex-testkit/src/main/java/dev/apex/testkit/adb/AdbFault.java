package dev.apex.testkit.adb;

import java.time.Duration;
import java.util.Objects;

/**
 * A failure the fake adb server plays for one service request, instead of running the command.
 * Armed with {@link FakePhone#failNext(String, AdbFault)}.
 */
public sealed interface AdbFault {

  /** Answers {@code OKAY}, sends the first half of the command's real output, then closes. */
  static AdbFault closeMidStream() {
    return new CloseMidStream();
  }

  /** Closes the connection as soon as the service is requested, answering nothing. */
  static AdbFault dropConnection() {
    return new DropConnection();
  }

  /** Answers {@code FAIL} with the message, as the server does for a vanished device. */
  static AdbFault fail(String message) {
    return new Fail(message);
  }

  /**
   * Answers {@code OKAY} and then sends nothing, holding the connection open until the server is
   * closed: a command that never finishes.
   */
  static AdbFault hang() {
    return new Hang();
  }

  /** Answers {@code OKAY} and sends {@code output} instead of the command's own. */
  static AdbFault output(String output) {
    return new Output(output);
  }

  /**
   * Answers {@code OKAY}, then sends the command's real output one byte every {@code interval}:
   * each read gets a byte well within any per-read timeout, while the whole answer takes far longer
   * than a command may. Ends when the output is sent or the client goes.
   */
  static AdbFault trickle(Duration interval) {
    return new Trickle(interval);
  }

  /**
   * Answers {@code OKAY}, then a PNG signature followed by endless bytes as fast as the client
   * reads them, until it goes: a device streaming a "PNG" of unbounded size.
   */
  static AdbFault flood() {
    return new Flood();
  }

  record CloseMidStream() implements AdbFault {}

  record Trickle(Duration interval) implements AdbFault {
    public Trickle {
      Objects.requireNonNull(interval, "interval");
      if (interval.isNegative() || interval.isZero()) {
        throw new IllegalArgumentException("interval must be positive, got " + interval);
      }
    }
  }

  record Flood() implements AdbFault {}

  record DropConnection() implements AdbFault {}

  record Fail(String message) implements AdbFault {
    public Fail {
      Objects.requireNonNull(message, "message");
    }
  }

  record Hang() implements AdbFault {}

  record Output(String output) implements AdbFault {
    public Output {
      Objects.requireNonNull(output, "output");
    }
  }
}
