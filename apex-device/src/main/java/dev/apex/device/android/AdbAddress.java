package dev.apex.device.android;

import dev.apex.core.InvalidInputException;
import java.util.Map;
import java.util.Objects;

/**
 * Where the adb server listens. {@link #fromEnvironment} follows {@code adb} itself: {@code
 * ADB_SERVER_SOCKET=tcp:host:port} (or {@code tcp:port}), else {@code ANDROID_ADB_SERVER_PORT},
 * else {@code 127.0.0.1:5037}.
 */
public record AdbAddress(String host, int port) {

  public static final AdbAddress DEFAULT = new AdbAddress("127.0.0.1", 5037);

  public AdbAddress {
    Objects.requireNonNull(host, "host");
    if (host.isBlank()) {
      throw new InvalidInputException(
          "adb server host is blank: give host:port, e.g. 127.0.0.1:5037");
    }
    if (port < 1 || port > 65535) {
      throw new InvalidInputException("adb server port " + port + " is out of range 1-65535");
    }
  }

  /** The address the environment names, or {@link #DEFAULT}. */
  public static AdbAddress fromEnvironment(Map<String, String> env) {
    Objects.requireNonNull(env, "env");
    String socket = env.get("ADB_SERVER_SOCKET");
    if (socket != null && !socket.isBlank()) {
      return parse(socket);
    }
    String port = env.get("ANDROID_ADB_SERVER_PORT");
    if (port != null && !port.isBlank()) {
      return new AdbAddress(DEFAULT.host(), parsePort(port, port));
    }
    return DEFAULT;
  }

  /** Parses {@code tcp:host:port}, {@code tcp:port}, {@code host:port} or a bare port. */
  public static AdbAddress parse(String spec) {
    Objects.requireNonNull(spec, "spec");
    String s = spec.strip();
    if (s.startsWith("tcp:")) {
      s = s.substring(4);
    } else if (s.startsWith("localfilesystem:") || s.startsWith("localabstract:")) {
      throw new InvalidInputException(
          "adb server socket '" + spec + "' is a unix socket; only tcp:host:port is supported");
    }
    int colon = s.lastIndexOf(':');
    if (colon < 0) {
      return new AdbAddress(DEFAULT.host(), parsePort(s, spec));
    }
    String host = s.substring(0, colon);
    if (host.startsWith("[") && host.endsWith("]")) {
      host = host.substring(1, host.length() - 1);
    }
    return new AdbAddress(host, parsePort(s.substring(colon + 1), spec));
  }

  private static int parsePort(String port, String spec) {
    try {
      return Integer.parseInt(port.strip());
    } catch (NumberFormatException e) {
      throw new InvalidInputException(
          "cannot read an adb server address from '" + spec + "': use tcp:host:port or host:port");
    }
  }

  @Override
  public String toString() {
    return host + ":" + port;
  }
}
