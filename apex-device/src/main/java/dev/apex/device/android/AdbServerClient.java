package dev.apex.device.android;

import dev.apex.device.DeviceLimits;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Objects;

/**
 * A client of the adb server's "smart socket" protocol (AOSP {@code OVERVIEW.TXT}, {@code
 * SERVICES.TXT}): a request is a 4-digit hex length and that many bytes; the server answers {@code
 * OKAY} or {@code FAIL} with a hex-length message. One connection carries one service, so every
 * call opens its own socket.
 *
 * <p>Bounds: each call has one deadline for the whole command, from connecting to the last byte:
 * before every read the socket's timeout is set to the time left, so a server that trickles a byte
 * at a time fails at the deadline with an {@link AdbDeadlineException} (a {@link
 * java.net.SocketTimeoutException}) naming the request that was running. A service's output is read
 * up to {@code maxBytes}; more is an {@link AdbTooLargeException}. Other failures are plain {@link
 * IOException}s ({@link AdbFailException} for a {@code FAIL}, naming the request refused); callers
 * that know the device turn them into device-specific errors. Thread-safe: it holds no connection
 * between calls.
 */
public final class AdbServerClient {

  private static final int MAX_REQUEST = 0xFFFF;
  private static final int CHUNK = 64 * 1024;

  private final AdbAddress address;
  private final int connectTimeoutMillis;
  private final Duration commandTimeout;
  private final long maxBytes;

  /** A client whose output reads are capped at {@link DeviceLimits#DEFAULT_MAX_CAPTURE_BYTES}. */
  public AdbServerClient(AdbAddress address, Duration connectTimeout, Duration commandTimeout) {
    this(address, connectTimeout, commandTimeout, DeviceLimits.DEFAULT_MAX_CAPTURE_BYTES);
  }

  /**
   * @param connectTimeout how long the server may take to accept a connection (within the command's
   *     deadline)
   * @param commandTimeout the deadline of one whole call
   * @param maxBytes the most bytes one service's output may hold
   */
  public AdbServerClient(
      AdbAddress address, Duration connectTimeout, Duration commandTimeout, long maxBytes) {
    this.address = Objects.requireNonNull(address, "address");
    this.connectTimeoutMillis = positiveMillis(connectTimeout, "connectTimeout");
    positiveMillis(commandTimeout, "commandTimeout");
    this.commandTimeout = commandTimeout;
    if (maxBytes <= 0) {
      throw new IllegalArgumentException("maxBytes must be positive, got " + maxBytes);
    }
    this.maxBytes = maxBytes;
  }

  public AdbAddress address() {
    return address;
  }

  /** The deadline of one whole call. */
  public Duration commandTimeout() {
    return commandTimeout;
  }

  /** The most bytes one service's output may hold. */
  public long maxBytes() {
    return maxBytes;
  }

  /** {@code host:version}: the server's protocol version (e.g. 41). */
  public int version() throws IOException {
    return Integer.parseInt(hostQuery("host:version"), 16);
  }

  /** {@code host:devices}: the raw listing, one {@code SERIAL\tSTATE} per line. */
  public String devices() throws IOException {
    return hostQuery("host:devices");
  }

  /**
   * Runs {@code exec:COMMAND} on a device: no pty, so the output arrives byte for byte (what {@code
   * adb exec-out} does). Reads until the server closes the stream.
   *
   * @param serial the device, or null for {@code host:transport-any}
   */
  public byte[] exec(String serial, String command) throws IOException {
    return service(serial, "exec:" + command);
  }

  /**
   * Runs {@code shell:COMMAND}, which gives the command a pty: older devices turn LF into CRLF.
   * Only for commands that need a terminal, such as {@code uiautomator dump /dev/tty}.
   */
  public byte[] shell(String serial, String command) throws IOException {
    return service(serial, "shell:" + command);
  }

  /** Switches a new connection to the device, opens {@code service} and reads it to the end. */
  public byte[] service(String serial, String service) throws IOException {
    try (Exchange x = open()) {
      x.request(serial == null ? "host:transport-any" : "host:transport:" + serial);
      x.request(service);
      return x.readToEnd();
    }
  }

