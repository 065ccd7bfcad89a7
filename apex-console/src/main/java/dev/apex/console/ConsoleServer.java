package dev.apex.console;

import dev.apex.core.Secrets;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.jetty.server.Server;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The web console, running: a Jetty server ({@link JettyServer}) serving the UI and the API over a
 * timeline, a poller that turns new timeline rows into server-sent events, and the tasks started
 * from the UI.
 *
 * <pre>{@code
 * ConsoleServer console = ConsoleServer.start(ConsoleOptions.builder(timeline, configStore)
 *     .port(7070).devices(() -> List.of("sim")).launcher(launcher).build());
 * System.out.println("Open " + console.url());   // once: the URL carries the token
 * ...
 * console.stop();
 * }</pre>
 *
 * <p>The token is the one the options give (a deployed console's {@code APEX_CONSOLE_TOKEN}), or a
 * fresh random one made at each start. The server never logs it: print {@link #url()} once for the
 * user. Thread-safe; {@link #stop()} is idempotent.
 */
public final class ConsoleServer implements AutoCloseable {

  static final Duration TASK_STOP_GRACE = Duration.ofSeconds(5);

  private static final Logger log = LoggerFactory.getLogger(ConsoleServer.class);

  private final Server http;
  private final ScheduledExecutorService poller;
  private final EventHub hub;
  private final RunningTasks running;
  private final Inspector inspector;
  private final String token;
  private final URI baseUrl;
  private final URI publicUrl;
  private final AtomicBoolean stopped = new AtomicBoolean();

  private ConsoleServer(
      Server http,
      ScheduledExecutorService poller,
      EventHub hub,
      RunningTasks running,
      Inspector inspector,
      String token,
      URI baseUrl,
      URI publicUrl) {
    this.http = http;
    this.poller = poller;
    this.hub = hub;
    this.running = running;
    this.inspector = inspector;
    this.token = token;
    this.baseUrl = baseUrl;
    this.publicUrl = publicUrl;
  }

  /**
   * Binds and starts the console.
   *
   * @throws IllegalArgumentException when the host is not a loopback address and {@code
   *     allowRemote} is off, or cannot be resolved
   * @throws UncheckedIOException when the port cannot be bound (another console on it?)
   */
  public static ConsoleServer start(ConsoleOptions options) {
    InetAddress address = resolve(options.host());
    if (!address.isLoopbackAddress() && !options.allowRemote()) {
      throw new IllegalArgumentException(
          "binding "
              + options.host()
              + " would expose the console to other machines; bind 127.0.0.1, or pass"
              + " --allow-remote to do it anyway");
    }
    Server http = bind(address, options);
    int port = JettyServer.port(http);
    String token = options.token() != null ? options.token() : AccessGuard.newToken();
    Secrets.register(options.token());
    AccessGuard guard = new AccessGuard(token, options.host(), address, port, options.publicUrl());
    EventHub hub = new EventHub();
    RunningTasks running =
        new RunningTasks(
            options.timeline(),
            options.launcher(),
            options.config(),
            hub,
            options.confirmationTimeout());
    TimelineHealth health =
        new TimelineHealth(options.timeline().location(), hub, java.time.Clock.systemUTC());
    TimelineFollower follower = new TimelineFollower(options.timeline(), hub, health);

    Router router = new Router(guard, options.requestTimeout()).onFailure(health::failed);
    new UiFiles(guard).register(router);
    new StatusApi(
            options.timeline(),
            options.config(),
            options.devices(),
            running,
            health,
            options.version())
        .register(router);
    new DevicesApi(options.deviceList()).register(router);
    new TasksApi(options.timeline(), running, options.version()).register(router);
    new SuitesApi(options.timeline()).register(router);
    new EventStream(hub, health, options.eventHeartbeat()).register(router);
    Inspector inspector =
        new Inspector(
            running,
            options.launcher(),
            options.config(),
            options.inspectorIdleTimeout(),
            System::nanoTime,
            java.time.Clock.systemUTC());
    new InspectorApi(inspector).register(router);
    new FlowsApi(() -> options.config().file().toAbsolutePath().getParent().resolve("flows"))
        .register(router);

    // The first poll notes what is already there, so every task after this start is an event.
    follower.poll();
    ScheduledExecutorService poller =
        Executors.newSingleThreadScheduledExecutor(threads("apex-console-poller"));
    long interval = options.pollInterval().toMillis();
    poller.scheduleWithFixedDelay(follower::poll, interval, interval, TimeUnit.MILLISECONDS);
    long sweep = Math.max(50, Math.min(30_000, options.inspectorIdleTimeout().toMillis() / 4));
    poller.scheduleWithFixedDelay(inspector::closeIdle, sweep, sweep, TimeUnit.MILLISECONDS);
    http.setHandler(router);
    try {
      http.start();
    } catch (Exception e) {
      stopQuietly(http);
      poller.shutdownNow();
      throw new IllegalStateException("the console's HTTP server did not start: " + e, e);
    }
    String hostInUrl = options.host().contains(":") ? "[" + options.host() + "]" : options.host();
    URI baseUrl = URI.create("http://" + hostInUrl + ":" + port + "/");
    log.info("console listening on {} (open it with the URL that holds the token)", baseUrl);
    if (!address.isLoopbackAddress()) {
      log.warn(
          "the console is reachable from other machines on {}; anyone with its token can start"
              + " tasks and change settings",
          baseUrl);
    }
    return new ConsoleServer(
        http, poller, hub, running, inspector, token, baseUrl, options.publicUrl());
  }

  /**
   * The URL to open, with the token: {@code http://127.0.0.1:7070/?token=…}, or under the public
   * URL when there is one. Print it once.
   */
  public URI url() {
    return URI.create(openAt() + "?token=" + token);
  }

  /** Where users open the console: the public URL when there is one, else {@link #baseUrl()}. */
  public URI openAt() {
    return publicUrl == null ? baseUrl : URI.create(publicUrl + "/");
  }

  /** The URL without the token, e.g. {@code http://127.0.0.1:7070/}. */
  public URI baseUrl() {
    return baseUrl;
  }

  /** The token every API call needs, as {@code Authorization: Bearer <token>}. */
  public String token() {
    return token;
  }

  /** The bound port (useful after asking for port 0). */
  public int port() {
    return baseUrl.getPort();
  }

  /**
   * Stops: ends the event streams, cancels the tasks started here (each stops after its current
   * step; one still running after a grace of {@code 5 s} is interrupted), closes the devices the
   * inspector holds, stops polling and closes the server. Returns once all of that is done;
   * idempotent. The timeline stays open.
   */
  public void stop() {
    if (!stopped.compareAndSet(false, true)) {
      return;
    }
    hub.close();
    running.stop(TASK_STOP_GRACE);
    // After the tasks: a task the inspector started has stopped using the device it closes.
    inspector.stop();
    poller.shutdownNow();
    // The streams have ended, so no handler waits for an event to finish.
    stopQuietly(http);
    try {
      poller.awaitTermination(2, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    log.info("console on {} stopped", baseUrl);
  }

  @Override
  public void close() {
    stop();
  }

  /** A server listening on the options' host and port, not started yet. */
  private static Server bind(InetAddress address, ConsoleOptions options) {
    Server http = JettyServer.create(address, options.port(), options.requestTimeout());
    try {
      JettyServer.open(http);
      return http;
    } catch (IOException e) {
      stopQuietly(http);
      throw new UncheckedIOException(
          "cannot listen on "
              + options.host()
              + ":"
              + options.port()
              + " ("
              + e.getMessage()
              + "); is another console running? pick another --port",
          e);
    }
  }

  private static void stopQuietly(Server http) {
    try {
      http.stop();
    } catch (Exception e) {
      log.debug("stopping the console's HTTP server: {}", e.toString());
    }
  }

  private static InetAddress resolve(String host) {
    try {
      return InetAddress.getByName(host);
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException(
          "cannot resolve host " + host + "; give an address such as 127.0.0.1", e);
    }
  }

  private static ThreadFactory threads(String name) {
    AtomicInteger count = new AtomicInteger();
    return r -> {
      Thread thread = new Thread(r, name + "-" + count.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }
}
