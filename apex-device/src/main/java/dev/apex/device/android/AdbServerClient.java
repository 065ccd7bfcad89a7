package dev.apex.device.android;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Objects;

/**
 * A client of the adb server's "smart socket" protocol (AOSP {@code OVERVIEW.TXT}, {@code
 * SERVICES.TXT}): a request is a 4-digit hex length and that many bytes; the server answers {@code
 * OKAY} or {@code FAIL} with a hex-length message. One connection carries one service, so every
 * call opens its own socket.
 *
 * <p>Every read waits at most the read timeout; a stalled device surfaces as a {@link
 * java.net.SocketTimeoutException}. Failures are plain {@link IOException}s ({@link
 * AdbFailException} for a {@code FAIL}); callers that know the device turn them into
 * device-specific errors. Thread-safe: it holds no connection between calls.
 */
public final class AdbServerClient {

  private static final int MAX_REQUEST = 0xFFFF;

  private final AdbAddress address;
  private final int connectTimeoutMillis;
  private final int readTimeoutMillis;

  public AdbServerClient(AdbAddress address, Duration connectTimeout, Duration readTimeout) {
    this.address = Objects.requireNonNull(address, "address");
    this.connectTimeoutMillis = positiveMillis(connectTimeout, "connectTimeout");
    this.readTimeoutMillis = positiveMillis(readTimeout, "readTimeout");
  }

  public AdbAddress address() {
    return address;
  }

  public Duration readTimeout() {
    return Duration.ofMillis(readTimeoutMillis);
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
    try (Socket socket = open()) {
      InputStream in = socket.getInputStream();
      OutputStream out = socket.getOutputStream();
      request(in, out, serial == null ? "host:transport-any" : "host:transport:" + serial);
      request(in, out, service);
      return readToEnd(in);
    }
  }

  private String hostQuery(String query) throws IOException {
    try (Socket socket = open()) {
      InputStream in = socket.getInputStream();
      request(in, socket.getOutputStream(), query);
      return new String(readFully(in, readHexLength(in, query), query), StandardCharsets.UTF_8);
    }
  }

  private Socket open() throws IOException {
    Socket socket = new Socket();
    try {
      socket.connect(new InetSocketAddress(address.host(), address.port()), connectTimeoutMillis);
      socket.setSoTimeout(readTimeoutMillis);
      socket.setTcpNoDelay(true);
      return socket;
    } catch (IOException e) {
      socket.close();
      throw e;
    }
  }

  private static void request(InputStream in, OutputStream out, String request) throws IOException {
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
    String status = new String(readFully(in, 4, request), StandardCharsets.US_ASCII);
    if (status.equals("OKAY")) {
      return;
    }
    if (status.equals("FAIL")) {
      byte[] message = readFully(in, readHexLength(in, request), request);
      throw new AdbFailException(request, new String(message, StandardCharsets.UTF_8).strip());
    }
    throw new IOException("adb server answered '" + status + "' to '" + request + "'");
  }

  private static int readHexLength(InputStream in, String request) throws IOException {
    String hex = new String(readFully(in, 4, request), StandardCharsets.US_ASCII);
    try {
      return Integer.parseInt(hex, 16);
    } catch (NumberFormatException e) {
      throw new IOException("adb server sent a bad length '" + hex + "' for '" + request + "'");
    }
  }

  private static byte[] readFully(InputStream in, int length, String request) throws IOException {
    byte[] buffer = in.readNBytes(length);
    if (buffer.length < length) {
      throw new EOFException(
          "adb server closed the connection after "
              + buffer.length
              + " of "
              + length
              + " bytes answering '"
              + request
              + "'");
    }
    return buffer;
  }

  private static byte[] readToEnd(InputStream in) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream(64 * 1024);
    in.transferTo(out);
    return out.toByteArray();
  }

  private static int positiveMillis(Duration duration, String name) {
    Objects.requireNonNull(duration, name);
    if (duration.isNegative() || duration.isZero()) {
      throw new IllegalArgumentException(name + " must be positive, got " + duration);
    }
    return (int) Math.min(Integer.MAX_VALUE, duration.toMillis());
  }
}