  private String hostQuery(String query) throws IOException {
    try (Exchange x = open()) {
      x.request(query);
      return new String(x.readFully(x.readHexLength()), StandardCharsets.UTF_8);
    }
  }

  private Exchange open() throws IOException {
    long deadline = System.nanoTime() + commandTimeout.toNanos();
    Socket socket = new Socket();
    try {
      socket.connect(
          new InetSocketAddress(address.host(), address.port()),
          (int) Math.max(1, Math.min(connectTimeoutMillis, commandTimeout.toMillis())));
      socket.setTcpNoDelay(true);
      return new Exchange(socket, deadline);
    } catch (IOException e) {
      socket.close();
      throw e;
    }
  }

  /** One connection, its deadline, and the request it is answering (for errors). */
  private final class Exchange implements Closeable {

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private final long deadlineNanos;
    private String request = "connect";

    Exchange(Socket socket, long deadlineNanos) throws IOException {
      this.socket = socket;
      this.in = socket.getInputStream();
      this.out = socket.getOutputStream();
      this.deadlineNanos = deadlineNanos;
    }

    void request(String request) throws IOException {
      this.request = request;
      byte[] body = request.getBytes(StandardCharsets.UTF_8);
      if (body.length > MAX_REQUEST) {
        throw new IOException(
            "adb request is " + body.length + " bytes; the protocol allows " + MAX_REQUEST);
      }
      byte[] header = String.format("%04x", body.length).getBytes(StandardCharsets.US_ASCII);
      byte[] frame = new byte[header.length + body.length];
      System.arraycopy(header, 0, frame, 0, header.length);
      System.arraycopy(body, 0, frame, header.length, body.length);
      out.write(frame);
      out.flush();
      String status = new String(readFully(4), StandardCharsets.US_ASCII);
      if (status.equals("OKAY")) {
        return;
      }
      if (status.equals("FAIL")) {
        byte[] message = readFully(readHexLength());
        throw new AdbFailException(request, new String(message, StandardCharsets.UTF_8).strip());
      }
      throw new IOException("adb server answered '" + status + "' to '" + request + "'");
    }

    int readHexLength() throws IOException {
      String hex = new String(readFully(4), StandardCharsets.US_ASCII);
      try {
        return Integer.parseInt(hex, 16);
      } catch (NumberFormatException e) {
        throw new IOException("adb server sent a bad length '" + hex + "' for '" + request + "'");
      }
    }

    byte[] readFully(int length) throws IOException {
      byte[] buffer = new byte[length];
      int at = 0;
      while (at < length) {
        int n = read(buffer, at, length - at);
        if (n < 0) {
          throw new EOFException(
              "adb server closed the connection after "
                  + at
                  + " of "
                  + length
                  + " bytes answering '"
                  + request
                  + "'");
        }
        at += n;
      }
      return buffer;
    }

    byte[] readToEnd() throws IOException {
      ByteArrayOutputStream output = new ByteArrayOutputStream(CHUNK);
      byte[] chunk = new byte[CHUNK];
      long total = 0;
      for (int n = read(chunk, 0, chunk.length); n >= 0; n = read(chunk, 0, chunk.length)) {
        total += n;
        if (total > maxBytes) {
          throw new AdbTooLargeException(request, maxBytes);
        }
        output.write(chunk, 0, n);
      }
      return output.toByteArray();
    }

    /** One read that waits at most until the command's deadline. */
    private int read(byte[] buffer, int offset, int length) throws IOException {
      long left = deadlineNanos - System.nanoTime();
      if (left <= 0) {
        throw new AdbDeadlineException(request, commandTimeout);
      }
      socket.setSoTimeout(
          (int) Math.max(1, Math.min(Integer.MAX_VALUE, (left + 999_999) / 1_000_000)));
      try {
        return in.read(buffer, offset, length);
      } catch (SocketTimeoutException e) {
        throw new AdbDeadlineException(request, commandTimeout);
      }
    }

    @Override
    public void close() throws IOException {
      socket.close();
    }
  }

  private static int positiveMillis(Duration duration, String name) {
    Objects.requireNonNull(duration, name);
    if (duration.isNegative() || duration.isZero()) {
      throw new IllegalArgumentException(name + " must be positive, got " + duration);
    }
    return (int) Math.min(Integer.MAX_VALUE, duration.toMillis());
  }
}
