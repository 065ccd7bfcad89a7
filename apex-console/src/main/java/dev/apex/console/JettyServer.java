package dev.apex.console;

import java.io.IOException;
import java.net.InetAddress;
import java.time.Duration;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.NetworkConnectionLimit;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.eclipse.jetty.util.thread.ScheduledExecutorScheduler;

/**
 * The console's Jetty server, with the limits that keep hostile clients bounded.
 *
 * <ul>
 *   <li>Connections are read by Jetty's selector, so a client that connects and sends nothing, or
 *       half a request, holds a socket and no thread; the connector closes any connection idle for
 *       the request timeout. At most {@value #MAX_CONNECTIONS} are open at once (more wait in the
 *       accept backlog).
 *   <li>A request line and headers larger than {@value #MAX_HEADER_BYTES} bytes get 431; a body
 *       must arrive within the request timeout ({@link RequestBody}) and is kept to at most {@link
 *       Call#MAX_BODY_BYTES} + 1 bytes.
 *   <li>Handlers run on at most {@value #MAX_THREADS} threads (Jetty's selector and acceptor
 *       included). Jobs beyond them wait in Jetty's queue, which the connection limit bounds: an
 *       HTTP/1.1 connection has one request in flight. Event streams hold a thread each, and {@link
 *       EventHub#MAX_SUBSCRIBERS} of them leave the rest for the API.
 *   <li>No {@code Server} version header; no {@code X-Powered-By}.
 * </ul>
 */
final class JettyServer {

  static final int MAX_THREADS = 64;
  static final int MAX_CONNECTIONS = 1024;
  static final int MAX_HEADER_BYTES = 8 * 1024;

  private JettyServer() {}

  /** A server on {@code address:port}, neither bound nor started; set its handler, then start. */
  static Server create(InetAddress address, int port, Duration requestTimeout) {
    QueuedThreadPool threads = new QueuedThreadPool(MAX_THREADS, 2, 30_000);
    threads.setName("apex-console-http");
    threads.setDaemon(true);
    threads.setReservedThreads(0);
    // Daemon threads throughout, like the rest of the console: a forgotten stop() never keeps the
    // JVM alive.
    Server server =
        new Server(threads, new ScheduledExecutorScheduler("apex-console-timer", true), null);

    HttpConfiguration http = new HttpConfiguration();
    http.setSendServerVersion(false);
    http.setSendXPoweredBy(false);
    http.setRequestHeaderSize(MAX_HEADER_BYTES);
    http.setResponseHeaderSize(MAX_HEADER_BYTES);
    ServerConnector connector = new ServerConnector(server, 1, 1, new HttpConnectionFactory(http));
    connector.setHost(address.getHostAddress());
    connector.setPort(port);
    connector.setIdleTimeout(requestTimeout.toMillis());
    server.addConnector(connector);
    server.addBean(new NetworkConnectionLimit(MAX_CONNECTIONS, connector));
    // No graceful wait: stop() has ended the streams and tasks, and an idle keep-alive connection
    // must not hold the stop for the timeout.
    server.setStopTimeout(0);
    server.setStopAtShutdown(false);
    return server;
  }

  /** Binds the listening socket now, so its port is known before the server starts. */
  static void open(Server server) throws IOException {
    ((ServerConnector) server.getConnectors()[0]).open();
  }

  /** The port the server listens on, once bound (useful after asking for port 0). */
  static int port(Server server) {
    return ((ServerConnector) server.getConnectors()[0]).getLocalPort();
  }
}
