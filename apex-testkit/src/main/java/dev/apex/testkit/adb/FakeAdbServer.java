package dev.apex.testkit.adb;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An adb server on {@code 127.0.0.1:0} speaking the real smart-socket protocol to the devices a
 * test adds. Start it in a test, point the driver at {@link #port()}, close it at the end (which
 * also releases connections held open by {@link AdbFault#hang()}, {@link AdbFault#trickle} and
 * {@link AdbFault#flood()}). Thread-safe.
 *
 * <pre>{@code
 * try (FakeAdbServer adb = FakeAdbServer.start()) {
 *   FakePhone phone = adb.addDevice("emulator-5554").dump(xml);
 *   ...
 * }
 * }</pre>
 */
public final class FakeAdbServer implements AutoCloseable {

  /** What {@code host:version} reports (adb 1.0.41). */
  public static final int VERSION = 41;

  private final ServerSocket server;
  private final ExecutorService threads;
  private final Map<String, FakePhone> phones = new LinkedHashMap<>();
  private final List<String> requests = new ArrayList<>();
  private final Set<Socket> open = ConcurrentHashMap.newKeySet();
  private final CountDownLatch closed = new CountDownLatch(1);
  private final AtomicLong floodedBytes = new AtomicLong();
  private final Thread acceptor;

  private FakeAdbServer(ServerSocket server) {
    this.server = server;
    this.threads =
        Executors.newCachedThreadPool(
            r -> {
              Thread t = new Thread(r, "fake-adb-server");
              t.setDaemon(true);
              return t;
            });
    this.acceptor = new Thread(this::acceptLoop, "fake-adb-server-accept");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  /** Binds a free loopback port and starts answering. */
  public static FakeAdbServer start() {
    try {
      return new FakeAdbServer(new ServerSocket(0, 50, InetAddress.getLoopbackAddress()));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot bind the fake adb server on loopback", e);
    }
  }

  public int port() {
    return server.getLocalPort();
  }

  /** {@code 127.0.0.1:PORT}, the form {@code ADB_SERVER_SOCKET} takes after {@code tcp:}. */
  public String address() {
    return server.getInetAddress().getHostAddress() + ":" + port();
  }

  /** Attaches a device in state {@code device}; configure it through the returned phone. */
  public synchronized FakePhone addDevice(String serial) {
    FakePhone phone = new FakePhone(serial);
    phones.put(serial, phone);
    return phone;
  }

  public synchronized void removeDevice(String serial) {
    phones.remove(serial);
  }

  public synchronized FakePhone device(String serial) {
    return Objects.requireNonNull(phones.get(serial), () -> "no fake device " + serial);
  }

  /**
   * Every request the server read, in order ({@code host:devices}, {@code exec:input tap 1 2}…).
   */
  public synchronized List<String> requests() {
    return List.copyOf(requests);
  }

  /**
   * How many bytes the {@link AdbFault#flood()} faults have written so far, all connections
   * together: a client that stops reading at its cap leaves this near the cap (plus what the
   * sockets' buffers hold), one that reads far past it shows here.
   */
  public long floodedBytes() {
    return floodedBytes.get();
  }

  @Override
  public void close() {
    closed.countDown();
    try {
      server.close();
    } catch (IOException ignored) {
      // Closing a listening socket only fails if it is already closed.
    }
    for (Socket socket : open) {
      closeQuietly(socket);
    }
    threads.shutdownNow();
    // The listening socket is released only once the blocked accept() returns; wait for it so a
    // test that closes the server sees connections refused, not queued.
    try {
      acceptor.join(10_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void acceptLoop() {
    while (!server.isClosed()) {
      try {
        Socket socket = server.accept();
        open.add(socket);
        try {
          threads.execute(() -> serve(socket));
        } catch (RejectedExecutionException e) {
          closeQuietly(socket);
          return;
        }
      } catch (IOException e) {
        return;
      }
    }
  }

  private void serve(Socket socket) {
    try (socket) {
      InputStream in = socket.getInputStream();
      OutputStream out = socket.getOutputStream();
      FakePhone phone = null;
      while (true) {
        String request = readRequest(in);
        if (request == null) {
          return;
        }
        synchronized (this) {
          requests.add(request);
        }
        if (request.equals("host:version")) {
          okayWithPayload(out, String.format("%04x", VERSION));
          return;
        } else if (request.equals("host:devices")) {
          okayWithPayload(out, listing());
          return;
        } else if (request.startsWith("host:transport")) {
          phone = transport(out, request);
          if (phone == null) {
            return;
          }
        } else if (phone != null && (request.startsWith("shell:") || request.startsWith("exec:"))) {
          runService(socket, phone, request.substring(request.indexOf(':') + 1));
          return;
        } else {
          fail(out, phone == null ? "unknown host service" : "unknown service");
          return;
        }
      }
    } catch (IOException e) {
      // The client went away; nothing to answer.
    } finally {
      open.remove(socket);
    }
  }

  private FakePhone transport(OutputStream out, String request) throws IOException {
    List<FakePhone> all;
    synchronized (this) {
      all = List.copyOf(phones.values());
    }
    FakePhone phone;
    if (request.equals("host:transport-any")) {
      if (all.isEmpty()) {
        fail(out, "no devices/emulators found");
        return null;
      }
      if (all.size() > 1) {
        fail(out, "more than one device/emulator");
        return null;
      }
      phone = all.get(0);
    } else {
      String serial = request.substring("host:transport:".length());
      Optional<FakePhone> found = all.stream().filter(p -> p.serial().equals(serial)).findFirst();
      if (found.isEmpty()) {
        fail(out, "device '" + serial + "' not found");
        return null;
      }
      phone = found.get();
    }
    String state = phone.stateNow();
    if (state.equals("offline")) {
      fail(out, "device offline");
      return null;
    }
    if (state.equals("unauthorized")) {
      fail(
          out,
          "device unauthorized.\nThis adb server's $ADB_VENDOR_KEYS is not set\n"
              + "Try 'adb kill-server' if that seems wrong.\n"
              + "Otherwise check for a confirmation dialog on your device.");
      return null;
    }
    out.write(ascii("OKAY"));
    out.flush();
    return phone;
  }

  private void runService(Socket socket, FakePhone phone, String command) throws IOException {
    phone.record(command);
    OutputStream out = socket.getOutputStream();
    Optional<AdbFault> fault = phone.takeFault(command);
    if (fault.isPresent()) {
      playFault(socket, phone, command, fault.get());
      return;
    }
    out.write(ascii("OKAY"));
    out.write(FakeShell.run(phone, command));
    out.flush();
  }

  private void playFault(Socket socket, FakePhone phone, String command, AdbFault fault)
      throws IOException {
    OutputStream out = socket.getOutputStream();
    if (fault instanceof AdbFault.Fail f) {
      fail(out, f.message());
    } else if (fault instanceof AdbFault.Output o) {
      out.write(ascii("OKAY"));
      out.write(o.output().getBytes(StandardCharsets.UTF_8));
    } else if (fault instanceof AdbFault.CloseMidStream) {
      byte[] output = FakeShell.run(phone, command);
      out.write(ascii("OKAY"));
      out.write(output, 0, output.length / 2);
    } else if (fault instanceof AdbFault.Trickle t) {
      byte[] output = FakeShell.run(phone, command);
      out.write(ascii("OKAY"));
      out.flush();
      for (int i = 0; pause(t.interval()); i++) {
        out.write(i < output.length ? output[i] : ' ');
        out.flush();
      }
    } else if (fault instanceof AdbFault.Flood) {
      out.write(ascii("OKAY"));
      out.write(FakePhone.png(2, 2), 0, 16);
      byte[] chunk = new byte[64 * 1024];
      // Ends when the client closes (the write fails) or the server is closed.
      while (closed.getCount() > 0) {
        out.write(chunk);
        floodedBytes.addAndGet(chunk.length);
      }
    } else if (fault instanceof AdbFault.Hang) {
      out.write(ascii("OKAY"));
      out.flush();
      try {
        closed.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    // DropConnection: answer nothing; the caller closes the socket.
    out.flush();
  }

  /** Waits {@code interval} unless the server closes first; false once it is closed. */
  private boolean pause(java.time.Duration interval) {
    try {
      return !closed.await(interval.toNanos(), java.util.concurrent.TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private synchronized String listing() {
    StringBuilder sb = new StringBuilder();
    for (FakePhone phone : phones.values()) {
      sb.append(phone.serial()).append('\t').append(phone.stateNow()).append('\n');
    }
    return sb.toString();
  }

  private static String readRequest(InputStream in) throws IOException {
    byte[] header = in.readNBytes(4);
    if (header.length < 4) {
      return null;
    }
    int length = Integer.parseInt(new String(header, StandardCharsets.US_ASCII), 16);
    byte[] body = in.readNBytes(length);
    if (body.length < length) {
      return null;
    }
    return new String(body, StandardCharsets.UTF_8);
  }

  private static void okayWithPayload(OutputStream out, String payload) throws IOException {
    byte[] body = payload.getBytes(StandardCharsets.UTF_8);
    out.write(ascii("OKAY" + String.format("%04x", body.length)));
    out.write(body);
    out.flush();
  }

  private static void fail(OutputStream out, String message) throws IOException {
    byte[] body = message.getBytes(StandardCharsets.UTF_8);
    out.write(ascii("FAIL" + String.format("%04x", body.length)));
    out.write(body);
    out.flush();
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  private static void closeQuietly(Socket socket) {
    try {
      socket.close();
    } catch (IOException ignored) {
      // Already closed by its handler.
    }
  }
}
